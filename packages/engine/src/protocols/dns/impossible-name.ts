import { normalizeQueryName } from "./wire/message.js";

/**
 * Why `name` cannot exist in the DNS, or null when it can. A name built from a valid domain
 * (`_smtp._tls.` plus a name of 250 characters) or read from data (an SPF include) may break
 * the limits of RFC 1035 2.3.4: it then has no records by definition and is never asked about.
 */
export function impossibleName(name: string): string | null {
  if (normalizeQueryName({ name }) !== undefined) return null;
  const text = name.endsWith(".") ? name.slice(0, -1) : name;
  const longLabel = text.split(".").find((label) => Buffer.byteLength(label) > 63);
  const why =
    longLabel !== undefined
      ? `its label "${longLabel.slice(0, 16)}…" is longer than the 63 characters a label may have`
      : text.split(".").some((label) => label.length === 0)
        ? "it has an empty label"
        : `it would be ${Buffer.byteLength(text)} characters long, more than the 253 a DNS name may have`;
  return `${text} cannot exist: ${why}`;
}
