import type { Finding, FindingStatus } from "../../../../contract/finding.js";
import { isFailure, type Outcome, type QueryFailure } from "../../../../protocols/dns/session.js";
import type { DnsResponse } from "../../../../protocols/dns/wire/query.js";
import type { DnsCheckId } from "../check-ids.js";
import type { ComplianceFacts, HealthFacts, ServerFacts } from "../facts.js";
import { check, listText, plural, skipped, withZone } from "../finding.js";
import { unknownEdnsFlag, unknownOptionCode } from "../gather/compliance.js";

/** Failures that say nothing about the server: it was never asked, or not in time. */
export const notAsked = new Set<QueryFailure["code"]>([
  "deadline",
  "aborted",
  "blocked",
  "impossible-name",
]);

/** What came back, for `details`. */
export function received(outcome: Outcome<DnsResponse> | null): Record<string, unknown> | null {
  if (outcome === null) return null;
  if (isFailure(outcome)) return { error: outcome.code, message: outcome.message };
  return {
    rcode: outcome.rcode,
    transport: outcome.transport,
    truncated: outcome.flags.tc,
    question: outcome.question?.name ?? null,
    ednsVersion: outcome.edns?.version ?? null,
    answers: outcome.answers.length,
  };
}

export interface Verdict {
  status: Exclude<FindingStatus, "skipped" | "info">;
  /** What the server did, as a sentence fragment after its name. */
  what: string;
}

/**
 * Judges every name server address that answered over UDP; an address that did not
 * (reachable-udp's finding), refused the zone (lame's) or whose question the budget cut short
 * is left out.
 */
export function perServer(options: {
  facts: HealthFacts;
  id: DnsCheckId;
  sent: string;
  judge: (compliance: ComplianceFacts, server: ServerFacts) => Verdict | null;
  shown: (compliance: ComplianceFacts) => Record<string, unknown>;
  passed: (count: number) => string;
  failed: (problems: string) => string;
  /** `warn` for checks whose failure is a warning. */
  worst?: "fail" | "warn";
}): Finding {
  const { facts, id } = options;
  return withZone(facts, id, (zone) => {
    const rows = zone.servers
      // A server truncating over UDP with TCP closed fails the plain SOA but still answered.
      .filter((server) => !isFailure(server.soa) || !isFailure(server.compliance.truncation))
      // A server refusing the zone is dns.ns.lame's finding; its refusals say nothing of EDNS
      // or case (Zonemaster's NAMESERVER08 and 11 leave it out too).
      .filter((server) => isFailure(server.soa) || server.soa.rcode === "NOERROR")
      .map((server) => ({
        server,
        verdict: options.judge(server.compliance, server),
      }));
    const judged = rows.filter((row) => row.verdict !== null);
    const details = {
      query: options.sent,
      servers: rows.map((row) => ({
        server: row.server.server,
        status: row.verdict?.status ?? "skipped",
        ...options.shown(row.server.compliance),
      })),
    };
    if (judged.length === 0) {
      return skipped(
        id,
        zone.servers.length === 0
          ? "no name server could be asked"
          : "no name server answered over UDP in time",
        details,
      );
    }
    const bad = judged.filter((row) => row.verdict!.status !== "pass");
    if (bad.length > 0) {
      return check(
        id,
        options.worst ?? "fail",
        options.failed(listText(bad.map((row) => `${row.server.server} ${row.verdict!.what}`))),
        details,
      );
    }
    return check(id, "pass", options.passed(judged.length), details);
  });
}

/** A dropped or refused answer where one was due; null when the question was never sent. */
function tolerated(outcome: Outcome<DnsResponse>): Verdict | null {
  if (isFailure(outcome)) {
    return notAsked.has(outcome.code)
      ? null
      : { status: "fail", what: `did not answer (${outcome.message})` };
  }
  return outcome.rcode === "NOERROR"
    ? { status: "pass", what: "answered" }
    : { status: "fail", what: `answered ${outcome.rcode}` };
}

/** `dns.ns.edns-version`: EDNS version 1 is answered with BADVERS (RFC 6891 6.1.3, EDNS flag day). */
export const nsEdnsVersion = (facts: HealthFacts): Finding =>
  perServer({
    facts,
    id: "dns.ns.edns-version",
    sent: "SOA with EDNS version 1",
    shown: (compliance) => ({ received: received(compliance.ednsVersion1) }),
    judge: ({ ednsVersion1 }) => {
      if (isFailure(ednsVersion1)) {
        return notAsked.has(ednsVersion1.code)
          ? null
          : { status: "fail", what: `dropped the query (${ednsVersion1.message})` };
      }
      return ednsVersion1.rcode === "BADVERS"
        ? { status: "pass", what: "answered BADVERS" }
        : { status: "fail", what: `answered ${ednsVersion1.rcode} instead of BADVERS` };
    },
    passed: (count) =>
      `${plural(count, "name server")} answer${count === 1 ? "s" : ""} EDNS version 1 with BADVERS, as RFC 6891 asks.`,
    failed: (problems) =>
      `EDNS version 1 is mishandled: ${problems}. Resolvers cannot negotiate future EDNS versions with it.`,
  });

/** `dns.ns.edns-options`: an unknown EDNS option or flag is ignored, not dropped or refused. */
export const nsEdnsOptions = (facts: HealthFacts): Finding =>
  perServer({
    facts,
    id: "dns.ns.edns-options",
    sent: `SOA with EDNS option ${unknownOptionCode}, then with EDNS flag 0x${unknownEdnsFlag.toString(16).padStart(4, "0")}`,
    shown: (compliance) => ({
      option: received(compliance.unknownOption),
      flag: received(compliance.unknownFlag),
    }),
    judge: ({ unknownOption, unknownFlag }) => {
      const option = tolerated(unknownOption);
      const flag = tolerated(unknownFlag);
      if (option?.status === "fail")
        return { status: "fail", what: `${option.what} to an unknown option` };
      if (flag?.status === "fail")
        return { status: "fail", what: `${flag.what} to an unknown flag` };
      return option ?? flag;
    },
    passed: (count) =>
      `${plural(count, "name server")} ignore${count === 1 ? "s" : ""} unknown EDNS options and flags.`,
    failed: (problems) =>
      `Unknown EDNS options or flags are not ignored: ${problems}. Resolvers sending new options (cookies, padding) lose their answers.`,
  });

/** `dns.ns.tcp-fallback`: a truncated UDP answer can be had over TCP (RFC 7766). */
export const nsTcpFallback = (facts: HealthFacts): Finding =>
  perServer({
    facts,
    id: "dns.ns.tcp-fallback",
    sent: "DNSKEY with DO over UDP with a 512-byte buffer, then over TCP when truncated",
    shown: (compliance) => ({
      udp: received(compliance.truncation),
      tcp: received(compliance.truncationTcp),
    }),
    judge: ({ truncation, truncationTcp }) => {
      if (isFailure(truncation)) return null;
      if (!truncation.flags.tc) return { status: "pass", what: "fits in 512 bytes" };
      if (truncationTcp === null) return null;
      if (isFailure(truncationTcp)) {
        return notAsked.has(truncationTcp.code)
          ? null
          : {
              status: "fail",
              what: `truncated over UDP and did not answer over TCP (${truncationTcp.message})`,
            };
      }
      return truncationTcp.rcode === "NOERROR"
        ? { status: "pass", what: "answered over TCP" }
        : {
            status: "fail",
            what: `truncated over UDP and answered ${truncationTcp.rcode} over TCP`,
          };
    },
    passed: (count) =>
      `${plural(count, "name server")} answer${count === 1 ? "s" : ""} in full: in 512 bytes over UDP, or over TCP after truncating.`,
    failed: (problems) =>
      `A truncated answer cannot be had over TCP: ${problems}. Resolvers get no answer once it outgrows UDP.`,
  });

/** `dns.ns.case`: the question comes back in the letter case it was asked in (0x20, Zonemaster NAMESERVER08). */
export const nsCase = (facts: HealthFacts): Finding =>
  perServer({
    facts,
    id: "dns.ns.case",
    sent: "SOA with the zone name in mixed case",
    shown: (compliance) => ({
      asked: compliance.mixedCase.asked,
      received: received(compliance.mixedCase.response),
    }),
    judge: ({ mixedCase: { asked, response } }) => {
      if (isFailure(response)) return null;
      const echoed = response.question?.name ?? null;
      if (echoed !== asked.replace(/\.$/, "")) {
        return { status: "warn", what: `answered ${echoed ?? "without the question"} to ${asked}` };
      }
      if (response.rcode !== "NOERROR" || response.answers.length === 0)
        return { status: "warn", what: `answered ${response.rcode} with no SOA to ${asked}` };
      return { status: "pass", what: "kept the case" };
    },
    worst: "warn",
    passed: (count) =>
      `${plural(count, "name server")} answer${count === 1 ? "s" : ""} mixed-case questions and keep${count === 1 ? "s" : ""} their case.`,
    failed: (problems) =>
      `The question's letter case is not kept: ${problems}. Resolvers using 0x20 randomisation against spoofing discard such answers.`,
  });
