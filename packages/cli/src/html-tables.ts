import { escapeHtml } from "./html-escape.js";

/**
 * The facts a section's data holds as lists, drawn as tables: DNS records, the redirect chains,
 * the MX hosts. Read defensively like report-facts.ts: a field may be missing.
 */

type Row = Array<string | number | null | undefined>;

function table(title: string, head: string[], rows: Row[], className = ""): string {
  if (rows.length === 0) return "";
  const cells = (row: Row, tag: "td" | "th") =>
    row.map((cell) => `<${tag}>${escapeHtml(cell ?? "")}</${tag}>`).join("");
  return `<h3>${escapeHtml(title)}</h3><table${className ? ` class="${className}"` : ""}><thead><tr>${cells(head, "th")}</tr></thead><tbody>${rows.map((row) => `<tr>${cells(row, "td")}</tr>`).join("")}</tbody></table>`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** Where the TXT records of `records.mailPolicies` live (RFC 7489, 8461, 8460). */
const policyOwners: Record<string, string> = {
  dmarc: "_dmarc.",
  mtaSts: "_mta-sts.",
  tlsRpt: "_smtp._tls.",
};

// Flags repeated in another field (CAA's critical is in flags), pieces of a value (TXT chunks).
const repeatedFields = new Set(["ttl", "chunks", "critical", "service"]);

/** A record's data as a zone file writes it: its fields' values in order (`10 mail.shop.test`). */
function recordData(record: Record<string, unknown>): string {
  return Object.entries(record)
    .filter(([key, value]) => !repeatedFields.has(key) && typeof value !== "boolean")
    .map(([, value]) =>
      typeof value === "object" && value !== null ? JSON.stringify(value) : String(value),
    )
    .join(" ");
}

/**
 * One row a record: owner name, type, data, TTL. The mail policies (an object of TXT lists, not
 * a record type) are TXT rows at their own names; SRV rows at their service's name.
 */
export function recordsTable(records: unknown, domain: string): string {
  if (!isRecord(records)) return "";
  const rows: Row[] = [];
  const add = (name: string, type: string, record: unknown) => {
    if (isRecord(record)) rows.push([name, type, recordData(record), record.ttl as number]);
  };
  for (const [type, value] of Object.entries(records)) {
    if (Array.isArray(value)) {
      for (const record of value) {
        const service = isRecord(record) ? record.service : undefined;
        add(typeof service === "string" ? `${service}.${domain}` : domain, type, record);
      }
    } else if (isRecord(value) && Object.values(value).every(Array.isArray)) {
      for (const [group, items] of Object.entries(value)) {
        const owner = policyOwners[group];
        for (const record of items as unknown[]) {
          add(owner ? `${owner}${domain}` : domain, owner ? "TXT" : group, record);
        }
      }
    } else {
      add(domain, type, value); // SOA: one record or null
    }
  }
  return table("Records", ["name", "type", "data", "TTL"], rows, "records");
}

/** The fetches of `http://` and `https://` that were redirected: more than one request. */
export function redirectedSchemes(data: unknown): string[] {
  if (!isRecord(data)) return [];
  return ["http", "https"].filter((scheme) => {
    const fetch = data[scheme];
    return isRecord(fetch) && list(fetch.hops).length > 1;
  });
}

/** Each request of the redirected fetches, in order, with the status it got. */
export function redirectTable(data: unknown): string {
  const rows: Row[] = [];
  for (const scheme of redirectedSchemes(data)) {
    const fetch = (data as Record<string, Record<string, unknown>>)[scheme]!;
    list(fetch.hops).forEach((hop, index) => {
      if (!isRecord(hop)) return;
      const status = typeof hop.status === "number" ? hop.status : "no answer";
      rows.push([`${scheme}://`, index + 1, hop.url as string, status, hop.location as string]);
    });
  }
  return table("Redirect chain", ["from", "step", "URL", "status", "to"], rows, "redirects");
}

/** What one SMTP conversation came to, as the STARTTLS column says it. */
function starttlsState(endpoint: Record<string, unknown>): string {
  const tls = endpoint.tls;
  if (isRecord(tls) && typeof tls.protocol === "string") {
    return `${tls.protocol}${tls.trusted === false ? ", untrusted certificate" : ""}`;
  }
  if (endpoint.starttls === false) return "not offered";
  if (endpoint.starttls === true) return "offered, handshake failed";
  const error = endpoint.error;
  return isRecord(error) && typeof error.reason === "string" ? error.reason : "no answer";
}

/** One row an MX host and address: preference, host, address, STARTTLS state. */
export function mxHostsTable(data: unknown): string {
  if (!isRecord(data)) return "";
  const smtp = !(isRecord(data.smtp) && data.smtp.enabled === false);
  const rows: Row[] = [];
  for (const host of list(data.hosts)) {
    if (!isRecord(host)) continue;
    const head = [host.preference as number, host.host as string];
    const endpoints = list(host.endpoints).filter(isRecord);
    if (!smtp || endpoints.length === 0) {
      const why = !smtp
        ? "SMTP not probed"
        : typeof host.resolveError === "string"
          ? host.resolveError
          : "no address";
      rows.push([...head, list(host.addresses).join(", "), why]);
    }
    for (const endpoint of endpoints) {
      rows.push([...head, endpoint.address as string, starttlsState(endpoint)]);
    }
  }
  return table("MX hosts", ["preference", "host", "address", "STARTTLS"], rows, "mx");
}
