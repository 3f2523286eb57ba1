import { genericLabels, labelKey, labelKeys, type WhoisField } from "./whois-labels.js";
import type { WhoisProfile } from "./whois-profiles.js";
import type { WhoisBlock, WhoisEntry } from "./whois-reader.js";

/** A WHOIS answer's entries indexed by block and label key, with the profile's labels first. */
export interface Reading {
  readonly entries: readonly WhoisEntry[];
  /** The first value of a field (its labels, the profile's first) in a block, placeholders aside. */
  first(
    block: WhoisBlock,
    field: WhoisField | undefined,
    labels?: readonly string[],
  ): string | undefined;
  /** Every value of the first label of `labels` present in one of `blocks`. */
  values(blocks: readonly WhoisBlock[], labels: readonly string[]): string[];
  /** Every entry under any of `labels` in one of `blocks`, label by label in order. */
  entriesOf(blocks: readonly WhoisBlock[], labels: readonly string[]): WhoisEntry[];
  /** The entries of the contact object whose handle (`nic-hdl:`, `contact:`) is `handle`. */
  objectOf(handle: string): readonly WhoisEntry[];
  labelsOf(field: WhoisField): readonly string[];
}

/** Placeholder values that mean the registry withholds the field. */
export const withheld =
  /^(?:redacted|not disclosed|data protected|hidden|n\/a|private|withheld|gdpr|statutory masking|not available|non-public|not shown|not\.defined|not defined|-+)(?:\W|$)|redacted for privacy|gdpr|hidden upon user request|data protected|please query the rdds service/i;

/** Labels that name a contact object's handle. */
const handleLabels = new Set(
  ["nic-hdl", "nic-hdl-br", "contact", "id", "contact id", "handle", "norid handle"].map(labelKey),
);

export function reading(entries: readonly WhoisEntry[], profile: WhoisProfile): Reading {
  const byBlock = new Map<WhoisBlock, Map<string, WhoisEntry[]>>();
  for (const entry of entries) {
    const labels = byBlock.get(entry.block) ?? new Map<string, WhoisEntry[]>();
    for (const key of labelKeys(entry.label)) {
      const list = labels.get(key) ?? [];
      if (entry.value) list.push(entry);
      labels.set(key, list);
    }
    byBlock.set(entry.block, labels);
  }
  const labelsOf = (field: WhoisField) => [
    ...(profile.labels?.[field] ?? []),
    ...(profile.onlyLabels?.includes(field) ? [] : genericLabels[field]),
  ];
  const entriesOf = (blocks: readonly WhoisBlock[], labels: readonly string[]) =>
    labels.flatMap((label) => {
      const key = labelKey(label);
      return blocks.flatMap((block) => byBlock.get(block)?.get(key) ?? []);
    });
  const values = (blocks: readonly WhoisBlock[], labels: readonly string[]) => {
    for (const label of labels) {
      const key = labelKey(label);
      const found = blocks.flatMap((block) => byBlock.get(block)?.get(key) ?? []);
      if (found.length > 0) return found.map((entry) => entry.value);
    }
    return [];
  };
  const objectOf = (handle: string) => {
    const wanted = handle.trim().toLowerCase();
    const key = entries.find(
      (entry) =>
        entry.block === "contact" &&
        handleLabels.has(labelKey(entry.label)) &&
        entry.value.trim().toLowerCase() === wanted,
    );
    return key ? entries.filter((entry) => entry.object === key.object) : [];
  };
  return {
    entries,
    labelsOf,
    values,
    entriesOf,
    objectOf,
    first: (block, field, labels) =>
      values([block], labels ?? labelsOf(field!)).find((value) => !withheld.test(value)),
  };
}
