import { normalizeDomain } from "@domain-intel/engine";

export interface AuditInput {
  /** Normalised names, each once, in the order of the file. */
  domains: string[];
  /** Lines that are not a domain name, with the reason. */
  invalid: Array<{ line: number; text: string; reason: string }>;
}

/** One domain a line; blank lines and `#` comments skipped (a comment may end a line too). */
export function parseAuditInput(text: string): AuditInput {
  const seen = new Set<string>();
  const input: AuditInput = { domains: [], invalid: [] };
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(/#.*$/, "").trim();
    if (line === "") return;
    try {
      const { name } = normalizeDomain(line);
      if (seen.has(name)) return;
      seen.add(name);
      input.domains.push(name);
    } catch (error) {
      input.invalid.push({ line: index + 1, text: line, reason: (error as Error).message });
    }
  });
  return input;
}
