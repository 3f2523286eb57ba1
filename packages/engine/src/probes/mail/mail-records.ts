import { createPublicKey } from "node:crypto";
import type { BimiRecord, DkimKey, MtaStsPolicy } from "./declaration.js";

/** `tag=value; tag=value` (RFC 6376 3.2, shared by MTA-STS, DKIM and BIMI records). */
export function parseTagList(text: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of text.split(";")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    const name = part.slice(0, at).trim().toLowerCase();
    if (name && !tags.has(name)) tags.set(name, part.slice(at + 1).trim());
  }
  return tags;
}

/** The record among `values` whose first tag is `v=<version>`. */
export function findVersioned(values: readonly string[], version: string): string[] {
  const start = new RegExp(`^v\\s*=\\s*${version}\\s*(;|$)`, "i");
  return values.filter((value) => start.test(value.trim()));
}

/** The policy file: `key: value` lines (RFC 8461 3.2). */
export function parseMtaStsPolicy(text: string): MtaStsPolicy {
  const fields: [string, string][] = [];
  for (const line of text.split(/\r?\n/)) {
    const at = line.indexOf(":");
    if (at < 0) continue;
    fields.push([line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim()]);
  }
  const first = (key: string) => fields.find(([name]) => name === key)?.[1] ?? null;
  const version = first("version");
  const modeText = first("mode");
  const mode =
    modeText === "enforce" || modeText === "testing" || modeText === "none" ? modeText : null;
  const maxAgeText = first("max_age");
  const maxAge = maxAgeText !== null && /^\d{1,10}$/.test(maxAgeText) ? Number(maxAgeText) : null;
  const mx = fields.filter(([name]) => name === "mx").map(([, value]) => value.toLowerCase());
  const problems: string[] = [];
  if (version !== "STSv1") problems.push("version is not STSv1");
  if (mode === null) problems.push("mode is not enforce, testing or none");
  if (maxAge === null || maxAge > 31_557_600)
    problems.push("max_age is not a number of seconds up to 31557600");
  if (mode !== null && mode !== "none" && mx.length === 0) problems.push("it lists no mx");
  return { version, mode, mx, maxAge, problems };
}

/** RFC 8461 4.1: an `mx` pattern is a name or `*.` plus a name, matching one more label. */
export function mxMatchesPattern(host: string, pattern: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, "");
  const wanted = pattern.toLowerCase().replace(/\.$/, "");
  if (!wanted.startsWith("*.")) return name === wanted;
  const rest = wanted.slice(2);
  const at = name.indexOf(".");
  return at > 0 && name.slice(at + 1) === rest;
}

/** RFC 6376 3.6.1: `v=DKIM1; k=rsa; p=<base64 SubjectPublicKeyInfo>; t=y`. */
export function parseDkimKey(selector: string, record: string): DkimKey {
  const tags = parseTagList(record);
  const keyType = (tags.get("k") ?? "rsa").toLowerCase();
  const p = (tags.get("p") ?? "").replace(/\s+/g, "");
  const flags = (tags.get("t") ?? "").split(":").map((flag) => flag.trim().toLowerCase());
  return {
    selector,
    record,
    keyType,
    keyBits: p === "" ? null : keyBits(keyType, p),
    testing: flags.includes("y"),
    revoked: p === "",
  };
}

function keyBits(keyType: string, base64: string): number | null {
  const der = Buffer.from(base64, "base64");
  if (keyType === "ed25519") return der.length === 32 ? 256 : null;
  try {
    const key = createPublicKey({ key: der, format: "der", type: "spki" });
    return key.asymmetricKeyDetails?.modulusLength ?? null;
  } catch {
    return null;
  }
}

/** `default._bimi`: `v=BIMI1; l=<SVG URL>; a=<VMC URL>`. */
export function parseBimi(record: string): BimiRecord {
  const tags = parseTagList(record);
  return { record, location: tags.get("l") || null, authority: tags.get("a") || null };
}
