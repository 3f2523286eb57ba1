import {
  type CorpusVerdict,
  corpusFields,
  engineGet,
  judgeCorpusField,
  startWhoisCorpusWorld,
  type WhoisCorpusWorld,
  whoisCorpus,
} from "@domain-intel/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEngine, type Engine } from "../../engine.js";
import { silentLogger } from "../../logging/logger.js";

const key = "whois-corpus-test-key";
const samples = whoisCorpus();
const verdicts: Record<string, Record<CorpusVerdict, string[]>> = {};
let world: WhoisCorpusWorld;
let engine: Engine;

beforeAll(async () => {
  world = await startWhoisCorpusWorld(samples);
  engine = createEngine({
    keys: [key],
    ...world.engineOptions,
    probes: { dns: false, ssl: false },
    logger: silentLogger,
  });
});

afterAll(async () => {
  await world?.close();
  // The tally the README quotes: per field, how many samples read right, wrong or not at all.
  const lines = Object.entries(verdicts).map(([field, tally]) => {
    const counts = (["correct", "wrong", "missing"] as const)
      .map((verdict) => `${verdict} ${tally[verdict].length}`)
      .join(", ");
    return `${field}: ${counts}; wrong: ${tally.wrong.join(" ")}; missing: ${tally.missing.join(" ")}`;
  });
  console.log(lines.join("\n"));
});

describe("python-whois's corpus through GET /whois/{domain}, RDAP unavailable", () => {
  it.each(samples.map((sample) => [sample.domain, sample] as const))(
    "%s answers 200 with every field the raw text gives read right",
    async (_domain, sample) => {
      const answer = await engineGet(engine, `/api/v1/whois/${sample.domain}`, key);
      const data = answer.status === 200 ? answer.body.data : undefined;
      const judged: Partial<Record<string, CorpusVerdict>> = {};
      for (const field of corpusFields) {
        const verdict = judgeCorpusField(sample, field, data);
        verdicts[field] ??= { correct: [], wrong: [], missing: [], unscored: [] };
        verdicts[field][verdict].push(sample.domain);
        if (verdict !== "unscored") judged[field] = verdict;
      }
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(data.source).toBe("whois");
      expect(data.registered).toBe(true);
      expect(judged).toEqual(
        Object.fromEntries(Object.keys(judged).map((field) => [field, "correct"])),
      );
    },
  );
});
