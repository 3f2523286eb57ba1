import type { HealthSession } from "../../../../protocols/dns/session.js";
import type { CdsFacts } from "../facts.js";

/** The zone's CDS and CDNSKEY sets from one server (RFC 7344, RFC 8078). */
export async function probeCds(options: {
  session: HealthSession;
  zone: string;
  address: string;
}): Promise<CdsFacts> {
  const { session, zone, address } = options;
  const [cds, cdnskey] = await Promise.all([
    session.direct({ address, name: zone, type: "CDS", dnssecOk: true }),
    session.direct({ address, name: zone, type: "CDNSKEY", dnssecOk: true }),
  ]);
  return { cds, cdnskey };
}
