import type * as packet from "dns-packet";
import type { DnsHandler, DnsReply } from "../dns/dns-server.js";
import type { SpfSuiteRecord } from "./spf-suite.js";

/**
 * A resolver answering from one scenario's zone data as the suite's own driver (pyspf's
 * `testspf.py`) reads it: an `SPF` record is served as TXT unless the name has a TXT entry
 * (`TXT: NONE` only stops that), `TIMEOUT` leaves the question unanswered unless a record of
 * the asked type comes before it, a name the zone does not hold is NXDOMAIN, and a CNAME is
 * followed one level. Type 99 (SPF) is never asked: RFC 7208 3.1 dropped it.
 */
export function spfSuiteHandler(zone: ReadonlyMap<string, readonly SpfSuiteRecord[]>): DnsHandler {
  const base = { type: "response" as const, flags: 0x0180 /* RD, RA */ };
  const served = new Map([...zone].map(([name, records]) => [name, servedRecords(records)]));

  const answersAt = (name: string, type: string): packet.Answer[] | "timeout" | undefined => {
    const records = served.get(name);
    if (!records) return undefined;
    const answers: packet.Answer[] = [];
    for (const record of records) {
      if (record.type === "TIMEOUT") {
        if (answers.length === 0) return "timeout";
        continue;
      }
      if (record.type !== type) continue;
      if (record.value === "TIMEOUT") return "timeout";
      answers.push(answer(name, record));
    }
    return answers;
  };

  return (query): DnsReply => {
    const question = query.questions?.[0];
    if (!question) return { ...base, rcode: "FORMERR" } as DnsReply;
    const name = question.name.toLowerCase().replace(/\.$/, "");
    const type = question.type as string;
    const own = answersAt(name, type);
    if (own === "timeout") return { drop: true };
    if (own === undefined) return { ...base, rcode: "NXDOMAIN" } as DnsReply;
    if (own.length > 0 || type === "CNAME") return { ...base, answers: own };
    const alias = answersAt(name, "CNAME");
    if (alias === "timeout") return { drop: true };
    const target = (alias?.[0] as packet.StringAnswer | undefined)?.data;
    if (!target) return { ...base, answers: [] };
    const followed = answersAt(target.toLowerCase().replace(/\.$/, ""), type);
    if (followed === "timeout") return { drop: true };
    return { ...base, answers: [...alias!, ...(followed ?? [])] };
  };
}

type Served = Exclude<SpfSuiteRecord, { type: "SPF" }> | { type: "TXT"; value: "TIMEOUT" };

/** The records served at one name: SPF turned into TXT where the suite says so, NONE dropped. */
function servedRecords(records: readonly SpfSuiteRecord[]): Served[] {
  const hasTxt = records.some((record) => record.type === "TXT");
  const served: Served[] = [];
  const generated: Served[] = [];
  for (const record of records) {
    if (record.type === "SPF") {
      if (!hasTxt && record.value !== "NONE") generated.push({ ...record, type: "TXT" });
      continue;
    }
    if (record.type === "TXT" && record.value === "NONE") continue;
    served.push(record);
  }
  return [...served, ...generated];
}

function answer(name: string, record: Served): packet.Answer {
  const common = { name, ttl: 300, class: "IN" as const };
  switch (record.type) {
    case "TXT":
      return {
        ...common,
        type: "TXT",
        data: (record.value as string[]).map((text) => Buffer.from(text, "utf8")),
      };
    case "MX": {
      const [preference, exchange] = record.value as [number, string];
      return { ...common, type: "MX", data: { preference, exchange } };
    }
    case "TIMEOUT":
      throw new Error("a TIMEOUT entry is no record");
    default:
      return { ...common, type: record.type, data: String(record.value) } as packet.Answer;
  }
}
