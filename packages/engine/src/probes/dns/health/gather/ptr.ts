import type * as packet from "dns-packet";
import { normalizeName } from "../../../../protocols/dns/records.js";
import { type HealthSession, isFailure } from "../../../../protocols/dns/session.js";
import { reversedAddress } from "../../../../protocols/ip-network/reversed-address.js";
import type { PtrFacts } from "../facts.js";

/** The PTR names of each name server address (Zonemaster ADDRESS02/03), through the resolver. */
export async function gatherPtrs(options: {
  session: HealthSession;
  addresses: readonly string[];
}): Promise<PtrFacts[]> {
  return Promise.all(
    options.addresses.map(async (address): Promise<PtrFacts> => {
      const reversed = reversedAddress(address);
      if (!reversed) return { address, names: [], error: "not an IP address" };
      const name = `${reversed.labels}.${reversed.family === 6 ? "ip6" : "in-addr"}.arpa`;
      const response = await options.session.recursive({ name, type: "PTR" });
      if (isFailure(response)) return { address, names: [], error: response.message };
      const names = response.answers
        .filter((record): record is packet.StringAnswer => record.type === "PTR")
        .map((record) => normalizeName(record.data));
      return { address, names, error: null };
    }),
  );
}
