import { type AsnSourceOption, checkAsnSource } from "../../protocols/ip-network/network-data.js";
import type { ProviderEntry } from "./provider-table.js";
import { providerTable } from "./provider-table.js";

/** The engine's `hosting` options. */
export interface HostingOptions {
  /**
   * Where AS, prefix and country come from: `"builtin"` (default, `@domain-intel/ip-data`),
   * `"cymru"` (Team Cymru's DNS), a `.mmdb` path, or data already loaded.
   */
  readonly asnSource?: AsnSourceOption;
  /** Providers added to the table; one with a built-in id replaces it. */
  readonly providers?: readonly ProviderEntry[];
  /** Name servers and MX hosts looked at, each (1..16, default 8). */
  readonly maxHosts?: number;
  /** Port of the HTTPS request and the IPv6 test (default 443; for labs). */
  readonly httpsPort?: number;
}

const known = ["asnSource", "providers", "maxHosts", "httpsPort"];
const evidenceKeys = ["ns", "mx", "spf", "cname", "header", "issuer"] as const;
const categories = ["dns", "mail", "cloud", "hosting", "cdn", "ca", "registrar"];

/**
 * Checks `hosting` and resolves it: a TypeError naming the option (`createEngine:
 * options.hosting.maxHosts ...`) on the first bad one.
 */
export function resolveHostingOptions(options: unknown, path = "createEngine: options.hosting") {
  const fail = (at: string, expectation: string): never => {
    throw new TypeError(`${path}${at} ${expectation}`);
  };
  const given = (options ?? {}) as Record<string, unknown>;
  if (typeof given !== "object" || Array.isArray(given)) fail("", "must be an object");
  for (const key of Object.keys(given))
    if (!known.includes(key)) fail(`.${key}`, `is not an option (${known.join(", ")})`);
  const asnSource = checkAsnSource(given.asnSource ?? "builtin", `${path}.asnSource`);
  const integer = (key: string, fallback: number, max: number) => {
    const value = given[key] ?? fallback;
    if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > max)
      fail(`.${key}`, `must be an integer 1..${max}`);
    return value as number;
  };
  const extra = given.providers ?? [];
  if (!Array.isArray(extra)) fail(".providers", "must be an array of providers");
  for (const [index, entry] of (extra as unknown[]).entries()) {
    checkProvider(entry, `.providers[${index}]`, fail);
  }
  const replaced = new Set((extra as ProviderEntry[]).map((entry) => entry.id));
  return {
    asnSource,
    providers: [
      ...(extra as ProviderEntry[]),
      ...providerTable.filter((entry) => !replaced.has(entry.id)),
    ],
    maxHosts: integer("maxHosts", 8, 16),
    httpsPort: integer("httpsPort", 443, 65535),
  };
}

function checkProvider(
  entry: unknown,
  at: string,
  fail: (at: string, expectation: string) => never,
): void {
  const provider = entry as Record<string, unknown>;
  if (typeof provider !== "object" || provider === null)
    fail(at, "must be an object { id, name, category, ... }");
  if (typeof provider.id !== "string" || !/^[a-z0-9-]+$/.test(provider.id))
    fail(`${at}.id`, "must be lower-case letters, digits and hyphens");
  if (typeof provider.name !== "string" || provider.name === "")
    fail(`${at}.name`, "must be a name");
  if (!categories.includes(provider.category as string))
    fail(`${at}.category`, `must be one of ${categories.join(", ")}`);
  for (const key of Object.keys(provider)) {
    if (["id", "name", "category", "asn", "registrar", ...evidenceKeys].includes(key)) continue;
    fail(`${at}.${key}`, "is not a provider field");
  }
  for (const key of evidenceKeys) {
    const values = provider[key];
    if (
      values !== undefined &&
      !(Array.isArray(values) && values.every((value) => typeof value === "string" && value !== ""))
    ) {
      fail(`${at}.${key}`, "must be an array of strings");
    }
  }
  for (const key of ["asn", "registrar"]) {
    const values = provider[key];
    if (
      values !== undefined &&
      !(Array.isArray(values) && values.every((value) => Number.isInteger(value) && value >= 0))
    ) {
      fail(`${at}.${key}`, "must be an array of numbers");
    }
  }
}
