import {
  type CorpusField,
  type CorpusVerdict,
  corpusFields,
  corpusRounds,
  engineGet,
  judgeCorpusField,
  likexianCorpus,
  newCorpusTally,
  shareRight,
  startWhoisCorpusEngine,
  type WhoisCorpusSample,
  type WhoisCorpusWorld,
  wepposCorpus,
  whoisCorpus,
} from "@domain-intel/test-kit";
import { getDomain, getPublicSuffix } from "tldts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Engine } from "../../engine.js";
import { toWhoisData } from "./normalize.js";
import { whoisRefusal } from "./whois-availability.js";
import { parseWhoisText } from "./whois-text.js";

const key = "whois-upstream-corpora-key";

/**
 * Every fixture of the three public corpora, each asked as `GET /api/v1/whois/{domain}` of a
 * loopback WHOIS server that answers it (RDAP unavailable): "is it free?" right both ways, a
 * refusal a 502, and every field its upstream asserts (as corrected from the text) read right.
 */
const sources: [string, WhoisCorpusSample[]][] = [
  ["python-whois", whoisCorpus()],
  ["weppos/whois-parser", wepposCorpus()],
  ["likexian/whois-parser", likexianCorpus()],
];

/** What the section does not read, with the reason: each stays missing (never wrong). */
const gaps: Record<string, Partial<Record<CorpusField, string>>> = {
  "whois.nic.it/it/status_registered": {
    registrantCountry:
      "the holder's country is only its address's last line, a code (`IE`), which a province's code could be",
  },
  "whois.nic.it/it/property_contact_province": {
    registrantCountry:
      "the holder's country is only its address's last line, a code (`IT`), which a province's code could be",
  },
  "whois.tonic.to/to/status_registered": {
    registered:
      "Tonic's answer is `go <host>` lines and nothing else: no label says what they are, so registered is null",
  },
};

const tally = Object.fromEntries(sources.map(([source]) => [source, newCorpusTally()]));

afterAll(() => {
  // Per source and field: read right / judged (the figures `pnpm bench:whois` prints).
  for (const [source, fields] of Object.entries(tally)) {
    const line = corpusFields
      .map((field) => {
        const { correct, wrong, missing } = fields[field];
        return `${field} ${correct}/${correct + wrong + missing}`;
      })
      .join(", ");
    console.log(`${source}: ${line}`);
  }
});

for (const [source, samples] of sources) {
  describe(`${source}: every fixture through GET /whois/{domain}`, () => {
    const rounds = corpusRounds(samples.filter((sample) => !sample.skip));
    describe.each(rounds.map((round, index) => [index + 1, round] as const))(
      "round %i (one answer a domain)",
      (_index, round) => {
        let world: WhoisCorpusWorld;
        let engine: Engine;
        beforeAll(async () => {
          ({ engine, world } = await startWhoisCorpusEngine(round, key));
        });
        afterAll(async () => {
          await world?.close();
        });

        it.each(round.map((sample) => [sample.fixture, sample] as const))(
          "%s",
          async (_fixture, sample) => {
            const answer = await engineGet(engine, `/api/v1/whois/${sample.domain}`, key);
            const data = answer.status === 200 ? answer.body.data : undefined;
            if (sample.expected.refused) {
              expect(answer.status, JSON.stringify(answer.body)).toBe(502);
              expect(answer.body.code).toBe("upstream_error");
              expect(answer.body.detail).toMatch(/rate limited|refuses queries|unavailable/);
            } else {
              expect(answer.status, JSON.stringify(answer.body)).toBe(200);
              expectRegistration(sample, data);
            }
            const judged: Partial<Record<CorpusField, CorpusVerdict>> = {};
            const want: Partial<Record<CorpusField, CorpusVerdict>> = {};
            for (const field of corpusFields) {
              const verdict = judgeCorpusField(sample, field, data);
              tally[source]![field][verdict] += 1;
              if (verdict === "unscored") continue;
              judged[field] = verdict;
              want[field] = gaps[sample.fixture!]?.[field] ? "missing" : "correct";
            }
            expect(judged, JSON.stringify(data)).toEqual(want);
          },
        );
      },
    );
  });
}

/**
 * "Is it free?" both ways: false only where the answer says so, true only where it carries a
 * registration, null (with the reason in the skipped findings) where it says neither.
 */
// biome-ignore lint/suspicious/noExplicitAny: the section's data as JSON.
function expectRegistration(sample: WhoisCorpusSample, data: any): void {
  const expected = sample.expected.registered;
  if (expected === undefined) return;
  if (gaps[sample.fixture!]?.registered) {
    expect(data.registered).toBeNull();
    return;
  }
  expect(data.registered).toBe(expected);
  if (expected === null) {
    const skipped = data.findings.find(
      (finding: { id: string }) => finding.id === "whois.domain.not-registered",
    );
    expect(skipped).toMatchObject({ status: "skipped", details: { reason: expect.any(String) } });
  }
  if (expected === false) expect(data.registrar).toBeNull();
}

describe("fixtures the API cannot ask for as recorded", () => {
  const skipped = sources.flatMap(([, samples]) => samples.filter((sample) => sample.skip));
  let world: WhoisCorpusWorld;
  let engine: Engine;
  beforeAll(async () => {
    ({ engine, world } = await startWhoisCorpusEngine([], key));
  });
  afterAll(async () => {
    await world?.close();
  });

  it.each(skipped.map((sample) => [sample.fixture, sample] as const))(
    "%s: the API answers as the reason says",
    async (_fixture, sample) => {
      const answer = await engineGet(engine, `/api/v1/whois/${sample.domain}`, key);
      const registrable = sample.domain.includes(".") ? getDomain(sample.domain) : null;
      if (registrable === null) {
        // A TLD or a public suffix.
        expect(answer.status).toBe(400);
        expect(answer.body.code).toBe("invalid_domain");
      } else {
        // A name under a private suffix, or a host: its registrable domain is looked up.
        expect(registrable).not.toBe(sample.domain);
        expect(sample.skip).toContain(registrable);
        expect(answer.body.data?.queriedDomain ?? answer.body.detail).toContain(registrable);
      }
    },
  );
});

describe("the generic reader alone (the registry profile table off)", () => {
  it.each(sources)(
    "%s: at least 90 % of every field, 0 free names read as registered",
    (_source, samples) => {
      const tally = newCorpusTally();
      for (const sample of samples.filter((s) => !s.skip)) {
        const data = whoisRefusal(sample.raw, {})
          ? undefined
          : toWhoisData({
              queriedDomain: sample.domain,
              record: parseWhoisText({
                domain: sample.domain,
                tld: getPublicSuffix(sample.domain) ?? "",
                text: sample.raw,
                server: "whois.example",
                profiles: [],
              }),
              servers: [],
              now: Date.now(),
            });
        for (const field of corpusFields) tally[field][judgeCorpusField(sample, field, data)] += 1;
        if (sample.expected.registered === false) expect(data?.registered).not.toBe(true);
      }
      const shares = Object.fromEntries(
        corpusFields.map((field) => [field, shareRight(tally[field]) >= 0.9]),
      );
      expect(shares).toEqual(Object.fromEntries(corpusFields.map((field) => [field, true])));
    },
  );
});
