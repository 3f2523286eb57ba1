import { readdirSync, readFileSync } from "node:fs";
import { createEngine, type Engine, type EngineOptions, silentLogger } from "@domain-intel/engine";
import { startDnsServer } from "../dns/dns-server.js";
import { noBuiltInProbes } from "../engine/no-built-in-probes.js";
import type { WhoisCorpusExpected, WhoisCorpusSample } from "./corpus-judge.js";
import { startWhoisServer } from "./whois-server.js";

const corpusDir = new URL("./corpus/", import.meta.url);

/** Name servers and registrant country read by hand from each raw answer (read-from-raw.json). */
const readFromRaw = JSON.parse(
  readFileSync(new URL("read-from-raw.json", corpusDir), "utf8"),
) as Record<string, { nameservers: string[] | null; registrantCountry: string | null }>;

/**
 * python-whois's expectations that the raw text contradicts: the raw text wins. Keys are the
 * sample's domain; each says why.
 */
const corrections: Record<string, { why: string; fields: WhoisCorpusExpected }> = {
  "microsoft.com": {
    why: "the registry's record for MICROSOFT.COM names TUCOWS INC.; CRONON AG is one of the look-alike names listed before it",
    fields: { registrar: "TUCOWS INC." },
  },
  "reddit.com": {
    why: "the registry's record names DSTR ACQUISITION PA I, LLC DBA DOMAINBANK.COM; DOMAINBANK is the registrar's own answer appended after it",
    fields: { registrar: "DSTR ACQUISITION PA I, LLC DBA DOMAINBANK.COM" },
  },
  "google.at": {
    why: "the parenthesis after the name is the registrar's page at nic.at, not part of its name",
    fields: { registrar: "MarkMonitor Inc." },
  },
  "google.fr": {
    why: "ACTIVE is the registry's state beside the EPP statuses; associated, not identified and ok describe the contacts",
    fields: {
      statuses: [
        "serverUpdateProhibited",
        "serverTransferProhibited",
        "serverDeleteProhibited",
        "serverRecoverProhibited",
      ],
    },
  },
  "univ-paris8.fr": {
    why: "the domain's EPP status is active; associated, not identified and ok describe the contacts",
    fields: { statuses: ["active"] },
  },
  "google.com.ua": {
    why: "ok and linked are the contacts' statuses, not the domain's",
    fields: {
      statuses: ["clientDeleteProhibited", "clientTransferProhibited", "clientUpdateProhibited"],
    },
  },
  "yandex.kz": {
    why: "python-whois kept the label in its first status (`status : clientTransferProhibited`)",
    fields: {
      statuses: ["clientTransferProhibited", "clientDeleteProhibited", "clientRenewProhibited"],
    },
  },
  "druid.fi": {
    why: "the registry gives the times (created 18.7.2012 04:04:23, expires 17.7.2022 22:16:55)",
    fields: { createdAt: "2012-07-18T04:04:23Z", expiresAt: "2022-07-17T22:16:55Z" },
  },
  "google.cl": {
    why: "the registry's times are in CLST (UTC-3), which python-whois drops",
    fields: { createdAt: "2002-10-22T20:48:23Z", expiresAt: "2019-11-20T17:48:02Z" },
  },
  "amazon.co.uk": {
    why: "`Registered on: before Aug-1996` is no date; the registrar is Amazon.com, Inc., which `t/a` (trading as) and `[Tag = AMAZON-COM]` (Nominet's handle) follow",
    fields: { createdAt: null, registrar: "Amazon.com, Inc." },
  },
  "www.gov.uk": {
    why: "`Registered on: before Aug-1996` is no date; `No registrar listed.` says there is no registrar",
    fields: { createdAt: null, registrar: null },
  },
  "nic.live": {
    why: "ACTIVE is the TLD's status in the IANA header, not the domain's; 9999 is the registrar's IANA id, not part of its name",
    fields: {
      statuses: ["serverTransferProhibited"],
      registrar: "Registry Operator acts as Registrar",
    },
  },
  "slashdot.org": {
    why: "R11-LROR is the registrar's handle at the registry, not part of its name",
    fields: { registrar: "Tucows Inc." },
  },
  "google.lv": {
    why: "`Updated:` under `[Whois]` is when the WHOIS data was produced, not the domain's change (weppos's .lv answer shows the domain's own `Changed:` beside a later `[Whois] Updated:`)",
    fields: { updatedAt: null },
  },
};

/**
 * Every sample of the corpus (66 registered names), in name order. A field python-whois leaves
 * empty is not scored (its reader may have missed it); one a correction or read-from-raw.json
 * sets to null is asserted absent.
 */
export function whoisCorpus(): WhoisCorpusSample[] {
  return readdirSync(corpusDir)
    .filter((name) => name.endsWith(".txt") && !name.startsWith("LICENSE"))
    .sort()
    .map((name) => {
      const domain = name.slice(0, -".txt".length);
      const raw = readFileSync(new URL(name, corpusDir), "utf8");
      const json = JSON.parse(
        readFileSync(new URL(`${domain}.expected.json`, corpusDir), "utf8"),
      ) as Record<string, unknown>;
      const correction = corrections[domain];
      return {
        source: "python-whois",
        fixture: domain,
        domain,
        raw,
        expected: {
          registered: true,
          registrar: typeof json.registrar === "string" ? json.registrar : undefined,
          createdAt: instantOf(json.creation_date),
          updatedAt: instantOf(json.updated_date),
          expiresAt: instantOf(json.expiration_date),
          statuses: statusWordsOf(json.status),
          nameservers: readFromRaw[domain]?.nameservers ?? null,
          registrantCountry: readFromRaw[domain]?.registrantCountry ?? null,
          ...correction?.fields,
        },
        ...(correction ? { corrected: correction.why } : {}),
      };
    });
}

/** python-whois's date (or the first of its list) as an ISO instant to the second. */
function instantOf(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first !== "string") return undefined;
  const time = Date.parse(first.replace(" ", "T").replace(/\.\d+/, ""));
  return Number.isNaN(time) ? undefined : new Date(time).toISOString().replace(/\.000Z$/, "Z");
}

function statusWordsOf(value: unknown): string[] | undefined {
  const list = Array.isArray(value) ? value : typeof value === "string" ? [value] : [];
  const words = list
    .filter((item): item is string => typeof item === "string")
    .filter((item) => item.trim() !== "");
  return words.length > 0 ? words : undefined;
}

/**
 * Samples in rounds whose domains are all different, in order: one loopback server answers one
 * text a domain, and upstream sets hold several answers for one name (`google.co.za`).
 */
export function corpusRounds(samples: readonly WhoisCorpusSample[]): WhoisCorpusSample[][] {
  const rounds: WhoisCorpusSample[][] = [];
  for (const sample of samples) {
    const domain = sample.domain.toLowerCase();
    const round = rounds.find((list) => !list.some((s) => s.domain.toLowerCase() === domain));
    if (round) round.push(sample);
    else rounds.push([sample]);
  }
  return rounds;
}

export interface WhoisCorpusWorld {
  /** Engine options that send every sample's TLD to the loopback WHOIS server, RDAP listing none. */
  engineOptions: Pick<EngineOptions, "network" | "rdap" | "rateLimit">;
  close(): Promise<void>;
}

/**
 * A loopback WHOIS server answering each sample's domain with its recorded text (and "No
 * match" otherwise), every TLD of the corpus hinted to it, an RDAP bootstrap that lists no
 * server (RDAP unavailable), and a resolver that answers NXDOMAIN: a registrar referral in a
 * thin answer fails at once and the registry's answer stands.
 */
export async function startWhoisCorpusWorld(
  samples: readonly WhoisCorpusSample[],
): Promise<WhoisCorpusWorld> {
  const byDomain = new Map(
    samples.map((sample) => [sample.domain.toLowerCase(), sample.bytes ?? sample.raw]),
  );
  const whois = await startWhoisServer(
    (query) => byDomain.get(query.trim().toLowerCase().replace(/\/e$/, "")) ?? "No match\r\n",
    { host: "127.0.0.1", port: 0 },
  );
  const dns = await startDnsServer((query) => ({
    type: "response",
    id: query.id,
    flags: 0,
    rcode: "NXDOMAIN",
    questions: query.questions,
  }));
  const hints = Object.fromEntries(
    samples.map((sample) => [sample.domain.split(".").pop()!, whois.host]),
  );
  return {
    engineOptions: {
      network: { allowPrivateAddresses: true, timeoutMs: 3000, resolvers: [dns.address] },
      // A corpus is hundreds of lookups with one key.
      rateLimit: false,
      rdap: {
        bootstrap: { version: "1.0", publication: "2026-11-01T00:00:00Z", services: [] },
        whoisHints: hints,
        whoisPort: whois.port,
      },
    },
    close: async () => {
      await Promise.all([whois.close(), dns.close()]);
    },
  };
}

/** An engine with the whois section alone, asking a corpus world of `samples`; closed together. */
export async function startWhoisCorpusEngine(
  samples: readonly WhoisCorpusSample[],
  key: string,
): Promise<{ engine: Engine; world: WhoisCorpusWorld; close(): Promise<void> }> {
  const world = await startWhoisCorpusWorld(samples);
  const { whois: _whois, ...others } = noBuiltInProbes;
  const engine = createEngine({
    keys: [key],
    ...world.engineOptions,
    probes: others,
    logger: silentLogger,
  });
  return { engine, world, close: () => world.close() };
}
