import type * as packet from "dns-packet";
import { normalizeName, txtRecord } from "../../../../protocols/dns/records.js";
import { isFailure } from "../../../../protocols/dns/session.js";
import { isSpfRecord } from "../../../../protocols/spf/parse-spf.js";
import type { HealthFacts, ServerFacts } from "../facts.js";
import { listText } from "../finding.js";

/** What one server serves for the domain: its MX set, or its SPF records. */
export interface ServerSet {
  server: string;
  values: string[];
}

/** The sets compared: MX records, or the SPF records among the TXT. */
export type ComparedSet = "MX" | "SPF";

const valuesOf: Record<ComparedSet, (server: ServerFacts) => packet.Answer[] | null> = {
  MX: (server) => answered(server, server.mail.mx, "MX"),
  SPF: (server) => answered(server, server.mail.txt, "TXT"),
};

/**
 * The records of `type` a server answered with authority; null when it gave no such answer
 * (silence, an error, no AA: lameness is another check's finding, not a different set).
 */
function answered(
  server: ServerFacts,
  outcome: ServerFacts["mail"]["mx"],
  type: string,
): packet.Answer[] | null {
  if (isFailure(outcome) || !outcome.flags.aa) return null;
  if (outcome.rcode !== "NOERROR" && outcome.rcode !== "NXDOMAIN") return null;
  const name = server.mail.name;
  return outcome.answers.filter(
    (record) => record.type === type && normalizeName(record.name) === name,
  );
}

const text: Record<ComparedSet, (record: packet.Answer) => string | null> = {
  MX: (record) => {
    const data = (record as packet.MxAnswer).data;
    return `${data.preference ?? 0} ${normalizeName(data.exchange)}`;
  },
  SPF: (record) => {
    const { value } = txtRecord(record as packet.TxtAnswer);
    return isSpfRecord(value) ? value : null;
  },
};

/**
 * Each authoritative server's set for the domain, as Zonemaster's ZONE09 and ZONE11 compare
 * them: every server of a zone serves the same data (RFC 1034 4.1), so a resolver's answer
 * depends on which one it asked when they differ. Null when fewer than two servers answered.
 */
export function serverSets(
  facts: HealthFacts,
  compared: ComparedSet,
): { sets: ServerSet[]; differing: boolean } | null {
  const zone = facts.zone;
  if (!zone || isFailure(zone)) return null;
  const sets = zone.servers.flatMap((server) => {
    const records = valuesOf[compared](server);
    if (records === null) return [];
    const values = [...new Set(records.flatMap((record) => text[compared](record) ?? []))].sort();
    return [{ server: server.server, values }];
  });
  if (sets.length < 2) return null;
  const distinct = new Set(sets.map((set) => JSON.stringify(set.values)));
  return { sets, differing: distinct.size > 1 };
}

/** "ns1 (10 mx.a.), ns2 (none)": what each server serves, for a finding's message. */
export const setsText = (sets: readonly ServerSet[]) =>
  listText(
    sets.map((set) => `${set.server} (${set.values.length > 0 ? set.values.join(", ") : "none"})`),
  );
