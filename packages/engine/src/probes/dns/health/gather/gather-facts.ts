import { type HealthSession, isFailure } from "../../../../protocols/dns/session.js";
import type { DnsResponse } from "../../../../protocols/dns/wire/query.js";
import type { TrustAnchor } from "../../../../protocols/dnssec/trust-anchors.js";
import type { NetworkData } from "../../../../protocols/ip-network/network-data.js";
import type { DnsRecords } from "../../declaration.js";
import type { RecordQuestionKey } from "../../record-questions.js";
import type { HealthFacts } from "../facts.js";
import { gatherCaa } from "./caa.js";
import type { GivenDelegation } from "./given-delegation.js";
import { gatherMail } from "./mail.js";
import { gatherZone, type LocatedZone, locateZone } from "./zone.js";

/**
 * Every fact the checks need, the zone, mail and CAA branches side by side. A name the
 * resolver calls nonexistent is looked for at its parent first: a delegated name whose own
 * servers answer NXDOMAIN exists, and its delegation is lame.
 */
export async function gatherFacts(options: {
  session: HealthSession;
  domain: string;
  exists: boolean;
  records: DnsRecords;
  responses: Partial<Readonly<Record<RecordQuestionKey, DnsResponse>>>;
  unanswered: Partial<Record<RecordQuestionKey, string>>;
  trustAnchors: readonly TrustAnchor[];
  network: NetworkData;
  /** An undelegated test's servers and DS set, in place of the parent's. */
  given?: GivenDelegation;
}): Promise<HealthFacts> {
  const { session, domain, records, responses, unanswered, given } = options;
  let located: LocatedZone | undefined;
  let exists = options.exists;
  if (given?.parent) {
    // The servers given are the delegation: the zone exists where they are said to serve it.
    located = { apex: domain, parent: given.parent };
    exists = true;
  } else if (!exists) {
    const found = await locateZone({ session, domain, records, responses, unanswered });
    exists = !isFailure(found) && found.apex === domain;
    if (exists && !isFailure(found)) located = found;
    else if (given?.ds) {
      // A DS set given for a name nothing delegates yet: the name asked is the zone under test,
      // the given DS standing in for the parent's (Zonemaster's undelegated DNSSEC01).
      located = { apex: domain, parent: null };
      exists = true;
    }
  }
  const base = {
    domain,
    exists,
    records,
    responses,
    unanswered,
    allowPrivateAddresses: session.allowPrivateAddresses,
    nowSeconds: session.nowSeconds,
  };
  if (!exists) return { ...base, zone: null, mail: null, caa: null };
  const [zone, mail, caa] = await Promise.all([
    gatherZone({
      session,
      domain,
      records,
      responses,
      unanswered,
      trustAnchors: options.trustAnchors,
      network: options.network,
      ...(located ? { located } : {}),
      ...(given?.ds ? { givenDs: given.ds } : {}),
      ...(given ? { givenHosts: given.hosts } : {}),
    }),
    gatherMail({ session, domain, records }),
    gatherCaa({ session, domain, own: records.CAA, unread: unanswered.CAA ?? null }),
  ]);
  return { ...base, zone, mail, caa };
}
