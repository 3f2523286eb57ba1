/**
 * python-whois's corpus (66 real registry answers, packages/test-kit/src/whois/corpus) through
 * the whois section, as `GET /api/v1/whois/{domain}` with RDAP unavailable and every TLD sent
 * to a loopback WHOIS server. Prints per field how many samples read right, wrong or not at
 * all (judged against the fields the raw text gives), the answers other than 200, and the
 * reader's time per sample. Run with `pnpm bench:whois`.
 */

import {
  type CorpusVerdict,
  corpusFields,
  engineGet,
  judgeCorpusField,
  startWhoisCorpusWorld,
  whoisCorpus,
} from "@domain-intel/test-kit";
import { createEngine, silentLogger } from "../packages/engine/dist/index.js";
import { parseWhoisText } from "../packages/engine/dist/probes/whois/whois-text.js";
import { assertBenchTsconfig } from "./support/bench-process.js";

assertBenchTsconfig();

const key = "bench-whois-corpus-key";
const readRuns = 50;

async function main(): Promise<void> {
  const samples = whoisCorpus();
  const world = await startWhoisCorpusWorld(samples);
  const engine = createEngine({
    keys: [key],
    ...world.engineOptions,
    probes: { dns: false, ssl: false },
    logger: silentLogger,
  });
  const tally = Object.fromEntries(
    corpusFields.map((field) => [field, { correct: 0, wrong: 0, missing: 0, unscored: 0 }]),
  ) as Record<string, Record<CorpusVerdict, number>>;
  const notOk: string[] = [];
  try {
    for (const sample of samples) {
      const answer = await engineGet(engine, `/api/v1/whois/${sample.domain}`, key);
      if (answer.status !== 200) notOk.push(`${sample.domain} ${answer.status}`);
      const data = answer.status === 200 ? answer.body.data : undefined;
      for (const field of corpusFields) tally[field]![judgeCorpusField(sample, field, data)] += 1;
    }
  } finally {
    await world.close();
  }

  // The reader alone: each sample read `readRuns` times, the slowest sample's mean reported.
  let slowestMs = 0;
  let slowest = "";
  for (const sample of samples) {
    // The profile lookup tries every suffix of this, most specific first.
    const tld = sample.domain.split(".").slice(1).join(".");
    const started = performance.now();
    for (let run = 0; run < readRuns; run++) {
      parseWhoisText({ domain: sample.domain, tld, text: sample.raw, server: "whois.example" });
    }
    const meanMs = (performance.now() - started) / readRuns;
    if (meanMs > slowestMs) [slowestMs, slowest] = [meanMs, sample.domain];
  }

  console.log(`whois corpus: ${samples.length} samples through GET /api/v1/whois/{domain}`);
  for (const field of corpusFields) {
    const { correct, wrong, missing } = tally[field]!;
    const scored = correct + wrong + missing;
    console.log(
      `  ${field.padEnd(10)} correct ${correct}/${scored}  wrong ${wrong}  missing ${missing}`,
    );
  }
  console.log(`  non-200 answers: ${notOk.length}${notOk.length ? ` (${notOk.join(", ")})` : ""}`);
  console.log(`  reader: slowest sample ${slowest} at ${slowestMs.toFixed(3)} ms a read`);
}

await main();
