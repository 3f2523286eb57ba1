import type * as packet from "dns-packet";
import { absoluteName, parseTtl, recordFromTokens, tokenize } from "./presentation.js";

/**
 * The logical lines of a master file: a record continued inside parentheses is one line. Each
 * says whether it began with white space (then its owner is the previous record's).
 */
function logicalLines(text: string): { text: string; startsBlank: boolean }[] {
  const lines: { text: string; startsBlank: boolean }[] = [];
  let current = "";
  let startsBlank = false;
  let depth = 0;
  for (const line of text.split(/\r?\n/)) {
    if (current === "" && depth === 0) startsBlank = /^[ \t]/.test(line);
    let quoted = false;
    for (let index = 0; index < line.length; index++) {
      const char = line[index]!;
      if (char === "\\") index++;
      else if (char === '"') quoted = !quoted;
      else if (!quoted && char === ";") break;
      else if (!quoted && char === "(") depth++;
      else if (!quoted && char === ")") depth = Math.max(0, depth - 1);
    }
    current += `${line}\n`;
    if (depth === 0) {
      if (tokenize(current).length > 0) lines.push({ text: current, startsBlank });
      current = "";
    }
  }
  return lines;
}

/**
 * A zone in RFC 1035's master file format: `$ORIGIN`, `$TTL` and `$INCLUDE` (read through
 * `include`, relative to the zone data's root as CoreDNS resolves it), relative names, `@`,
 * records continued in parentheses, omitted owners, TTLs and classes.
 */
export function readZoneFile(options: {
  text: string;
  origin: string;
  include?: (path: string) => string;
}): packet.Answer[] {
  const records: packet.Answer[] = [];
  let origin = absoluteName(
    options.origin.endsWith(".") ? options.origin : `${options.origin}.`,
    "",
  );
  if (origin === ".") origin = "";
  let ttl = 3600;
  let owner: string | undefined;
  for (const line of logicalLines(options.text)) {
    const tokens = tokenize(line.text);
    const directive = tokens[0]!.text.toUpperCase();
    if (directive === "$ORIGIN") {
      const next = absoluteName(tokens[1]!.text, origin);
      origin = next === "." ? "" : next;
      continue;
    }
    if (directive === "$TTL") {
      ttl = parseTtl(tokens[1]!.text) ?? ttl;
      continue;
    }
    if (directive === "$INCLUDE") {
      if (!options.include) throw new Error("$INCLUDE without a way to read the file");
      const included = readZoneFile({
        text: options.include(tokens[1]!.text),
        origin: tokens[2] ? absoluteName(tokens[2].text, origin) : origin || ".",
        include: options.include,
      });
      records.push(...included);
      continue;
    }
    const record = recordFromTokens(
      tokens,
      { origin, ttl, ...(owner ? { owner } : {}) },
      line.startsBlank,
    );
    owner = record.name;
    records.push(record);
  }
  return records;
}
