/**
 * The key facts a person looks for first, per known section. A section without an entry here
 * still shows its grade, status and findings; facts are a bonus, read defensively because a
 * section's data may lack any field (an unregistered name has no registrar).
 */
type Facts = Array<[label: string, value: string]>;

function at(data: unknown, path: string): unknown {
  let value: unknown = data;
  for (const key of path.split(".")) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.length > 0
    ? value
    : typeof value === "number"
      ? String(value)
      : undefined;

const day = (value: unknown): string | undefined => text(value)?.slice(0, 10);

function list(value: unknown, field?: string): string | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const items = value.map((item) => text(field ? at(item, field) : item)).filter(Boolean);
  return items.length > 0 ? items.join(", ") : undefined;
}

function add(facts: Facts, label: string, value: string | undefined): void {
  if (value !== undefined) facts.push([label, value]);
}

const extractors: Record<string, (data: unknown) => Facts> = {
  whois(data) {
    const facts: Facts = [];
    if (at(data, "registered") === false) facts.push(["registered", "no"]);
    add(facts, "registrar", text(at(data, "registrar.name")));
    const expires = day(at(data, "expiresAt"));
    const days = text(at(data, "expiresInDays"));
    add(facts, "expires", expires && (days ? `${expires} (in ${days} days)` : expires));
    add(facts, "nameservers", list(at(data, "nameservers")));
    return facts;
  },
  dns(data) {
    const facts: Facts = [];
    add(facts, "nameservers", list(at(data, "records.NS"), "host"));
    add(
      facts,
      "addresses",
      list([...arr(at(data, "records.A")), ...arr(at(data, "records.AAAA"))], "address"),
    );
    const mx = arr(at(data, "records.MX")).map(
      (record) =>
        `${text(at(record, "exchange")) ?? "?"} (${text(at(record, "preference")) ?? "?"})`,
    );
    add(facts, "MX hosts", mx.length > 0 ? mx.join(", ") : undefined);
    return facts;
  },
  ssl(data) {
    const facts: Facts = [];
    if (at(data, "reachable") === false)
      add(facts, "TLS", text(at(data, "reason")) ?? "unreachable");
    const issuer =
      text(at(data, "certificate.issuer.organization")) ??
      text(at(data, "certificate.issuer.commonName"));
    add(facts, "issuer", issuer);
    const expires = day(at(data, "certificate.notAfter"));
    const days = text(at(data, "certificate.daysRemaining"));
    add(facts, "certificate expires", expires && (days ? `${expires} (in ${days} days)` : expires));
    add(
      facts,
      "negotiated",
      [text(at(data, "protocol")), text(at(data, "cipher.standardName"))]
        .filter(Boolean)
        .join(" ") || undefined,
    );
    return facts;
  },
};

function arr(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function keyFacts(section: string, data: unknown): Facts {
  return extractors[section]?.(data) ?? [];
}
