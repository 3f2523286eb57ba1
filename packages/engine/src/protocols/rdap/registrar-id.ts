import type { BootstrapData } from "rdapper";
import type { FetchLike } from "./guarded-fetch.js";

/** The registrar of a domain as its registry's RDAP server names it. */
export type RdapRegistrar =
  | { readonly ianaId: number; readonly name: string | null; readonly error: null }
  | { readonly ianaId: null; readonly name: null; readonly error: string };

/**
 * Asks the registry's RDAP server (from the bootstrap, RFC 9224) for `domain` and reads the
 * entity with role `registrar`: its IANA Registrar ID (RFC 9083 `publicIds`) and name. One
 * request through `fetch` (the caller's guarded, limited fetch); never rejects: what went wrong
 * is `error`.
 */
export async function rdapRegistrar(options: {
  domain: string;
  bootstrap: BootstrapData;
  fetch: FetchLike;
  signal: AbortSignal;
}): Promise<RdapRegistrar> {
  const { domain } = options;
  const base = rdapBaseUrl(options.bootstrap, domain);
  if (!base) return failed(`the RDAP bootstrap lists no server for ${domain}`);
  const url = new URL(
    `domain/${encodeURIComponent(domain)}`,
    base.endsWith("/") ? base : `${base}/`,
  );
  let body: unknown;
  try {
    const response = await options.fetch(url, {
      headers: { accept: "application/rdap+json" },
      signal: options.signal,
    });
    if (!response.ok) return failed(`RDAP ${url.host} answered HTTP ${response.status}`);
    body = await response.json();
  } catch (error) {
    const name = (error as Error).name;
    if (name === "TimeoutError" || name === "AbortError") {
      return failed(`RDAP ${url.host} did not answer in time`);
    }
    if (name === "SyntaxError") return failed(`RDAP ${url.host} answered no JSON`);
    return failed(`RDAP ${url.host}: ${(error as Error).message}`);
  }
  return registrarOf(body) ?? failed(`RDAP ${url.host} names no registrar with an IANA id`);
}

const failed = (error: string): RdapRegistrar => ({ ianaId: null, name: null, error });

/** The base URL of the longest TLD in the bootstrap that ends `domain` (RFC 9224 section 4). */
export function rdapBaseUrl(bootstrap: BootstrapData, domain: string): string | undefined {
  const labels = domain.toLowerCase().split(".");
  for (let first = 1; first < labels.length; first++) {
    const suffix = labels.slice(first).join(".");
    for (const [tlds, urls] of bootstrap.services) {
      if (!tlds?.some((tld) => tld.toLowerCase() === suffix)) continue;
      // An https base first (RFC 9224: clients should prefer it).
      return urls?.find((url) => url.startsWith("https:")) ?? urls?.[0];
    }
  }
  return undefined;
}

/** The registrar entity of an RDAP domain object: IANA id from `publicIds`, name from its vCard. */
function registrarOf(body: unknown): RdapRegistrar | null {
  const entities = (body as { entities?: unknown } | null)?.entities;
  if (!Array.isArray(entities)) return null;
  for (const entity of entities as Record<string, unknown>[]) {
    if (!Array.isArray(entity?.roles) || !entity.roles.includes("registrar")) continue;
    const ids = Array.isArray(entity.publicIds)
      ? (entity.publicIds as Record<string, unknown>[])
      : [];
    const id = ids.find((entry) => /^iana registrar id$/i.test(String(entry?.type ?? "")));
    const text = String(id?.identifier ?? "").trim();
    if (!/^\d{1,9}$/.test(text)) continue;
    return { ianaId: Number(text), name: vcardName(entity.vcardArray), error: null };
  }
  return null;
}

/** The `fn` of a jCard (RFC 7095): ["vcard", [["fn", {}, "text", "Name"], ...]]. */
function vcardName(vcard: unknown): string | null {
  if (!Array.isArray(vcard) || !Array.isArray(vcard[1])) return null;
  const fn = (vcard[1] as unknown[]).find(
    (property): property is unknown[] => Array.isArray(property) && property[0] === "fn",
  );
  return typeof fn?.[3] === "string" && fn[3].trim() !== "" ? fn[3].trim() : null;
}
