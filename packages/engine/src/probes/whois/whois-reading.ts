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

const listKeys = new WeakMap<readonly string[], readonly string[]>();

/** The keys of a list of labels, in order, once per list: lists are constants, built once. */
function keysOf(labels: readonly string[]): readonly string[] {
  let keys = listKeys.get(labels);
  if (!keys) {
    // `Name Server 1`..`13` are all `name server`: each key once.
    keys = [...new Set(labels.map(labelKey))];
    listKeys.set(labels, keys);
  }
  return keys;
}

const profileLabels = new WeakMap<WhoisProfile, Map<WhoisField, readonly string[]>>();

/** A field's labels for a profile: its own first, then the generic ones unless it reads only its own. */
function fieldLabels(profile: WhoisProfile, field: WhoisField): readonly string[] {
  const fields = profileLabels.get(profile) ?? new Map<WhoisField, readonly string[]>();
  profileLabels.set(profile, fields);
  let labels = fields.get(field);
  if (!labels) {
    labels = [
      ...(profile.labels?.[field] ?? []),
      ...(profile.onlyLabels?.includes(field) ? [] : genericLabels[field]),
    ];
    fields.set(field, labels);
  }
  return labels;
}

export function reading(entries: readonly WhoisEntry[], profile: WhoisProfile): Reading {
  const byBlock = new Map<WhoisBlock, Map<string, WhoisEntry[]>>();
  const present = new Set<string>();
  for (const entry of entries) {
    const labels = byBlock.get(entry.block) ?? new Map<string, WhoisEntry[]>();
    for (const key of labelKeys(entry.label)) {
      present.add(key);
      const list = labels.get(key) ?? [];
      if (entry.value) list.push(entry);
      labels.set(key, list);
    }
    byBlock.set(entry.block, labels);
  }
  const labelsOf = (field: WhoisField) => fieldLabels(profile, field);
  // Most labels of the tables are absent from any one answer: they are skipped at one lookup.
  const found = (blocks: readonly WhoisBlock[], key: string): WhoisEntry[] => {
    if (!present.has(key)) return [];
    const list: WhoisEntry[] = [];
    for (const block of blocks) {
      const entries = byBlock.get(block)?.get(key);
      if (entries) list.push(...entries);
    }
    return list;
  };
  const entriesOf = (blocks: readonly WhoisBlock[], labels: readonly string[]) => {
    const list: WhoisEntry[] = [];
    for (const key of keysOf(labels)) list.push(...found(blocks, key));
    return list;
  };
  const values = (blocks: readonly WhoisBlock[], labels: readonly string[]) => {
    for (const key of keysOf(labels)) {
      const entries = found(blocks, key);
      if (entries.length > 0) return entries.map((entry) => entry.value);
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
