import {
  type CorpusVerdict,
  corpusFields,
  engineGet,
  judgeCorpusField,
  openApiResponseValidator,
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

describe("a registry answer the reader cannot fully read", () => {
  const unreadable = "Welcome to the registry.\nThis server has moved nothing here.\n";
  const dayFirst = [
    "Domain: partial.test",
    "Registrar: Example Registrar",
    "Created: 02/11/2019",
    "Expires: 03/11/2029",
    "Name server: ns1.partial.test",
  ].join("\r\n");
  const blank = {
    registrar: null,
    createdAt: null,
    updatedAt: null,
    expiresAt: null,
    statuses: null,
  };
  /** Bytes of `text` in a single-byte character set, built from Node's own decoder for it. */
  const singleByte = (encoding: string, text: string) => {
    const decoder = new TextDecoder(encoding);
    const byChar = new Map<string, number>();
    for (let byte = 0; byte < 256; byte++) {
      byChar.set(decoder.decode(Uint8Array.of(byte)), byte);
    }
    return Uint8Array.from([...text].map((char) => byChar.get(char)!));
  };
  const koi8 = singleByte(
    "koi8-r",
    "domain: KOI.RU\nstate: REGISTERED, DELEGATED\nregistrar: Регистратор-РУ\ncreated: 2001-02-03T04:05:06Z\npaid-till: 2030-02-03T21:00:00Z\nnserver: ns1.koi.ru.\n",
  );
  const latin1 = Buffer.from(
    "Domain: latin.test\nRegistrar: Société Générale de Noms\nCreated: 2001-02-03\nExpires: 2030-02-03\nName server: ns1.latin.test\n",
    "latin1",
  );
  let partialWorld: WhoisCorpusWorld;
  let partialEngine: Engine;

  beforeAll(async () => {
    partialWorld = await startWhoisCorpusWorld([
      { domain: "unreadable.test", raw: unreadable, expected: blank },
      { domain: "partial.test", raw: dayFirst, expected: blank },
      { domain: "koi.ru", raw: "", bytes: koi8, expected: blank },
      {
        domain: "limited.test",
        raw: "%% Error: 55000000002 Connection refused; access control limit reached.\r\n",
        expected: blank,
      },
      { domain: "latin.test", raw: "", bytes: latin1, expected: blank },
    ]);
    partialEngine = createEngine({
      keys: [key],
      ...partialWorld.engineOptions,
      probes: { dns: false, ssl: false },
      logger: silentLogger,
    });
  });

  afterAll(async () => {
    await partialWorld?.close();
  });

  async function get(domain: string) {
    const answer = await engineGet(partialEngine, `/api/v1/whois/${domain}`, key);
    expect(
      openApiResponseValidator(partialEngine.openApiDocument)(
        "/whois/{domain}",
        answer.status,
        answer.body,
      ),
    ).toEqual([]);
    return answer;
  }

  it("answers 200 with registered: null, the raw text and whois.parse.incomplete, not a 502", async () => {
    const { status, body } = await get("unreadable.test");
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ registered: null, source: "whois", raw: unreadable });
    const incomplete = body.data.findings.find(
      (finding: { id: string }) => finding.id === "whois.parse.incomplete",
    );
    expect(incomplete).toMatchObject({
      status: "warn",
      details: { missing: ["registrar", "created", "expires", "nameservers"] },
    });
  });

  it("leaves a day/month date it cannot order null and says why, never a guess", async () => {
    const { status, body } = await get("partial.test");
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      registered: true,
      registrar: { name: "Example Registrar" },
      createdAt: null,
      expiresAt: null,
      nameservers: ["ns1.partial.test"],
      raw: dayFirst,
    });
    const incomplete = body.data.findings.find(
      (finding: { id: string }) => finding.id === "whois.parse.incomplete",
    );
    expect(incomplete.details.missing).toEqual(["created", "expires"]);
    expect(incomplete.details.unreadDates).toEqual([
      'created: "02/11/2019" could be day first or month first, and the registry\'s order is not known',
      'expires: "03/11/2029" could be day first or month first, and the registry\'s order is not known',
    ]);
  });

  it("reads an answer in the registry's character set (KOI8-R for .ru, Latin-1 otherwise)", async () => {
    const ru = await get("koi.ru");
    expect(ru.status).toBe(200);
    expect(ru.body.data.registrar.name).toBe("Регистратор-РУ");
    expect(ru.body.data.statuses.map((status: { code: string }) => status.code)).toEqual([
      "REGISTERED",
      "DELEGATED",
    ]);
    const latin = await get("latin.test");
    expect(latin.status).toBe(200);
    expect(latin.body.data.registrar.name).toBe("Société Générale de Noms");
  });

  it("answers 502 upstream_error for a registry's refusal, naming it", async () => {
    const { status, body } = await get("limited.test");
    expect(status).toBe(502);
    expect(body.code).toBe("upstream_error");
    expect(body.detail).toContain("rate");
  });

  it("publishes the registrant's organization and country, never a person or a placeholder", async () => {
    const it_ = await engineGet(engine, "/api/v1/whois/google.it", key);
    // The Registrant block's organization, not the Admin Contact's "Google LLC".
    expect(it_.body.data.registrant).toEqual({
      organization: "Google Ireland Holdings Unlimited Company",
      country: null,
    });
    const lat = await engineGet(engine, "/api/v1/whois/brainly.lat", key);
    // "Registrant Name: REDACTED FOR PRIVACY" is neither published nor a value.
    expect(lat.body.data.registrant).toEqual({ organization: "Brainly Sp. z o.o.", country: "PL" });
    expect(lat.body.data.privacy.redactedFields).toContain("name");
  });
});

describe("withheld values, on the corpus's real answers", () => {
  it("marks a field the registry withholds as redacted, never as its value", async () => {
    // "Registrant Country: Redacted | EU Data Subject" (.do, an EU holder)
    const dominican = (await engineGet(engine, "/api/v1/whois/google.do", key)).body.data;
    expect(dominican.registrant).toEqual({ organization: "GOOGLE LLC", country: null });
    expect(dominican.redacted).toEqual(["registrant.country"]);
    // "Registrant:" then "NOT DISCLOSED!" (.eu): the whole holder is withheld.
    const eu = (await engineGet(engine, "/api/v1/whois/eurid.eu", key)).body.data;
    expect(eu.registrant).toBeNull();
    expect(eu.redacted).toEqual(["registrant.organization", "registrant.country"]);
    // Name, e-mail and phone "REDACTED FOR PRIVACY", organization and country published.
    const lat = (await engineGet(engine, "/api/v1/whois/brainly.lat", key)).body.data;
    expect(lat.redacted).toEqual([]);
    expect(lat.privacy.redactedFields).toEqual(expect.arrayContaining(["name", "email", "phone"]));
  });
});

describe("the registrar's URL, IANA id and abuse desk, on the corpus's real answers", () => {
  it.each([
    [
      "nic.live",
      {
        name: "Registry Operator acts as Registrar (9999)",
        ianaId: "9999",
        url: "https://identity.digital",
        abuseEmail: "abuse@identity.digital",
        abusePhone: "+1.6664447777",
      },
    ],
    // The registrar object's `abuse-email:` (.ua)
    [
      "google.com.ua",
      {
        name: "MarkMonitor Inc.",
        ianaId: null,
        url: "http://markmonitor.com",
        abuseEmail: "abusecomplaints@markmonitor.com",
        abusePhone: null,
      },
    ],
    // "Registrar IANA ID: not applicable" is no id (.ie)
    [
      "google.ie",
      {
        name: "Markmonitor Inc",
        ianaId: null,
        url: "http://www.eMarkmonitor.com",
        abuseEmail: "abusecomplaints@markmonitor.com",
        abusePhone: "+1.2086851865",
      },
    ],
    // "Registration Service URL:" (.tw)
    [
      "google.com.tw",
      {
        name: "Markmonitor, Inc.",
        ianaId: null,
        url: "http://www.markmonitor.com/",
        abuseEmail: null,
        abusePhone: null,
      },
    ],
  ])("%s", async (domain, registrar) => {
    const answer = await engineGet(engine, `/api/v1/whois/${domain}`, key);
    expect(answer.body.data.registrar).toEqual(registrar);
  });
});

describe("name servers the corpus's expectations do not list", () => {
  it.each([
    ["sbc.org.hk", ["ns19.odysseyhost.com", "ns20.odysseyhost.com"]],
    ["allegro.pl", ["dns1.allegro.pl", "dns2.allegro.pl", "dns3.allegro.pl", "dns4.allegro.pl"]],
    [
      "titech.ac.jp",
      ["ns.fujisawa.wide.ad.jp", "titechns2-o.noc.titech.ac.jp", "titechns2-s.noc.titech.ac.jp"],
    ],
    ["google.it", ["ns1.google.com", "ns2.google.com", "ns3.google.com", "ns4.google.com"]],
    ["yandex.kz", ["ns1.yandex.net", "ns2.yandex.net"]],
  ])("%s: read from the raw text, nothing from its footer", async (domain, nameservers) => {
    const answer = await engineGet(engine, `/api/v1/whois/${domain}`, key);
    expect(answer.body.data.nameservers).toEqual(nameservers);
  });
});
