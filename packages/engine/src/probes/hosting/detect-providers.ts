import type { ProviderCategory, ProviderEntry } from "./provider-table.js";

/** Who a provider is to the domain. */
export const hostingRoles = ["dns", "mail", "web", "cdn", "certificate", "registrar"] as const;
export type HostingRole = (typeof hostingRoles)[number];

/** What was seen that names a provider. */
export const evidenceKinds = [
  "ns-suffix",
  "mx-suffix",
  "spf-include",
  "cname-target",
  "response-header",
  "asn",
  "certificate-issuer",
  "registrar-iana-id",
] as const;
export type EvidenceKind = (typeof evidenceKinds)[number];

export interface ProviderEvidence {
  readonly kind: EvidenceKind;
  /** What the domain showed: a name server, an MX host, a header line, `AS13335 (192.0.2.1)`. */
  readonly observed: string;
  /** The rule of the table it matched. */
  readonly rule: string;
}

export interface DetectedProvider {
  readonly id: string;
  readonly name: string;
  readonly evidence: ProviderEvidence[];
}

/** What the hosting section saw, per role; every list may be empty. */
export interface ProviderObservations {
  readonly nameservers: readonly string[];
  readonly mxHosts: readonly string[];
  /** Domains of the SPF record's `include:` and `redirect=` terms. */
  readonly spfIncludes: readonly string[];
  /** The alias chains of the domain and `www.` (every CNAME target). */
  readonly cnameTargets: readonly string[];
  /** The HTTPS answer's headers, names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  /** The origin AS of each address, by the role the address serves. */
  readonly asns: Readonly<
    Record<"dns" | "mail" | "web", readonly { address: string; asn: number }[]>
  >;
  /** The certificate issuer's organization and common name. */
  readonly issuer: readonly string[];
  readonly registrarIanaId: number | null;
}

/**
 * The providers of each role, each with every piece of evidence that named it, most evidence
 * first. A provider whose category is `cdn` serves the `cdn` role from web evidence (CNAME,
 * headers, the web addresses' AS); any other serves `web`.
 */
export function detectProviders(
  table: readonly ProviderEntry[],
  seen: ProviderObservations,
): Record<HostingRole, DetectedProvider[]> {
  const found = Object.fromEntries(
    hostingRoles.map((role) => [role, new Map<string, DetectedProvider>()]),
  ) as Record<HostingRole, Map<string, DetectedProvider>>;
  const note = (role: HostingRole, provider: ProviderEntry, evidence: ProviderEvidence) => {
    let entry = found[role].get(provider.id);
    if (!entry) {
      entry = { id: provider.id, name: provider.name, evidence: [] };
      found[role].set(provider.id, entry);
    }
    if (
      !entry.evidence.some(
        (known) => known.kind === evidence.kind && known.observed === evidence.observed,
      )
    ) {
      entry.evidence.push(evidence);
    }
  };
  const webRole = (category: ProviderCategory): HostingRole => (category === "cdn" ? "cdn" : "web");
  for (const provider of table) {
    const names = (
      role: HostingRole,
      kind: EvidenceKind,
      rules: readonly string[] | undefined,
      values: readonly string[],
    ) => {
      for (const rule of rules ?? []) {
        for (const value of values) {
          if (nameMatches(value, rule)) note(role, provider, { kind, observed: value, rule });
        }
      }
    };
    names("dns", "ns-suffix", provider.ns, seen.nameservers);
    names("mail", "mx-suffix", provider.mx, seen.mxHosts);
    names("mail", "spf-include", provider.spf, seen.spfIncludes);
    names(webRole(provider.category), "cname-target", provider.cname, seen.cnameTargets);
    for (const rule of provider.header ?? []) {
      const line = headerMatch(seen.headers, rule);
      if (line)
        note(webRole(provider.category), provider, {
          kind: "response-header",
          observed: line,
          rule,
        });
    }
    for (const asn of provider.asn ?? []) {
      for (const role of ["dns", "mail", "web"] as const) {
        for (const origin of seen.asns[role]) {
          if (origin.asn !== asn) continue;
          note(role === "web" ? webRole(provider.category) : role, provider, {
            kind: "asn",
            observed: `AS${asn} (${origin.address})`,
            rule: `AS${asn}`,
          });
        }
      }
    }
    for (const rule of provider.issuer ?? []) {
      const name = seen.issuer.find((part) => part.toLowerCase().includes(rule.toLowerCase()));
      if (name) note("certificate", provider, { kind: "certificate-issuer", observed: name, rule });
    }
    if (seen.registrarIanaId !== null && provider.registrar?.includes(seen.registrarIanaId)) {
      note("registrar", provider, {
        kind: "registrar-iana-id",
        observed: String(seen.registrarIanaId),
        rule: String(seen.registrarIanaId),
      });
    }
  }
  return Object.fromEntries(
    hostingRoles.map((role) => [
      role,
      [...found[role].values()].sort(
        (a, b) => b.evidence.length - a.evidence.length || a.name.localeCompare(b.name),
      ),
    ]),
  ) as Record<HostingRole, DetectedProvider[]>;
}

/**
 * Whether DNS name `name` is `rule` or below it, label by label from the right; a rule label
 * may hold `*` for any run of characters within one label. Trailing dots and case are ignored.
 */
export function nameMatches(name: string, rule: string): boolean {
  const labels = name.toLowerCase().replace(/\.$/, "").split(".");
  const ruleLabels = rule.toLowerCase().replace(/\.$/, "").split(".");
  if (ruleLabels.length > labels.length) return false;
  const offset = labels.length - ruleLabels.length;
  return ruleLabels.every((pattern, index) => labelMatches(labels[offset + index]!, pattern));
}

function labelMatches(label: string, pattern: string): boolean {
  if (!pattern.includes("*")) return label === pattern;
  const [head, ...rest] = pattern.split("*");
  if (!label.startsWith(head!)) return false;
  let at = head!.length;
  for (const [index, part] of rest.entries()) {
    if (index === rest.length - 1) return label.length - part.length >= at && label.endsWith(part);
    const found = label.indexOf(part, at);
    if (found < 0) return false;
    at = found + part.length;
  }
  return true;
}

/**
 * What a rule matched: the header's name for a presence rule (its value, a request id, changes
 * every request), `name: value` for a value rule; null when it does not match.
 */
function headerMatch(headers: Readonly<Record<string, string>>, rule: string): string | null {
  const colon = rule.indexOf(":");
  const name = (colon < 0 ? rule : rule.slice(0, colon)).trim().toLowerCase();
  const value = headers[name];
  if (value === undefined) return null;
  if (colon < 0) return name;
  const wanted = rule
    .slice(colon + 1)
    .trim()
    .toLowerCase();
  if (!value.toLowerCase().includes(wanted)) return null;
  return `${name}: ${value}`;
}
