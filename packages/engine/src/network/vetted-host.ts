import type { ProbeContext } from "../contract/probe.js";
import type { AddressClass } from "./address-policy.js";
import { AddressNotAllowedError } from "./connect-target.js";
import { resolveTarget } from "./resolve-target.js";

/** A host name with no A or AAAA record. */
export class HostNotFoundError extends Error {
  readonly code = "ENOTFOUND";
  constructor(host: string) {
    super(`${host} has no A or AAAA record`);
    this.name = "HostNotFoundError";
  }
}

/**
 * The addresses a probe may connect to for `host` (a name or an IP literal), resolved once
 * through the configured resolvers. One refused address refuses the host: a name answering
 * both public and private addresses is a rebinding attempt or a mistake, and neither is
 * followed. Rejects with AddressNotAllowedError, HostNotFoundError, or the resolver's error.
 */
export async function resolveVettedHost(options: {
  host: string;
  context: ProbeContext;
}): Promise<AddressClass[]> {
  const target = await resolveTarget(options);
  const refused = target.refused[0];
  if (refused) {
    const literal =
      target.addresses.length === 1 && refused.address === stripBrackets(options.host);
    throw new AddressNotAllowedError(
      refused.address,
      refused.range,
      literal ? undefined : options.host,
    );
  }
  if (target.allowed.length === 0) throw new HostNotFoundError(options.host);
  return target.allowed;
}

function stripBrackets(host: string): string {
  return host.replace(/^\[(.*)\]$/, "$1");
}
