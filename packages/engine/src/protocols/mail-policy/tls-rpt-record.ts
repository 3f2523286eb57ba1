/**
 * The TLS-RPT record at `_smtp._tls.<domain>` read by RFC 8460 section 3, for the dns and mail
 * sections alike so they give one verdict for one record.
 */
export interface TlsRptReading {
  /** The record read; with several, the first (none of them is used). */
  record: string;
  /** One record, well formed, with at least one `mailto:` or `https:` reporting URI. */
  valid: boolean;
  /** The reporting URIs of `rua=`, in order. */
  rua: string[];
  /** Why senders would not use it; null when valid. */
  problem: string | null;
}

/** `v=TLSRPTv1` first, exactly so (RFC 8460 3: `%s`, case-sensitive), then `;` or the end. */
export const isTlsRptRecord = (text: string): boolean => /^v=TLSRPTv1[ \t]*(?:;|$)/.test(text);

// RFC 8460 3: tlsrpt-ext-name and tlsrpt-ext-value.
const extensionName = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$/;
const extensionValue = /^[\x21-\x3a\x3c\x3e-\x7e]+$/;
const mailtoUri = /^mailto:[^@\s,;]+@[^@\s,;]+$/i;
const httpsUri = /^https:\/\/[^\s/?#,;]+[^\s,;]*$/i;

/**
 * The domain's TLS-RPT policy from the TXT values at `_smtp._tls`: null when no record starts
 * with `v=TLSRPTv1`; several such records are no policy at all (RFC 8460 3: "If the number of
 * resulting records is not one, senders MUST assume the recipient domain does not implement
 * TLSRPT").
 */
export function readTlsRpt(values: readonly string[]): TlsRptReading | null {
  const records = values.filter(isTlsRptRecord);
  if (records.length === 0) return null;
  if (records.length > 1) {
    return {
      record: records[0]!,
      valid: false,
      rua: [],
      problem: `there are ${records.length} TLS-RPT records, and senders then use none (RFC 8460 3)`,
    };
  }
  return parseTlsRptRecord(records[0]!);
}

/**
 * One `v=TLSRPTv1` record: fields separated by `;` (spaces around allowed, a trailing `;` too),
 * `rua=` required with comma-separated `mailto:` or `https:` URIs, any other field an extension
 * that is ignored when well formed (RFC 8460 3: "unknown fields SHALL be ignored").
 */
export function parseTlsRptRecord(record: string): TlsRptReading {
  const fields = record
    .split(";")
    .slice(1)
    .map((field) => field.replace(/^[ \t]+|[ \t]+$/g, ""));
  // Only the last may be empty: a trailing ";" is allowed, ";;" is not.
  if (fields.at(-1) === "") fields.pop();
  const rua: string[] = [];
  const problems: string[] = [];
  let ruaSeen = false;
  for (const field of fields) {
    const at = field.indexOf("=");
    const name = at < 0 ? field : field.slice(0, at);
    const value = at < 0 ? "" : field.slice(at + 1);
    if (name === "rua") {
      ruaSeen = true;
      for (const uri of value.split(",").map((part) => part.replace(/^[ \t]+|[ \t]+$/g, ""))) {
        if (mailtoUri.test(uri) || httpsUri.test(uri)) rua.push(uri);
        else problems.push(`rua ${JSON.stringify(uri)} is neither a mailto: nor an https: URI`);
      }
    } else if (at < 0 || !extensionName.test(name) || !extensionValue.test(value)) {
      problems.push(`${JSON.stringify(field)} is not a name=value field`);
    }
  }
  if (!ruaSeen) problems.unshift("it names no rua (where reports go)");
  const problem = problems.length > 0 ? problems.join("; ") : null;
  return { record, valid: problem === null, rua, problem };
}
