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
  http(data) {
    const facts: Facts = [];
    add(facts, "HTTPS", fetchOutcome(at(data, "https")));
    const hops = arr(at(data, "http.hops"));
    add(
      facts,
      "from http",
      hops.length > 1
        ? hops
            .map((hop) => `${text(at(hop, "url"))} ${text(at(hop, "status")) ?? "?"}`)
            .join(" -> ")
        : fetchOutcome(at(data, "http")),
    );
    if (at(data, "https.reachable") === true)
      add(facts, "HSTS", text(at(data, "hsts.header")) ?? "none");
    return facts;
  },
  mail(data) {
    const facts: Facts = [];
    if (at(data, "mx.nullMx") === true) facts.push(["MX", "null MX: the domain takes no mail"]);
    const smtp = at(data, "smtp.enabled") !== false;
    const hosts = arr(at(data, "hosts")).map(
      (host) => `${text(at(host, "host")) ?? "?"} (${smtp ? smtpState(host) : "SMTP not probed"})`,
    );
    add(facts, "SMTP", hosts.length > 0 ? hosts.join(", ") : undefined);
    add(
      facts,
      "MTA-STS",
      text(at(data, "mtaSts.policy.mode")) ??
        (text(at(data, "mtaSts.record")) && text(at(data, "mtaSts.problem"))),
    );
    add(
      facts,
      "DKIM",
      list(
        arr(at(data, "dkim.keys")).map((key) =>
          [text(at(key, "selector")), text(at(key, "keyType")), text(at(key, "keyBits"))]
            .filter(Boolean)
            .join(" "),
        ),
      ),
    );
    return facts;
  },
  hosting(data) {
    const facts: Facts = [];
    const networks = new Map<string, string>();
    for (const host of arr(at(data, "hosts"))) {
      for (const entry of arr(at(host, "addresses"))) {
        const asn = text(at(entry, "asn"));
        if (!asn || networks.has(asn)) continue;
        const country = text(at(entry, "country"));
        networks.set(
          asn,
          [`AS${asn}`, text(at(entry, "asName")), country && `(${country})`]
            .filter(Boolean)
            .join(" "),
        );
      }
    }
    add(facts, "networks", networks.size > 0 ? [...networks.values()].join(", ") : undefined);
    for (const role of ["dns", "mail", "web", "cdn", "certificate", "registrar"]) {
      add(facts, role === "dns" ? "DNS" : role, list(at(data, `providers.${role}`), "name"));
    }
    const states = arr(at(data, "hosts")).flatMap((host) =>
      arr(at(host, "addresses")).map((entry) => text(at(entry, "rpki.state"))),
    );
    const counts = ["valid", "invalid", "not-found"]
      .map((state) => [state, states.filter((value) => value === state).length] as const)
      .filter(([, count]) => count > 0)
      .map(([state, count]) => `${count} ${state}`);
    add(facts, "RPKI", counts.length > 0 ? counts.join(", ") : undefined);
    return facts;
  },
};

/** `https://shop.example/ 200`, or why no answer came (`connection_refused`). */
function fetchOutcome(fetch: unknown): string | undefined {
  if (fetch === null || fetch === undefined) return undefined;
  if (at(fetch, "reachable") !== true) return text(at(fetch, "reason")) ?? "no answer";
  return [text(at(fetch, "finalUrl")), text(at(fetch, "finalStatus"))].filter(Boolean).join(" ");
}

/** What one MX host's SMTP conversations came to: the STARTTLS state a person looks for. */
function smtpState(host: unknown): string {
  const endpoints = arr(at(host, "endpoints"));
  const secured = endpoints.find((endpoint) => at(endpoint, "tls.protocol"));
  if (secured) {
    const trusted = at(secured, "tls.trusted") === false ? ", untrusted certificate" : "";
    return `STARTTLS ${text(at(secured, "tls.protocol"))}${trusted}`;
  }
  if (endpoints.some((endpoint) => at(endpoint, "starttls") === false)) return "no STARTTLS";
  if (endpoints.some((endpoint) => at(endpoint, "starttls") === true)) return "STARTTLS failed";
  if (endpoints.length > 0) return "no SMTP answer";
  return text(at(host, "resolveError")) ?? "no address";
}

function arr(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function keyFacts(section: string, data: unknown): Facts {
  return extractors[section]?.(data) ?? [];
}
