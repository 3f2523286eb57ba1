/**
 * The domains an SPF record delegates to (RFC 7208 5.2 `include:`, 6.1 `redirect=`), from the
 * TXT strings at the domain: the record is the one starting `v=spf1`. Macros are left out: they
 * name no provider.
 */
export function spfIncludes(txt: readonly string[]): string[] {
  const record = txt.find((value) => /^v=spf1(\s|$)/i.test(value.trim()));
  if (!record) return [];
  const domains = record
    .trim()
    .split(/\s+/)
    .map((term) => /^[+?~-]?include:(.+)$/i.exec(term)?.[1] ?? /^redirect=(.+)$/i.exec(term)?.[1])
    .filter((domain): domain is string => domain !== undefined && !domain.includes("%"))
    .map((domain) => domain.toLowerCase().replace(/\.$/, ""));
  return [...new Set(domains)];
}
