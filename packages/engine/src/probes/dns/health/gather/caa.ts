import type * as packet from "dns-packet";
import { normalizeName, ttlOf } from "../../../../protocols/dns/records.js";
import {
  failure,
  type HealthSession,
  isFailure,
  type Outcome,
} from "../../../../protocols/dns/session.js";
import type { DnsCaaRecord } from "../../dns-data.js";
import type { CaaFacts } from "../facts.js";
import { parentName } from "./names.js";

/**
 * The relevant CAA record set (RFC 8659 3): the domain's own, else the first non-empty set
 * climbing toward the root. The ancestors are asked all at once, then read in order.
 */
export async function gatherCaa(options: {
  session: HealthSession;
  domain: string;
  own: DnsCaaRecord[];
}): Promise<Outcome<CaaFacts>> {
  const { session, domain, own } = options;
  if (own.length > 0) return { owner: domain, records: own };
  const ancestors: string[] = [];
  for (let name = parentName(domain); name !== null && name !== "."; name = parentName(name)) {
    ancestors.push(name);
  }
  const responses = await Promise.all(
    ancestors.map((name) => session.recursive({ name, type: "CAA" })),
  );
  for (const [index, response] of responses.entries()) {
    const owner = ancestors[index]!;
    if (isFailure(response)) {
      return failure(
        response.code,
        `the CAA records of ${owner} could not be read: ${response.message}`,
      );
    }
    const records = (response.answers as packet.Answer[])
      .filter(
        (record): record is packet.CaaAnswer =>
          record.type === "CAA" && normalizeName(record.name) === owner,
      )
      .map((record) => ({
        flags: record.data.flags ?? 0,
        critical: ((record.data.flags ?? 0) & 0x80) !== 0,
        tag: record.data.tag,
        value: record.data.value,
        ttl: ttlOf(record),
      }));
    if (records.length > 0) return { owner, records };
  }
  return { owner: null, records: [] };
}
