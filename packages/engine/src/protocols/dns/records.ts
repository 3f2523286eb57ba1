import type * as packet from "dns-packet";

// Record helpers every section reading DNS answers shares.

/** Longest alias chain followed; real resolvers give up around 8-16 too. */
export const maxChain = 16;

/** Lower case, no trailing dot; the root stays `.` (a null MX points there). */
export function normalizeName(name: string): string {
  if (name === "." || name === "") return ".";
  return name.toLowerCase().replace(/\.$/, "");
}

/** RFC 2181 8: a TTL with the top bit set is treated as zero. */
export const ttlOf = (record: { ttl?: number | undefined }) => {
  const ttl = record.ttl ?? 0;
  return ttl > 0x7fffffff ? 0 : ttl;
};

/** A TXT record: its character-strings joined, and one by one when there are several. */
export interface TxtRecord {
  /** The character-strings joined without separator, decoded as UTF-8. */
  value: string;
  /** The character-strings one by one, present only when there are several. */
  chunks?: string[];
  ttl: number;
}

/** `name` and every name its CNAME chain in `answers` leads to. */
export function aliasChain(options: {
  name: string;
  answers: readonly packet.Answer[];
}): Set<string> {
  const owners = new Set([normalizeName(options.name)]);
  let current = normalizeName(options.name);
  for (let step = 0; step < maxChain; step++) {
    const alias = options.answers.find(
      (record) => record.type === "CNAME" && normalizeName(record.name) === current,
    ) as packet.StringAnswer | undefined;
    if (!alias) break;
    current = normalizeName(alias.data);
    if (owners.has(current)) break;
    owners.add(current);
  }
  return owners;
}

export function txtRecord(record: packet.TxtAnswer): TxtRecord {
  const parts = (Array.isArray(record.data) ? record.data : [record.data]).map((part) =>
    typeof part === "string" ? Buffer.from(part) : part,
  );
  // Decode the joined bytes: a UTF-8 character may straddle two character-strings.
  const value = Buffer.concat(parts).toString("utf8");
  const ttl = ttlOf(record);
  if (parts.length < 2) return { value, ttl };
  return { value, chunks: parts.map((part) => part.toString("utf8")), ttl };
}
