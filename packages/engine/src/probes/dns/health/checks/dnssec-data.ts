import type * as packet from "dns-packet";
import type { Finding } from "../../../../contract/finding.js";
import { normalizeName } from "../../../../protocols/dns/records.js";
import { isFailure, type Outcome } from "../../../../protocols/dns/session.js";
import type { DnsResponse } from "../../../../protocols/dns/wire/query.js";
import type { DnsCheckId } from "../check-ids.js";
import type { HealthFacts, ZoneFacts } from "../facts.js";
import { withZone } from "../finding.js";

/** The records of `type` owned by the zone apex in an answer; none for a failed query. */
export const owned = <T extends packet.Answer>(
  response: Outcome<DnsResponse> | null | undefined,
  type: string,
  zone: string,
) =>
  response && !isFailure(response)
    ? (response.answers.filter(
        (record) => record.type === type && normalizeName(record.name) === zone,
      ) as T[])
    : [];

/** The zone's DNSKEYs from every server that gave them, and from the resolver. */
export function zoneKeys(zone: ZoneFacts): packet.DnskeyData[] {
  const keys = new Map<string, packet.DnskeyData>();
  for (const response of [...zone.servers.map((server) => server.dnskey), zone.dnskey]) {
    for (const record of owned<packet.DnskeyAnswer>(response, "DNSKEY", zone.apex)) {
      keys.set(
        `${record.data.flags}/${record.data.algorithm}/${record.data.key.toString("base64")}`,
        record.data,
      );
    }
  }
  return [...keys.values()];
}

export const zoneDs = (zone: ZoneFacts) =>
  owned<packet.DSAnswer>(zone.ds, "DS", zone.apex).map((record) => record.data);

/**
 * The DS records any parent server serves for the zone, with the resolver's: a parent server
 * left without the DS (DNSSEC01) does not make the DS set its peers serve go unjudged.
 */
export function servedDs(zone: ZoneFacts): packet.DsData[] {
  const served = new Map<string, packet.DsData>();
  const answers = [
    zone.ds,
    ...zone.parentDs.map(({ response }) =>
      !isFailure(response) && response.rcode === "NOERROR" && response.flags.aa ? response : null,
    ),
  ];
  for (const response of answers) {
    for (const { data } of owned<packet.DSAnswer>(response, "DS", zone.apex)) {
      served.set(
        `${data.keyTag}/${data.algorithm}/${data.digestType}/${data.digest.toString("hex")}`,
        data,
      );
    }
  }
  return [...served.values()];
}

/** Runs a DNSSEC check with the zone's keys and DS records at hand. */
export function withDnssec(
  facts: HealthFacts,
  id: DnsCheckId,
  run: (zone: ZoneFacts, keys: packet.DnskeyData[], ds: packet.DsData[]) => Finding,
): Finding {
  return withZone(facts, id, (zone) => run(zone, zoneKeys(zone), zoneDs(zone)));
}
