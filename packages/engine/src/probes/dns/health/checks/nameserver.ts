import type { Finding } from "../../../../contract/finding.js";
import { normalizeName } from "../../../../protocols/dns/records.js";
import { isFailure, type Outcome } from "../../../../protocols/dns/session.js";
import type { DnsResponse } from "../../../../protocols/dns/wire/query.js";
import type { DnsCheckId } from "../check-ids.js";
import type { HealthFacts, ServerFacts, ZoneFacts } from "../facts.js";
import { check, listText, plural, skipped, withZone } from "../finding.js";
import { isAtOrBelow } from "../gather/names.js";

/** Skipped when no server could be asked, saying whether the address policy is why. */
function withServers(
  facts: HealthFacts,
  id: DnsCheckId,
  run: (servers: ServerFacts[], zone: ZoneFacts) => Finding,
): Finding {
  return withZone(facts, id, (zone) => {
    if (zone.servers.length > 0) return run(zone.servers, zone);
    if (zone.blocked.length > 0) {
      return skipped(
        id,
        `every name server address (${listText(zone.blocked)}) is non-public and network.allowPrivateAddresses is not set`,
        { blocked: zone.blocked },
      );
    }
    return skipped(id, "no name server address is known");
  });
}

/** A server that did not answer at all (as opposed to the assessment running out of time). */
const unreachable = (outcome: Outcome<unknown>) =>
  isFailure(outcome) && (outcome.code === "timeout" || outcome.code === "network");

type Reach = "answered" | "unreachable" | "unknown";

/** Answered over a transport, shown unreachable, or cut short by the budget (no verdict). */
function reach(outcomes: readonly Outcome<unknown>[]): Reach {
  if (outcomes.some((outcome) => !isFailure(outcome))) return "answered";
  return outcomes.some(unreachable) ? "unreachable" : "unknown";
}

/** The reachability verdict over every server for one transport. */
function reachability(options: {
  id: "dns.ns.reachable-udp" | "dns.ns.reachable-tcp";
  transport: string;
  servers: ServerFacts[];
  outcomes: (server: ServerFacts) => Outcome<unknown>[];
  why: string;
}): Finding {
  const { id, transport, servers } = options;
  const verdicts = servers.map((server) => {
    const outcomes = options.outcomes(server);
    const failed = outcomes.find((outcome) => isFailure(outcome));
    return {
      server: server.server,
      hosts: server.hosts,
      reach: reach(outcomes),
      error: failed && isFailure(failed) ? failed.message : null,
    };
  });
  const silent = verdicts.filter((entry) => entry.reach === "unreachable");
  const unknown = verdicts.filter((entry) => entry.reach === "unknown");
  const details = { servers: verdicts };
  if (silent.length > 0) {
    return check(
      id,
      "fail",
      `${listText(silent.map((entry) => entry.server))} did not answer over ${transport}${options.why}.`,
      details,
    );
  }
  if (unknown.length > 0) {
    return skipped(
      id,
      `${listText(unknown.map((entry) => entry.server))} had not answered over ${transport} when the time budget ran out`,
      details,
    );
  }
  return check(
    id,
    "pass",
    `All ${plural(servers.length, "name server address", "name server addresses")} answer over ${transport}.`,
    details,
  );
}

/** The first SOA answer a server gave, over whichever transport worked. */
export function soaAnswer(server: ServerFacts): DnsResponse | null {
  for (const outcome of [server.soaWithoutEdns, server.soa, server.soaTcp]) {
    if (
      outcome &&
      !isFailure(outcome) &&
      !["FORMERR", "NOTIMP", "BADVERS"].includes(outcome.rcode)
    ) {
      return outcome;
    }
  }
  return null;
}

/** `dns.ns.reachable-udp`: every server answers over UDP (CONNECTIVITY01). */
export const nsReachableUdp = (facts: HealthFacts): Finding =>
  withServers(facts, "dns.ns.reachable-udp", (servers) =>
    reachability({
      id: "dns.ns.reachable-udp",
      transport: "UDP",
      servers,
      // The zone's own questions: a server that answers strangers but drops the zone's
      // queries is, for the zone, silent.
      outcomes: (server) =>
        [server.soa, server.soaWithoutEdns, server.ns, server.dnskey].filter(
          (outcome): outcome is Outcome<DnsResponse> => outcome !== null,
        ),
      why: "",
    }),
  );

/** `dns.ns.reachable-tcp`: every server answers over TCP (CONNECTIVITY02, RFC 7766). */
export const nsReachableTcp = (facts: HealthFacts): Finding =>
  withServers(facts, "dns.ns.reachable-tcp", (servers) =>
    reachability({
      id: "dns.ns.reachable-tcp",
      transport: "TCP",
      servers,
      outcomes: (server) => [server.soaTcp],
      why: ", which large answers and DNSSEC need (RFC 7766)",
    }),
  );

/**
 * `dns.ns.lame`: every server answers authoritatively for the zone (DELEGATION04); a delegation
 * where none does, because every server is silent or none has an address, is lame as a whole
 * (BASIC02's "no working name server").
 */
export const nsLame = (facts: HealthFacts): Finding =>
  withZone(facts, "dns.ns.lame", (zone) => {
    if (zone.servers.length === 0) return noServerAsked(zone);
    const judged = zone.servers.flatMap((server) => {
      const answer = soaAnswer(server);
      if (!answer) return [];
      const ownsSoa = answer.answers.some(
        (record) => record.type === "SOA" && normalizeName(record.name) === zone.apex,
      );
      // Authority is for the whole zone: a DNSKEY answer without AA (DNSSEC07) is data the
      // server does not vouch for, as lame for that question as a SOA without AA.
      const keysWithoutAuthority =
        !isFailure(server.dnskey) && server.dnskey.rcode === "NOERROR" && !server.dnskey.flags.aa;
      const lame = answer.rcode !== "NOERROR" || !answer.flags.aa || !ownsSoa;
      return [
        {
          server: server.server,
          hosts: server.hosts,
          rcode: answer.rcode,
          authoritative: answer.flags.aa,
          keysWithoutAuthority,
          lame: lame || keysWithoutAuthority,
        },
      ];
    });
    if (judged.length === 0) {
      const silent = zone.servers.filter((server) =>
        [server.soa, server.soaTcp].every(unreachable),
      );
      if (silent.length < zone.servers.length)
        return skipped("dns.ns.lame", "no name server answered in time");
      return check(
        "dns.ns.lame",
        "fail",
        `No name server of ${zone.apex} answers for it (${listText(silent.map((server) => server.server))} stay silent): the delegation is lame and the zone cannot be resolved.`,
        { servers: silent.map((server) => ({ server: server.server, hosts: server.hosts })) },
      );
    }
    const lame = judged.filter((entry) => entry.lame);
    const details = { servers: judged };
    if (lame.length > 0) {
      return check(
        "dns.ns.lame",
        "fail",
        `${listText(lame.map((entry) => `${entry.server} (${entry.rcode}${entry.authoritative ? "" : ", not authoritative"}${entry.keysWithoutAuthority ? ", DNSKEY without authority" : ""})`))} ${lame.length === 1 ? "does" : "do"} not serve ${zone.apex}: a lame delegation, so resolvers that pick ${lame.length === 1 ? "it" : "them"} fail or retry.`,
        details,
      );
    }
    return check(
      "dns.ns.lame",
      "pass",
      `All ${plural(judged.length, "name server")} answer authoritatively for ${zone.apex}.`,
      details,
    );
  });

/** No server was asked: the policy forbade it, or no name server has an address at all. */
function noServerAsked(zone: ZoneFacts): Finding {
  if (zone.blocked.length > 0) {
    return skipped(
      "dns.ns.lame",
      `every name server address (${listText(zone.blocked)}) is non-public and network.allowPrivateAddresses is not set`,
      { blocked: zone.blocked },
    );
  }
  // A name server inside the zone it serves, without glue, can only be looked up through the
  // zone itself: its failed lookup proves it has no usable address (RFC 1034 4.2.1).
  const glue =
    zone.parent && !isFailure(zone.parent) && !isFailure(zone.parent.referral)
      ? zone.parent.referral.glue
      : {};
  const unread = zone.hosts.filter(
    (host) =>
      host.error !== null && !(isAtOrBelow(host.host, zone.apex) && !glue[host.host]?.length),
  );
  if (zone.hosts.length === 0 || unread.length > 0) {
    return skipped(
      "dns.ns.lame",
      unread.length > 0
        ? `the addresses of ${listText(unread.map((host) => host.host))} could not be looked up`
        : "no name server is known",
    );
  }
  return check(
    "dns.ns.lame",
    "fail",
    `No name server of ${zone.apex} has an address (${listText(zone.hosts.map((host) => host.host))} resolve to nothing): the delegation is lame and the zone cannot be resolved.`,
    { hosts: zone.hosts.map((host) => host.host) },
  );
}

/** `dns.ns.open-recursion`: no server resolves names for anyone (NAMESERVER01, RFC 5358). */
export const nsOpenRecursion = (facts: HealthFacts): Finding =>
  withServers(facts, "dns.ns.open-recursion", (servers) => {
    const answered = servers.filter((server) => !isFailure(server.recursion));
    if (answered.length === 0)
      return skipped("dns.ns.open-recursion", "no name server answered the recursion probe");
    const open = answered.filter((server) => {
      const response = server.recursion as DnsResponse;
      return response.flags.ra && (response.rcode === "NOERROR" || response.rcode === "NXDOMAIN");
    });
    const details = { recursive: open.map((server) => server.server) };
    if (open.length > 0) {
      return check(
        "dns.ns.open-recursion",
        "fail",
        `${listText(open.map((server) => server.server))} ${open.length === 1 ? "offers" : "offer"} recursion to anyone: an open resolver can be abused for amplification attacks (RFC 5358).`,
        details,
      );
    }
    return check(
      "dns.ns.open-recursion",
      "pass",
      "No name server offers recursion to outsiders.",
      details,
    );
  });

/** `dns.ns.edns`: every server supports EDNS0 (NAMESERVER02, RFC 6891). */
export const nsEdns = (facts: HealthFacts): Finding =>
  withServers(facts, "dns.ns.edns", (servers) => {
    const judged = servers.filter(
      (server) => !isFailure(server.soa) || server.soaWithoutEdns !== null,
    );
    if (judged.length === 0) return skipped("dns.ns.edns", "no name server answered");
    const without = judged.filter((server) => {
      const response = server.soa;
      return (
        isFailure(response) ||
        response.edns === null ||
        ["FORMERR", "NOTIMP", "BADVERS"].includes(response.rcode)
      );
    });
    const details = {
      withoutEdns: without.map((server) => ({
        server: server.server,
        answer: isFailure(server.soa)
          ? server.soa.message
          : `${server.soa.rcode}${server.soa.edns ? "" : " without OPT record"}`,
      })),
    };
    if (without.length > 0) {
      return check(
        "dns.ns.edns",
        "warn",
        `${listText(without.map((server) => server.server))} ${without.length === 1 ? "does" : "do"} not support EDNS0, which DNSSEC and answers over 512 bytes need.`,
        details,
      );
    }
    return check(
      "dns.ns.edns",
      "pass",
      `All ${plural(judged.length, "name server")} support EDNS0.`,
      details,
    );
  });

/** `dns.ns.axfr`: no server hands out the whole zone (NAMESERVER03). */
export const nsAxfr = (facts: HealthFacts): Finding =>
  withServers(facts, "dns.ns.axfr", (servers, zone) => {
    const judged = servers.filter((server) => !isFailure(server.axfr));
    if (judged.length === 0)
      return skipped("dns.ns.axfr", "no name server answered the transfer request");
    const open = judged.filter((server) => !isFailure(server.axfr) && server.axfr.allowed);
    const details = {
      servers: judged.map((server) => ({
        server: server.server,
        answer: isFailure(server.axfr) ? null : server.axfr.rcode,
        allowed: !isFailure(server.axfr) && server.axfr.allowed,
      })),
    };
    if (open.length > 0) {
      return check(
        "dns.ns.axfr",
        "warn",
        `${listText(open.map((server) => server.server))} ${open.length === 1 ? "allows" : "allow"} anyone to transfer ${zone.apex}, publishing every name in it.`,
        details,
      );
    }
    return check(
      "dns.ns.axfr",
      "pass",
      `All ${plural(judged.length, "name server")} refuse zone transfers to outsiders.`,
      details,
    );
  });
