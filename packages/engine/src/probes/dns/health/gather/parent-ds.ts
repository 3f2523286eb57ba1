import { type HealthSession, isFailure } from "../../../../protocols/dns/session.js";
import type { ParentDs, ParentFacts } from "../facts.js";
import { parentAddresses } from "./referral.js";

/** Parent server addresses asked for the DS set: every one, up to a few. */
const parentServersForDs = 6;

/**
 * The zone's DS set as each parent server serves it (DNSSEC01, DNSSEC07 ask every one): a
 * parent server left behind by a DS change gives validators another chain than its peers.
 */
export async function askParentDs(options: {
  session: HealthSession;
  zone: string;
  parent: ParentFacts;
}): Promise<ParentDs[]> {
  const { session, zone } = options;
  const addresses = parentAddresses({ session, parentHosts: options.parent.hosts });
  if (isFailure(addresses)) return [];
  return Promise.all(
    addresses.slice(0, parentServersForDs).map(async (address) => ({
      server: session.serverLabel(address),
      response: await session.direct({ address, name: zone, type: "DS", dnssecOk: true }),
    })),
  );
}
