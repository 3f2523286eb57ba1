import diff from "microdiff";
import type { Change } from "./history-store.js";

/** The fields whose change has a name of its own, by section: dotted path and kind. */
const knownFields: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  whois: [
    ["nameservers", "nameservers"],
    ["registrar.name", "registrar"],
    ["expiresAt", "expiry"],
    ["dnssec.delegationSigned", "dnssec"],
  ],
  dns: [
    ["records.NS", "nameservers"],
    ["records.DS", "dnssec"],
  ],
  hosting: ["dns", "mail", "web", "cdn", "certificate", "registrar"].map(
    (role) => [`providers.${role}`, "provider"] as const,
  ),
  ssl: [
    ["certificate.fingerprint256", "certificate"],
    ["certificate.issuer", "issuer"],
    ["certificate.notAfter", "expiry"],
  ],
};

/** Arrays of findings or checks, which `meaningful` turned into `{ id: status }`. */
const checkLists = new Set(["findings", "checks"]);

/** Beyond this, the other changes of one snapshot are not listed (a wholly new answer). */
const maxFieldChanges = 50;

function valueAt(content: unknown, path: readonly string[]): unknown {
  let value = content;
  for (const key of path) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * The typed changes from one snapshot's content to the next: one change a known field
 * (nameservers, registrar, issuer, certificate, expiry, dnssec) with its whole value before and
 * after, one a check whose status moved (`kind: "check"`, the check's id as the last path
 * segment), and the rest as `field` changes, each leaf where microdiff found it.
 */
export function sectionChanges(options: {
  readonly section: string;
  readonly at: string;
  readonly before: unknown;
  readonly after: unknown;
}): Change[] {
  const { section, at, before, after } = options;
  const known = knownFields[section] ?? [];
  const changes: Change[] = [];
  const named = new Set<string>();
  let others = 0;
  const beforeObject = typeof before === "object" && before !== null ? before : {};
  const afterObject = typeof after === "object" && after !== null ? after : {};
  for (const difference of diff(beforeObject, afterObject)) {
    const segments = difference.path.map(String);
    const path = segments.join(".");
    const fields = known.filter(
      ([name]) => path === name || path.startsWith(`${name}.`) || name.startsWith(`${path}.`),
    );
    if (fields.length > 0) {
      for (const [name, kind] of fields) {
        if (named.has(name)) continue;
        named.add(name);
        const fieldPath = name.split(".");
        changes.push({
          at,
          section,
          kind,
          path: name,
          before: valueAt(before, fieldPath) ?? null,
          after: valueAt(after, fieldPath) ?? null,
        });
      }
      continue;
    }
    const isCheck = segments.length >= 2 && checkLists.has(segments[segments.length - 2]!);
    if (!isCheck && ++others > maxFieldChanges) continue;
    changes.push({
      at,
      section,
      kind: isCheck ? "check" : "field",
      path,
      before: difference.type === "CREATE" ? null : (difference.oldValue ?? null),
      after: difference.type === "REMOVE" ? null : (difference.value ?? null),
    });
  }
  return changes;
}
