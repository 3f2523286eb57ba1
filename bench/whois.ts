/**
 * python-whois's corpus (66 real registry answers, packages/test-kit/src/whois/corpus) through
 * the whois section, as `GET /api/v1/whois/{domain}` with RDAP unavailable and every TLD sent
 * to a loopback WHOIS server; and the same samples read by two peers side by side: whoiser's
 * parser (`parseDomainWhois`, on the recorded text) and rdapper's WHOIS reader (its own
 * `lookup`, WHOIS only, against the same loopback server). Prints per field how many samples
 * each reads right, wrong or not at all (judged against the fixtures' fields, which follow the
 * raw text), the answers other than 200, and our reader's time per sample. Run with
 * `pnpm bench:whois`.
 */

import { createRequire, syncBuiltinESMExports } from "node:module";
import {
  type CorpusField,
  type CorpusVerdict,
  corpusFields,
  engineGet,
  judgeCorpusField,
  startWhoisCorpusWorld,
  type WhoisCorpusSample,
  whoisCorpus,
} from "@domain-intel/test-kit";
import { type DomainRecord, lookup } from "rdapper";
import { createEngine, silentLogger } from "../packages/engine/dist/index.js";
import { parseWhoisText } from "../packages/engine/dist/probes/whois/whois-text.js";
import { assertBenchTsconfig } from "./support/bench-process.js";

assertBenchTsconfig();

const key = "bench-whois-corpus-key";
const readRuns = 20;
const require = createRequire(import.meta.url);
const { parseDomainWhois } = require("whoiser/src/parsers.js") as {
  parseDomainWhois(domain: string, text: string, ignorePrivacy: boolean): Record<string, unknown>;
};

type Data = Record<string, unknown>;
type Tally = Record<CorpusField, Record<CorpusVerdict, number>>;
const newTally = () =>
  Object.fromEntries(
    corpusFields.map((field) => [field, { correct: 0, wrong: 0, missing: 0, unscored: 0 }]),
  ) as Tally;

/** A peer's date as a user of it would take it: what `new Date` makes of the string, or none. */
function instant(value: unknown): string | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text !== "string" || text.trim() === "") return null;
  const time = new Date(text.trim()).getTime();
  return Number.isNaN(time) ? null : new Date(time).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** whoiser's result in the section's shape, so one judge reads all three. */
function whoiserData(result: Record<string, unknown>): Data {
  const text = (label: string) => {
    const value = result[label];
    return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
  };
  const list = (label: string) =>
    (Array.isArray(result[label]) ? (result[label] as unknown[]) : []).filter(
      (item): item is string => typeof item === "string" && item !== "",
    );
  const registrar = text("Registrar");
  const country = text("Registrant Country");
  return {
    registrar: registrar ? { name: registrar } : null,
    createdAt: instant(text("Created Date")),
    updatedAt: instant(text("Updated Date")),
    expiresAt: instant(text("Expiry Date")),
    nameservers: list("Name Server"),
    statuses: list("Domain Status").map((code) => ({ code })),
    registrant: country ? { country } : null,
  };
}

/** rdapper's record in the section's shape. */
function rdapperData(record: DomainRecord | undefined): Data | undefined {
  if (!record) return undefined;
  const registrant = record.contacts?.find((contact) => contact.type === "registrant");
  return {
    registrar: record.registrar?.name ? { name: record.registrar.name } : null,
    createdAt: instant(record.creationDate),
    updatedAt: instant(record.updatedDate),
    expiresAt: instant(record.expirationDate),
    nameservers: (record.nameservers ?? []).map(({ host }) => host),
    statuses: (record.statuses ?? []).map(({ status }) => ({ code: status })),
    registrant: { country: registrant?.countryCode ?? registrant?.country ?? null },
  };
}

/**
 * rdapper always dials port 43: its connections to the loopback server are sent to the port
 * the server listens on, so rdapper reads the same bytes through its own client.
 */
function sendPort43To(port: number): void {
  const net = require("node:net") as typeof import("node:net");
  const original = net.createConnection;
  net.createConnection = ((options: unknown, ...rest: unknown[]) => {
    const target = options as { port?: number; host?: string };
    const redirected =
      typeof options === "object" && target.port === 43 ? { ...target, port } : options;
    return (original as (...args: unknown[]) => unknown)(redirected, ...rest);
  }) as typeof net.createConnection;
  syncBuiltinESMExports();
}

async function main(): Promise<void> {
  const samples = whoisCorpus();
  const world = await startWhoisCorpusWorld(samples);
  const rdap = world.engineOptions.rdap!;
  sendPort43To(rdap.whoisPort!);
  const engine = createEngine({
    keys: [key],
    ...world.engineOptions,
    probes: { dns: false, ssl: false },
    logger: silentLogger,
  });
  // rdapper keys its hints by public suffix (`co.uk`), the section by TLD: every suffix of
  // every sample goes to the loopback server, so rdapper never asks IANA.
  const host = Object.values(rdap.whoisHints ?? {})[0]!;
  const suffixHints = Object.fromEntries(
    samples.flatMap(({ domain }) =>
      domain
        .split(".")
        .map((_, index, labels) => [labels.slice(index + 1).join("."), host] as const)
        .filter(([suffix]) => suffix !== ""),
    ),
  );
  const ours = newTally();
  const whoiser = newTally();
  const rdapper = newTally();
  const notOk: string[] = [];
  const judgeAll = (tally: Tally, sample: WhoisCorpusSample, data: Data | undefined) => {
    for (const field of corpusFields) tally[field][judgeCorpusField(sample, field, data)] += 1;
  };
  try {
    for (const sample of samples) {
      const answer = await engineGet(engine, `/api/v1/whois/${sample.domain}`, key);
      if (answer.status !== 200) notOk.push(`${sample.domain} ${answer.status}`);
      judgeAll(ours, sample, answer.status === 200 ? answer.body.data : undefined);
      judgeAll(whoiser, sample, whoiserData(parseDomainWhois(sample.domain, sample.raw, true)));
      const looked = await lookup(sample.domain, {
        whoisOnly: true,
        followWhoisReferral: false,
        whoisHints: suffixHints,
        timeoutMs: 3000,
      });
      judgeAll(rdapper, sample, rdapperData(looked.ok ? looked.record : undefined));
    }
  } finally {
    await world.close();
  }

  // Our reader alone: each sample read in `rounds` rounds of `readRuns` reads; a sample's time is
  // its best round's mean, so a round another process interrupted does not count.
  const rounds = 5;
  const read = (sample: WhoisCorpusSample) =>
    // The profile lookup tries every suffix of this, most specific first.
    parseWhoisText({
      domain: sample.domain,
      tld: sample.domain.split(".").slice(1).join("."),
      text: sample.raw,
      server: "whois.example",
    });
  // Warm-up: every sample read a few times first, so the first ones timed are not the JIT's.
  for (let pass = 0; pass < 5; pass++) for (const sample of samples) read(sample);
  let totalMs = 0;
  let slowestMs = 0;
  let slowest = "";
  for (const sample of samples) {
    let bestMs = Number.POSITIVE_INFINITY;
    for (let round = 0; round < rounds; round++) {
      const started = performance.now();
      for (let run = 0; run < readRuns; run++) read(sample);
      bestMs = Math.min(bestMs, (performance.now() - started) / readRuns);
    }
    totalMs += bestMs;
    if (bestMs > slowestMs) [slowestMs, slowest] = [bestMs, sample.domain];
  }

  const cell = ({ correct, wrong, missing }: Record<CorpusVerdict, number>) =>
    `${correct}/${correct + wrong + missing} ${wrong}w ${missing}m`.padEnd(16);
  console.log(
    `whois corpus: ${samples.length} samples; correct/scored, w = wrong, m = missing (not read)`,
  );
  console.log(`  ${"field".padEnd(18)}${"ours".padEnd(16)}${"whoiser".padEnd(16)}rdapper`);
  for (const field of corpusFields) {
    console.log(
      `  ${field.padEnd(18)}${cell(ours[field])}${cell(whoiser[field])}${cell(rdapper[field])}`,
    );
  }
  console.log(`  non-200 answers: ${notOk.length}${notOk.length ? ` (${notOk.join(", ")})` : ""}`);
  console.log(
    `  reader: ${(totalMs / samples.length).toFixed(3)} ms a sample on average, slowest ${slowest} at ${slowestMs.toFixed(3)} ms (best of ${rounds} rounds, after a warm-up)`,
  );

  // The targets: no answer other than 200, no wrong date, 95 % of every field, ahead of both
  // peers on every field, under 2 ms a sample.
  const share = ({ correct, wrong, missing }: Record<CorpusVerdict, number>) =>
    correct / Math.max(1, correct + wrong + missing);
  const missed = [
    ...(notOk.length > 0 ? [`${notOk.length} non-200 answers`] : []),
    ...(["createdAt", "updatedAt", "expiresAt"] as const)
      .filter((field) => ours[field].wrong > 0)
      .map((field) => `${ours[field].wrong} wrong ${field}`),
    ...corpusFields
      .filter((field) => share(ours[field]) < 0.95)
      .map((field) => `${field} below 95 %`),
    ...corpusFields
      .filter(
        (field) =>
          ours[field].correct <= whoiser[field].correct ||
          ours[field].correct <= rdapper[field].correct,
      )
      .map((field) => `${field} not ahead of both peers`),
    ...(slowestMs >= 2 ? [`slowest sample ${slowestMs.toFixed(3)} ms`] : []),
  ];
  console.log(missed.length === 0 ? "  targets met" : `  targets missed: ${missed.join("; ")}`);
  process.exitCode = missed.length === 0 ? 0 : 1;
}

await main();
