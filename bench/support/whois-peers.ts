import { createRequire, syncBuiltinESMExports } from "node:module";
import type { DomainRecord } from "rdapper";

/**
 * The two peers the WHOIS bench reads the corpora with beside our section (dev dependencies of
 * the bench only), each result in the section's data shape so one judge reads all three.
 */

type Data = Record<string, unknown>;
const require = createRequire(import.meta.url);
const { parseDomainWhois } = require("whoiser/src/parsers.js") as {
  parseDomainWhois(domain: string, text: string, ignorePrivacy: boolean): Record<string, unknown>;
};

/** A peer's date as a user of it would take it: what `new Date` makes of the string, or none. */
function instant(value: unknown): string | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text !== "string" || text.trim() === "") return null;
  const time = new Date(text.trim()).getTime();
  return Number.isNaN(time) ? null : new Date(time).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** whoiser's parser on the recorded text. It has no "not registered": any text is a record. */
export function whoiserData(domain: string, text: string): Data {
  const result = parseDomainWhois(domain, text, true);
  const value = (label: string) => {
    const found = result[label];
    return typeof found === "string" && found.trim() !== "" ? found.trim() : null;
  };
  const list = (label: string) =>
    (Array.isArray(result[label]) ? (result[label] as unknown[]) : []).filter(
      (item): item is string => typeof item === "string" && item !== "",
    );
  const registrar = value("Registrar");
  const country = value("Registrant Country");
  return {
    registered: true,
    registrar: registrar ? { name: registrar } : null,
    createdAt: instant(value("Created Date")),
    updatedAt: instant(value("Updated Date")),
    expiresAt: instant(value("Expiry Date")),
    nameservers: list("Name Server"),
    statuses: list("Domain Status").map((code) => ({ code })),
    registrant: country ? { country } : null,
  };
}

/** rdapper's record in the section's shape. */
export function rdapperData(record: DomainRecord | undefined): Data | undefined {
  if (!record) return undefined;
  const registrant = record.contacts?.find((contact) => contact.type === "registrant");
  return {
    registered: record.isRegistered,
    registrar: record.registrar?.name ? { name: record.registrar.name } : null,
    createdAt: instant(record.creationDate),
    updatedAt: instant(record.updatedDate),
    expiresAt: instant(record.expirationDate),
    nameservers: (record.nameservers ?? []).map(({ host }) => host),
    statuses: (record.statuses ?? []).map(({ status }) => ({ code: status })),
    registrant: { country: registrant?.countryCode ?? registrant?.country ?? null },
  };
}

/**
 * rdapper always dials port 43: its connections are sent to whichever port `port()` names (the
 * loopback server of the round being read), so rdapper reads the same bytes through its client.
 */
export function sendPort43To(port: () => number): void {
  const net = require("node:net") as typeof import("node:net");
  const original = net.createConnection;
  net.createConnection = ((options: unknown, ...rest: unknown[]) => {
    const target = options as { port?: number; host?: string };
    const redirected =
      typeof options === "object" && target.port === 43 ? { ...target, port: port() } : options;
    return (original as (...args: unknown[]) => unknown)(redirected, ...rest);
  }) as typeof net.createConnection;
  syncBuiltinESMExports();
}

/** Every suffix of every name, hinted to `host`: rdapper keys its hints by public suffix. */
export function suffixHints(domains: readonly string[], host: string): Record<string, string> {
  return Object.fromEntries(
    domains.flatMap((domain) =>
      domain
        .split(".")
        .map((_, index, labels) => [labels.slice(index + 1).join("."), host] as const)
        .filter(([suffix]) => suffix !== ""),
    ),
  );
}
