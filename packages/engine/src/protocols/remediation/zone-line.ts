import type { DnsRecordChange } from "../../contract/remediation.js";

/** A name as a zone file writes it when fully qualified: lower case, one trailing dot. */
export const fqdn = (name: string): string => (name === "." ? "." : `${name.replace(/\.$/, "")}.`);

/**
 * TXT data in presentation form: quoted character-strings of at most 255 bytes each (RFC 1035
 * 3.3.14), with quotes and backslashes escaped, so a long SPF record pastes as one record.
 */
export function txtValue(text: string): string {
  const bytes = Buffer.from(text, "utf8");
  const chunks: string[] = [];
  for (let start = 0; start < bytes.length || chunks.length === 0; start += 255) {
    chunks.push(bytes.subarray(start, start + 255).toString("utf8"));
  }
  return chunks.map((chunk) => `"${chunk.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(" ");
}

/** A CAA record's data: flags, tag and the value quoted (RFC 8659 4.1.1). */
export const caaValue = (flags: number, tag: string, value: string): string =>
  `${flags} ${tag} "${value.replace(/["\\]/g, (c) => `\\${c}`)}"`;

/** A `dns-record` change with its zone-file line. */
export function dnsRecordChange(
  input: Omit<DnsRecordChange, "kind" | "zoneLine">,
): DnsRecordChange {
  const owner = fqdn(input.owner);
  return {
    kind: "dns-record",
    ...input,
    owner,
    zoneLine: `${owner} ${input.ttl} IN ${input.type} ${input.value}`,
  };
}
