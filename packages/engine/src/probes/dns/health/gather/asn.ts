import type * as packet from "dns-packet";
import { txtRecord } from "../../../../protocols/dns/records.js";
import { type HealthSession, isFailure } from "../../../../protocols/dns/session.js";
import type { TxtAsker } from "../../../../protocols/ip-network/cymru.js";
import type { NetworkData } from "../../../../protocols/ip-network/network-data.js";
import type { AsnFacts } from "../facts.js";

/**
 * The origin AS of each address, or why it is unknown, from the engine's network data (the
 * same the hosting section reads): in memory, or Team Cymru's DNS asked through the session's
 * resolver, so a resolver that cannot reach it just leaves the origin unknown.
 */
export async function gatherAsns(options: {
  session: HealthSession;
  addresses: readonly string[];
  network: NetworkData;
}): Promise<AsnFacts[]> {
  const { session } = options;
  const askTxt: TxtAsker = async (name) => {
    const response = await session.recursive({ name, type: "TXT" });
    if (isFailure(response)) return { error: response.message };
    return response.answers
      .filter((record): record is packet.TxtAnswer => record.type === "TXT")
      .map((record) => txtRecord(record).value);
  };
  return Promise.all(
    options.addresses.map(async (address): Promise<AsnFacts> => {
      const answer = await options.network.lookup(address, { signal: session.signal, askTxt });
      return answer.asn !== null
        ? { address, asn: answer.asn, error: null }
        : { address, asn: null, error: answer.error ?? `no origin for ${address}` };
    }),
  );
}
