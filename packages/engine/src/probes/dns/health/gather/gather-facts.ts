import type { HealthSession } from "../../../../protocols/dns/session.js";
import type { DnsResponse } from "../../../../protocols/dns/wire/query.js";
import type { TrustAnchor } from "../../../../protocols/dnssec/trust-anchors.js";
import type { NetworkData } from "../../../../protocols/ip-network/network-data.js";
import type { DnsRecords } from "../../dns-data.js";
import type { CoreType, RecordQuestionKey } from "../../record-questions.js";
import type { HealthFacts } from "../facts.js";
import { gatherCaa } from "./caa.js";
import { gatherMail } from "./mail.js";
import { gatherZone } from "./zone.js";

/** Every fact the checks need, the zone, mail and CAA branches side by side. */
export async function gatherFacts(options: {
  session: HealthSession;
  domain: string;
  exists: boolean;
  records: DnsRecords;
  responses: Readonly<Record<CoreType, DnsResponse>> &
    Partial<Readonly<Record<RecordQuestionKey, DnsResponse>>>;
  unanswered: Partial<Record<RecordQuestionKey, string>>;
  trustAnchors: readonly TrustAnchor[];
  network: NetworkData;
}): Promise<HealthFacts> {
  const { session, domain, exists, records, responses } = options;
  const base = {
    domain,
    exists,
    records,
    responses,
    unanswered: options.unanswered,
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
      trustAnchors: options.trustAnchors,
      network: options.network,
    }),
    gatherMail({ session, domain, records }),
    gatherCaa({ session, domain, own: records.CAA }),
  ]);
  return { ...base, zone, mail, caa };
}
