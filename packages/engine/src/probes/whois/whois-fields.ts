import type { DomainRecord } from "rdapper";
import { parse } from "tldts";
import { type Reading, withheld } from "./whois-reading.js";

/**
 * The registrar: its name over a handle (`MARKMONITOR-REG` names the registrar block, which has
 * the name), without the handle, IANA id or tag registries write beside it (`MarkMonitor, Inc.
 * (R22-LRCC)`, `Tuonome IT (380)`, `Key-Systems GmbH [Tag = KEY-SYSTEMS-DE]`, `X t/a Y`); its
 * URL, IANA id and abuse desk where published.
 */
export function registrarOf(read: Reading): DomainRecord["registrar"] {
  const named = read.first("domain", "registrar");
  const handle = named !== undefined && registrarHandle.test(named);
  const blockName = read.first("registrar", undefined, registrarBlockNames);
  const written = (handle ? undefined : named) ?? blockName ?? named;
  const parts = written === undefined ? undefined : registrarNameParts(written);
  // "Registrar IANA ID: not applicable" (.ie): only a number is an id.
  const ianaId =
    read
      .values(["domain"], read.labelsOf("registrarIanaId"))
      .find((value) => /^\d+$/.test(value)) ?? parts?.ianaId;
  const url =
    read.first("domain", "registrarUrl") ??
    read.first("registrar", undefined, registrarBlockUrls) ??
    parts?.url;
  // The registrar's own object may carry its abuse desk (`abuse-email:`, .ua).
  const email =
    read.first("domain", "registrarAbuseEmail") ??
    read.first("registrar", undefined, registrarBlockEmails);
  const phone =
    read.first("domain", "registrarAbusePhone") ??
    read.first("registrar", undefined, registrarBlockPhones);
  const name = parts?.name;
  if (!(name || ianaId || url || email || phone)) return undefined;
  return {
    ...(name ? { name } : {}),
    ...(ianaId ? { ianaId } : {}),
    ...(url ? { url } : {}),
    ...(email ? { email } : {}),
    ...(phone ? { phone } : {}),
  };
}

/** Labels of the registrar's own block (`Registrar:` then `  Organization:`, .it). */
const registrarBlockNames = [
  "registrar name",
  "organization",
  "organisation",
  "organization name",
  "org",
  "name",
  "registrar",
];
const registrarBlockUrls = ["url", "www", "web", "website", "registrar url"];
const registrarBlockEmails = ["abuse-email", "abuse email", "abuse contact email"];
const registrarBlockPhones = ["abuse-phone", "abuse phone", "abuse contact phone"];

/** A registry's handle for a registrar (`FAJN-0002`, `NIC-REG1`, `R22-LRCC`). */
const registrarHandle = /^[A-Z0-9]+(?:[-_][A-Z0-9]+)+$/;
/** "No registrar listed. This domain is registered directly with Nominet." */
const noRegistrar = /^no registrar\b|^none\b|^not applicable\b/i;

function registrarNameParts(
  text: string,
): { name?: string; ianaId?: string; url?: string } | undefined {
  if (noRegistrar.test(text)) return undefined;
  let name = text.replace(/\s*\[tag\s*=[^\]]*\]\s*$/i, "").replace(/\s+t\/a\s.*$/i, "");
  let ianaId: string | undefined;
  let url: string | undefined;
  for (;;) {
    // "Name (https://registrar.example)", "Name (292)", "Name (R22-LRCC)", "Name R45-ME"
    const link = /^(.*?)\s*\(\s*(https?:\/\/[^)\s]+)\s*\)$/.exec(name);
    const id = /^(.*\S)\s*\((\d+)\)$/.exec(name);
    const tag = /^(.*\S)\s*(?:\(([A-Z0-9]+(?:-[A-Z0-9]+)+)\)|\s(R\d+-[A-Z0-9]+))$/.exec(name);
    if (link) [name, url] = [link[1]!, link[2]!];
    else if (id) [name, ianaId] = [id[1]!, id[2]!];
    else if (tag) name = tag[1]!;
    else break;
  }
  return { ...(name ? { name } : {}), ...(ianaId ? { ianaId } : {}), ...(url ? { url } : {}) };
}

/** EPP status codes (RFC 5731, RFC 3915) by their lower-case spelling. */
const eppCodes = new Map(
  [
    "ok",
    "inactive",
    "active",
    "addPeriod",
    "autoRenewPeriod",
    "renewPeriod",
    "transferPeriod",
    "redemptionPeriod",
    "pendingCreate",
    "pendingDelete",
    "pendingRenew",
    "pendingRestore",
    "pendingTransfer",
    "pendingUpdate",
    "clientDeleteProhibited",
    "clientHold",
    "clientRenewProhibited",
    "clientTransferProhibited",
    "clientUpdateProhibited",
    "serverDeleteProhibited",
    "serverHold",
    "serverRenewProhibited",
    "serverTransferProhibited",
    "serverUpdateProhibited",
    "serverRecoverProhibited",
  ].map((code) => [code.toLowerCase(), code]),
);

/**
 * The domain's statuses as the registry writes them: split on commas, and on whitespace where
 * every word is an EPP code; EPP codes in their RFC spelling; URLs and dates in parentheses
 * set aside; a registry phrase ("Transfer Locked", "Deletion forbidden") kept whole.
 */
export function statusesOf(read: Reading): DomainRecord["statuses"] {
  const lines = read.values(["domain"], read.labelsOf("statuses"));
  const statuses: { status: string; raw: string }[] = [];
  for (const raw of lines) {
    for (const part of raw.split(",")) {
      const phrase = part
        .replace(/\(?https?:\/\/\S+\)?/g, " ")
        .replace(/\([^)]*\)/g, " ")
        // "clientTransferProhibited - status prohibits transfer" (.kz): the code, not the gloss
        .replace(/\s+-(?:\s.*)?$/, "")
        // "200 Active" (.nz's query status): the word, not the answer code
        .replace(/^\d{3}\s+(?=\D)/, "")
        .replace(/\s+/g, " ")
        .trim()
        .replace(/\.$/, "");
      if (!phrase) continue;
      const words = phrase.split(" ");
      const codes = words.map((word) => eppCodes.get(word.toLowerCase()));
      if (codes.every((code) => code !== undefined)) {
        for (const code of codes) statuses.push({ status: code!, raw });
      } else {
        statuses.push({ status: phrase, raw });
      }
    }
  }
  return statuses.length > 0 ? statuses : undefined;
}

const hostName =
  /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]*[a-z0-9])?(?:\.[a-z0-9_](?:[a-z0-9_-]*[a-z0-9])?)+$/;

/** Names reserved for tests and documentation (RFC 6761), which no suffix list holds. */
const specialUseTlds = new Set(["test", "example", "invalid", "localhost"]);

const knownHosts = new Map<string, boolean>();

/**
 * A host name under a suffix that exists: not a handle (`NS1GOOG0.SER`) or `not.defined`.
 * (A TLD may be on the suffix list only through its second levels: .za's `co.za`.)
 */
function isHost(name: string): boolean {
  if (!hostName.test(name)) return false;
  let known = knownHosts.get(name);
  if (known === undefined) {
    const parsed = parse(name, { allowPrivateDomains: true });
    known =
      parsed.isIcann === true ||
      parsed.isPrivate === true ||
      specialUseTlds.has(name.slice(name.lastIndexOf(".") + 1));
    if (knownHosts.size >= 5000) knownHosts.clear();
    knownHosts.set(name, known);
  }
  return known;
}

/**
 * The name servers, each with the addresses written beside it: placeholders (`not.defined`)
 * aside, a zone-file line (`google.pt NS ns4.google.com.`) read as its target, and a line of
 * host names only (`NS1.GOOGLE.COM   NS2.GOOGLE.COM`) as that many servers.
 */
export function nameserversOf(read: Reading): DomainRecord["nameservers"] {
  const lines = read
    .entriesOf(["domain", "nsset"], read.labelsOf("nameservers"))
    .map((entry) => entry.value)
    .filter((line) => !withheld.test(line.trim()));
  const hosts = new Map<string, { host: string; ipv4?: string[]; ipv6?: string[] }>();
  for (const line of lines) {
    const tokens = line
      .trim()
      .replace(/^-\s*/, "")
      .replace(/^\S+\s+(?:\d+\s+)?(?:IN\s+)?NS\s+(?=\S)/i, "")
      .split(/[\s,]+/);
    const names = tokens.map((token) => token.toLowerCase().replace(/\.$/, ""));
    const servers = names.length > 1 && names.every(isHost) ? names.map((name) => [name]) : [names];
    for (const [name, ...rest] of servers) {
      if (!name || !isHost(name) || hosts.has(name)) continue;
      const parts = rest.map((part) => part.replace(/^[[(]|[\])]$/g, "").replace(/\/\d+$/, ""));
      const ipv4 = parts.filter((part) => /^\d+\.\d+\.\d+\.\d+$/.test(part));
      const ipv6 = parts.filter((part) => /^[0-9a-f:]+$/i.test(part) && part.includes(":"));
      hosts.set(name, {
        host: name,
        ...(ipv4.length ? { ipv4 } : {}),
        ...(ipv6.length ? { ipv6 } : {}),
      });
    }
  }
  return hosts.size > 0 ? [...hosts.values()] : undefined;
}
