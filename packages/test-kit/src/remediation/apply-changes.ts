import type tls from "node:tls";
import type { Remediation } from "@domain-intel/engine";
import type * as packet from "dns-packet";
import { dsFromText, recordFromText, sameRecord } from "./zone-text.js";

type Change = Remediation["changes"][number];
type ChangeOf<K extends Change["kind"]> = Extract<Change, { kind: K }>;

/**
 * Mechanical appliers, one per change kind, as an operator (or an agent) would apply a
 * remediation: parameters filled in, every stage in order, nothing interpreted beyond the
 * change's fields.
 */

/** `text` with each `{{name}}` replaced by the value the user supplies; unknown names throw. */
export function fillParameters(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{\{([a-zA-Z0-9]+)\}\}/g, (_all, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`no value for the parameter {{${key}}}`);
    return value;
  });
}

/** The changes of `kind`, parameters filled, in stage order (a change without stage first). */
export function changesOf<K extends Change["kind"]>(
  remediation: Remediation,
  kind: K,
  values: Readonly<Record<string, string>> = {},
): ChangeOf<K>[] {
  const declared = new Set((remediation.parameters ?? []).map((parameter) => parameter.name));
  for (const key of Object.keys(values)) {
    if (!declared.has(key)) throw new Error(`{{${key}}} is not a parameter of this remediation`);
  }
  return remediation.changes
    .map((change, index) => ({ change, index }))
    .filter((entry): entry is { change: ChangeOf<K>; index: number } => entry.change.kind === kind)
    .sort((a, b) => (a.change.stage ?? 0) - (b.change.stage ?? 0) || a.index - b.index)
    .map(({ change }) => JSON.parse(fillParameters(JSON.stringify(change), values)) as ChangeOf<K>);
}

const ownerKey = (name: string) => name.toLowerCase().replace(/\.$/, "");

/** A zone's records after the `dns-record` changes, as its name server would load them. */
export function applyDnsRecords(
  records: readonly packet.Answer[],
  changes: readonly ChangeOf<"dns-record">[],
): packet.Answer[] {
  let zone = [...records];
  for (const change of changes) {
    const record = recordFromText(change);
    const sameSet = (served: packet.Answer) =>
      served.type === record.type && ownerKey(served.name) === ownerKey(record.name);
    if (change.action === "remove") {
      const before = zone.length;
      zone = zone.filter((served) => !sameRecord(served, record));
      if (zone.length === before) throw new Error(`remove: ${change.zoneLine} is not in the zone`);
      continue;
    }
    if (change.action === "replace") {
      if (change.replaces) {
        const old = change.replaces.map((value) => recordFromText({ ...change, value }));
        const before = zone.length;
        zone = zone.filter((served) => !old.some((entry) => sameRecord(served, entry)));
        if (zone.length === before)
          throw new Error(`replace: none of ${change.replaces.join(", ")} is in the zone`);
      } else {
        zone = zone.filter((served) => !sameSet(served));
      }
    }
    zone.push(record);
  }
  return zone;
}

/**
 * The parent zone after the `registrar` changes for the delegation of `zone`: DS records,
 * name servers (NS at the cut) and glue (`host address`).
 */
export function applyRegistrar(
  parent: readonly packet.Answer[],
  changes: readonly ChangeOf<"registrar">[],
  zone: string,
): packet.Answer[] {
  let records = [...parent];
  for (const change of changes) {
    const record = registrarRecord(change, zone);
    if (change.action === "add") {
      // A set, as every RRset (RFC 2181 5): what is published already stays published once.
      if (!records.some((served) => sameRecord(served, record))) records.push(record);
      continue;
    }
    const before = records.length;
    records = records.filter((served) => !sameRecord(served, record));
    if (records.length === before)
      throw new Error(`registrar remove: ${change.value} is not published`);
  }
  return records;
}

function registrarRecord(change: ChangeOf<"registrar">, zone: string): packet.Answer {
  switch (change.what) {
    case "ds":
      return dsFromText(zone, change.value, 86_400);
    case "nameservers":
      return { type: "NS", name: zone, ttl: 86_400, data: change.value.replace(/\.$/, "") };
    case "glue": {
      const [host, address] = change.value.split(/\s+/);
      return {
        type: address!.includes(":") ? "AAAA" : "A",
        name: host!.replace(/\.$/, ""),
        ttl: 86_400,
        data: address!,
      };
    }
    default:
      throw new Error(`registrar ${change.what} is no record of the parent zone`);
  }
}

/** Response headers after the `http-header` changes (names lower-cased, as Node sends them). */
export function applyHeaders(
  headers: Readonly<Record<string, string>>,
  changes: readonly ChangeOf<"http-header">[],
): Record<string, string> {
  const result: Record<string, string> = Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
  for (const change of changes) {
    if (change.action === "remove") delete result[change.name.toLowerCase()];
    else result[change.name.toLowerCase()] = change.value;
  }
  return result;
}

/** A web server's files after the `file` changes, by host name and path. */
export type ServedFiles = Record<string, { contentType: string; content: string }>;

export function applyFiles(
  files: Readonly<ServedFiles>,
  changes: readonly ChangeOf<"file">[],
): ServedFiles {
  const result = { ...files };
  for (const change of changes) {
    const url = new URL(change.url);
    if (url.pathname !== change.path)
      throw new Error(`file: ${change.url} is not served at ${change.path}`);
    result[`${url.hostname}${change.path}`] = {
      contentType: change.contentType,
      content: change.content,
    };
  }
  return result;
}

/** node:tls server options after a `tls-config` change: its versions, suites and groups. */
export function applyTlsConfig(
  options: Readonly<tls.TlsOptions>,
  changes: readonly ChangeOf<"tls-config">[],
): tls.TlsOptions {
  const change = changes.at(-1);
  if (!change) return { ...options };
  const versions = [...change.protocols].sort() as tls.SecureVersion[];
  return {
    ...options,
    minVersion: versions[0],
    maxVersion: versions.at(-1),
    ciphers: [...change.ciphers, ...change.ciphersuites].join(":"),
    ecdhCurve: change.groups.join(":"),
    honorCipherOrder: false,
  };
}
