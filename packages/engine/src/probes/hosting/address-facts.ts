import type { ProbeContext } from "../../contract/probe.js";
import type { TxtAsker } from "../../protocols/ip-network/cymru.js";
import type { NetworkData } from "../../protocols/ip-network/network-data.js";
import { reversedAddress } from "../../protocols/ip-network/reversed-address.js";
import type { RtrClient } from "../../protocols/rtr/rtr-client.js";
import type { HostingAddress } from "./declaration.js";
import { askHosting } from "./hosting-dns.js";
import type { ProviderEntry } from "./provider-table.js";

/**
 * What is known of one address: its reverse names, the network data's AS, prefix and country,
 * the provider owning that AS, and the RFC 6811 validity of its route when the RTR client holds
 * a complete set (`rpki` null otherwise).
 */
export async function addressFacts(options: {
  context: ProbeContext;
  address: string;
  family: 4 | 6;
  network: NetworkData;
  rtr: RtrClient | null;
  providers: readonly ProviderEntry[];
}): Promise<HostingAddress> {
  const { context, address } = options;
  const askTxt: TxtAsker = async (name) => {
    const answer = await askHosting(context, name, "TXT");
    return answer.ok ? answer.values : { error: answer.reason };
  };
  const [reverseNames, facts] = await Promise.all([
    reverseNamesOf(context, address),
    options.network.lookup(address, { signal: context.signal, askTxt, withName: true }),
  ]);
  const owner =
    facts.asn === null
      ? undefined
      : options.providers.find((provider) => provider.asn?.includes(facts.asn!));
  const validation =
    facts.asn !== null && facts.prefix !== null
      ? options.rtr?.validate({ prefix: facts.prefix, asn: facts.asn })
      : null;
  return {
    address,
    family: options.family,
    reverseNames,
    asn: facts.asn,
    asName: facts.asName,
    prefix: facts.prefix,
    country: facts.country,
    provider: owner ? { id: owner.id, name: owner.name } : null,
    networkError: facts.error,
    rpki: validation
      ? {
          state: validation.state,
          route: { prefix: facts.prefix!, asn: facts.asn! },
          covering: validation.covering,
          matched: validation.matched,
        }
      : null,
  };
}

async function reverseNamesOf(context: ProbeContext, address: string): Promise<string[]> {
  const reversed = reversedAddress(address);
  if (!reversed) return [];
  const zone = reversed.family === 4 ? "in-addr.arpa" : "ip6.arpa";
  const answer = await askHosting(context, `${reversed.labels}.${zone}`, "PTR");
  return answer.ok ? answer.values : [];
}
