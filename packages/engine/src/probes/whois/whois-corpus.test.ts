import {
  engineGet,
  openApiResponseValidator,
  startWhoisCorpusEngine,
  type WhoisCorpusWorld,
  wepposCorpus,
  whoisBytesIn,
  whoisCorpus,
} from "@domain-intel/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Engine } from "../../engine.js";

const key = "whois-corpus-test-key";
const samples = whoisCorpus();
let world: WhoisCorpusWorld;
let engine: Engine;

beforeAll(async () => {
  ({ engine, world } = await startWhoisCorpusEngine(samples, key));
});

afterAll(async () => {
  await world?.close();
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
  const koi8 = whoisBytesIn(
    "domain: KOI.RU\nstate: REGISTERED, DELEGATED\nregistrar: Регистратор-РУ\ncreated: 2001-02-03T04:05:06Z\npaid-till: 2030-02-03T21:00:00Z\nnserver: ns1.koi.ru.\n",
    "koi8-r",
  );
  // JPRS's Japanese answer (no `/e`), as it sends it: ISO-2022-JP. A co.jp in one, a .jp in
  // the other, the .jp in EUC-JP as Japanese registrars' servers send it.
  const jprsCoJp = [
    "[ JPRS データベース提供サービス ]",
    "Domain Information: [ドメイン情報]",
    "a. [ドメイン名]                 JIS.CO.JP",
    "e. [そしきめい]                 じすかぶしきがいしゃ",
    "f. [組織名]                     ジス株式会社",
    "g. [Organization]               JIS K.K.",
    "l. [組織種別]                   株式会社",
    "m. [登録担当者]                 HT57990JP",
    "n. [技術連絡担当者]             YY47022JP",
    "p. [ネームサーバ]               ns01.jis.co.jp",
    "p. [ネームサーバ]               ns02.jis.co.jp",
    "s. [署名鍵]",
    "[状態]                          Connected (2026/09/30)",
    "[ロック状態]                    AgentChangeLocked",
    "[登録年月日]                    2019/09/27",
    "[接続年月日]                    2019/09/27",
    "[最終更新]                      2024/10/01 01:00:44 (JST)",
    "",
  ].join("\n");
  const jprsJp = [
    "Domain Information: [ドメイン情報]",
    "[ドメイン名]                    EUC.JP",
    "[登録者名]                      日本語太郎",
    "[Registrant]                    Taro Nihongo",
    "[ネームサーバ]                  ns1.euc.jp",
    "[署名鍵]",
    "[登録年月日]                    2001/02/03",
    "[有効期限]                      2026/02/28",
    "[状態]                          Active",
    "[最終更新]                      2025/03/01 01:05:03 (JST)",
    "",
  ].join("\n");
  // .tr in ISO-8859-9 (ş, ğ, ı are not in Latin-1).
  const trText = [
    "** Domain Name: istanbul.com.tr",
    "Frozen Status: -",
    "Transfer Status: The domain is LOCKED to transfer.",
    "",
    "** Registrant:",
    "   İstanbul Ağ Hizmetleri Şirketi",
    "",
    "** Registrar:",
    "NIC Handle\t\t: tyh14",
    "Organization Name\t: Türkiye Yazılım Hizmetleri",
    "",
    "** Domain Servers:",
    "ns1.istanbul.com.tr",
    "",
    "** Additional Info:",
    "Created on..............: 2001-Aug-23.",
    "Expires on..............: 2030-Aug-22.",
    "",
  ].join("\n");
  const latin1 = Buffer.from(
    "Domain: latin.test\nRegistrar: Société Générale de Noms\nCreated: 2001-02-03\nExpires: 2030-02-03\nName server: ns1.latin.test\n",
    "latin1",
  );
  let partialWorld: WhoisCorpusWorld;
  let partialEngine: Engine;

  beforeAll(async () => {
    ({ engine: partialEngine, world: partialWorld } = await startWhoisCorpusEngine(
      [
        { domain: "unreadable.test", raw: unreadable, expected: blank },
        { domain: "partial.test", raw: dayFirst, expected: blank },
        { domain: "koi.ru", raw: "", bytes: koi8, expected: blank },
        {
          domain: "limited.test",
          raw: "%% Error: 55000000002 Connection refused; access control limit reached.\r\n",
          expected: blank,
        },
        { domain: "latin.test", raw: "", bytes: latin1, expected: blank },
        {
          domain: "jis.co.jp",
          raw: "",
          bytes: whoisBytesIn(jprsCoJp, "iso-2022-jp"),
          expected: blank,
        },
        { domain: "euc.jp", raw: "", bytes: whoisBytesIn(jprsJp, "euc-jp"), expected: blank },
        {
          domain: "istanbul.com.tr",
          raw: "",
          bytes: whoisBytesIn(trText, "iso-8859-9"),
          expected: blank,
        },
      ],
      key,
    ));
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

  it("reads JPRS's Japanese answers in ISO-2022-JP and EUC-JP, and .tr's ISO-8859-9", async () => {
    const coJp = (await get("jis.co.jp")).body.data;
    expect(coJp).toMatchObject({
      registered: true,
      createdAt: "2019-09-27T00:00:00.000Z",
      updatedAt: "2024-09-30T16:00:44.000Z",
      nameservers: ["ns01.jis.co.jp", "ns02.jis.co.jp"],
      registrant: { organization: "JIS K.K.", country: null },
    });
    expect(coJp.statuses.map((status: { code: string }) => status.code)).toEqual(["Connected"]);
    const jp = (await get("euc.jp")).body.data;
    expect(jp).toMatchObject({
      createdAt: "2001-02-03T00:00:00.000Z",
      expiresAt: "2026-02-28T00:00:00.000Z",
      nameservers: ["ns1.euc.jp"],
      registrant: null,
    });
    expect(jp.statuses.map((status: { code: string }) => status.code)).toEqual(["active"]);
    const tr = (await get("istanbul.com.tr")).body.data;
    expect(tr.registrar.name).toBe("Türkiye Yazılım Hizmetleri");
    expect(tr.expiresAt).toBe("2030-08-22T00:00:00.000Z");
    // Nothing decoded into replacement characters or escapes.
    for (const data of [coJp, jp, tr]) expect(JSON.stringify(data)).not.toMatch(/\uFFFD|\\u001b/);
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
    // `Registrar: Registry Operator acts as Registrar (9999)`: the IANA id out of the name
    [
      "nic.live",
      {
        name: "Registry Operator acts as Registrar",
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

describe("DNS Belgium's holder, in weppos/whois-parser's answer", () => {
  const be = wepposCorpus().filter(
    (sample) => sample.fixture === "whois.dns.be/be/status_registered",
  );
  let beWorld: WhoisCorpusWorld;
  let beEngine: Engine;
  beforeAll(async () => {
    ({ engine: beEngine, world: beWorld } = await startWhoisCorpusEngine(be, key));
  });
  afterAll(async () => {
    await beWorld?.close();
  });

  it("marks the holder 'Not shown' as redacted", async () => {
    const data = (await engineGet(beEngine, "/api/v1/whois/google.be", key)).body.data;
    expect(data.registrant).toBeNull();
    expect(data.redacted).toEqual(["registrant.organization", "registrant.country"]);
  });
});
