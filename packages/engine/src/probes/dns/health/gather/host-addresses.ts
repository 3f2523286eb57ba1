import net from "node:net";
import type * as packet from "dns-packet";
import { aliasChain, normalizeName } from "../../../../protocols/dns/records.js";
import { type HealthSession, isFailure } from "../../../../protocols/dns/session.js";
import type { HostFacts } from "../facts.js";

/**
 * A and AAAA of a host through the resolver, in parallel, and whether the name is an alias.
 * Addresses are read along the alias chain so a CNAME'd name server still gets probed (and
 * reported for being an alias).
 */
export async function hostAddresses(options: {
  session: HealthSession;
  host: string;
}): Promise<HostFacts> {
  const host = normalizeName(options.host);
  if (net.isIP(host) !== 0) {
    return { host, addresses: [], cname: null, error: "an IP address is not a host name" };
  }
  const responses = await Promise.all(
    (["A", "AAAA"] as const).map((type) => options.session.recursive({ name: host, type })),
  );
  const addresses: string[] = [];
  const errors: string[] = [];
  let cname: string | null = null;
  for (const [index, response] of responses.entries()) {
    if (isFailure(response)) {
      errors.push(response.message);
      continue;
    }
    const alias = response.answers.find(
      (record) => record.type === "CNAME" && normalizeName(record.name) === host,
    ) as packet.StringAnswer | undefined;
    if (alias) cname = normalizeName(alias.data);
    const owners = aliasChain({ name: host, answers: response.answers });
    const type = index === 0 ? "A" : "AAAA";
    for (const record of response.answers) {
      if (record.type === type && owners.has(normalizeName(record.name))) {
        addresses.push((record.data as string).toLowerCase());
      }
    }
  }
  return {
    host,
    addresses: [...new Set(addresses)],
    cname,
    error: errors.length > 0 ? errors.join("; ") : null,
  };
}
