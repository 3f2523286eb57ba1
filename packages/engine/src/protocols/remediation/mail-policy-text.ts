/**
 * Tag lists of mail policy records (DMARC, TLS-RPT, MTA-STS TXT: `k=v; k=v`), read and written
 * keeping the order and the spelling of the tags not changed.
 */
export type TagList = [name: string, value: string][];

export function readTags(record: string): TagList {
  const tags: TagList = [];
  for (const part of record.split(";")) {
    const match = /^\s*([A-Za-z0-9_]+)\s*=\s*(.*?)\s*$/.exec(part);
    if (match) tags.push([match[1]!, match[2]!]);
  }
  return tags;
}

export const tagValue = (tags: TagList, name: string): string | undefined =>
  tags.find(([tag]) => tag.toLowerCase() === name)?.[1];

/** `tags` with `name` set to `value` (replaced in place, else added after `after` or at the end). */
export function withTag(tags: TagList, name: string, value: string, after?: string): TagList {
  const at = tags.findIndex(([tag]) => tag.toLowerCase() === name);
  if (at >= 0) return tags.map((entry, index) => (index === at ? [entry[0], value] : entry));
  const anchor = after ? tags.findIndex(([tag]) => tag.toLowerCase() === after) : -1;
  if (anchor < 0) return [...tags, [name, value]];
  return [...tags.slice(0, anchor + 1), [name, value], ...tags.slice(anchor + 1)];
}

export const withoutTag = (tags: TagList, name: string): TagList =>
  tags.filter(([tag]) => tag.toLowerCase() !== name);

export const writeTags = (tags: TagList): string =>
  tags.map(([name, value]) => `${name}=${value}`).join("; ");
