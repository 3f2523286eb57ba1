import { createHash, generateKeyPairSync, X509Certificate } from "node:crypto";
import {
  activeResources,
  createCertificate,
  createTestPki,
  daysFromNow,
  dsRecord,
  generateZoneKey,
  labBlock,
  leakedResources,
  type SmtpServerMode,
  signedResolverHandler,
  signZone,
  startDnsServer,
  startHttpsServer,
  startSmtpServer,
  type TestCertificate,
  type TestPki,
  testProbeContext,
  type ZoneRecords,
  zoneHandler,
} from "@domain-intel/test-kit";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type * as packet from "dns-packet";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ProbeContext } from "../../contract/probe.js";
import { type MailData, type MailProbeOptions, mailFindingIds, mailProbe } from "./index.js";

// Published schemas stay open; closed here so a field the probe returns undescribed fails.
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (typeof schema !== "object" || schema === null) return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = closed(value);
  if ("properties" in copy && "required" in copy) copy.additionalProperties = false;
  return copy;
}
const ajv = new Ajv2020.default({ strict: true, allErrors: true });
addFormats.default(ajv);
const validate = ajv.compile(closed(mailProbe().dataSchema) as object);

const block = labBlock();
let hostCounter = 0;
/** A fresh loopback address in this file's 127.x block. */
const nextAddress = () => {
  hostCounter++;
  return `127.${block}.${Math.floor(hostCounter / 250)}.${(hostCounter % 250) + 1}`;
};

let pki: TestPki;
beforeAll(async () => {
  pki = await createTestPki({ name: "Mail Test" });
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((close) => close()));
});

const a = (name: string, data: string): packet.Answer => ({ type: "A", name, ttl: 60, data });
// Character-strings hold 255 bytes at most: longer values (2048-bit DKIM keys) are split.
const txt = (name: string, value: string): packet.Answer => ({
  type: "TXT",
  name,
  ttl: 60,
  data: value.match(/[\s\S]{1,255}/g) ?? [""],
});
const mx = (name: string, exchange: string, preference = 10): packet.Answer => ({
  type: "MX",
  name,
  ttl: 300,
  data: { preference, exchange },
});

function dkimRecord(bits: number, extra = ""): string {
  const { publicKey } = generateKeyPairSync("rsa", { modulusLength: bits });
  const der = publicKey.export({ type: "spki", format: "der" });
  return `v=DKIM1; k=rsa;${extra} p=${der.toString("base64")}`;
}

interface MxSpec {
  host: string;
  mode: SmtpServerMode;
  certificate?: { keyPem: string; certPem: string };
  replyDelayMs?: number;
}

/**
 * A domain's world on loopback: its MX hosts as SMTP servers on distinct addresses sharing one
 * port, a resolver answering `records` plus the MX and address records, and `probe`.
 */
async function world(options: { domain: string; mx: MxSpec[]; records?: ZoneRecords }) {
  const records: ZoneRecords = { ...options.records };
  const add = (name: string, record: packet.Answer) => {
    records[name] = [...(records[name] ?? []), record];
  };
  let port = 0;
  const servers = [];
  for (const spec of options.mx) {
    const address = nextAddress();
    const server = await startSmtpServer({
      mode: spec.mode,
      host: address,
      port,
      name: spec.host,
      ...(spec.certificate ? { certificate: spec.certificate } : {}),
      ...(spec.replyDelayMs ? { replyDelayMs: spec.replyDelayMs } : {}),
    });
    cleanups.push(() => server.close());
    port = server.port;
    servers.push(server);
    add(options.domain, mx(options.domain, spec.host, 10 * servers.length));
    add(spec.host, a(spec.host, address));
  }
  const dns = await startDnsServer(zoneHandler(records));
  cleanups.push(() => dns.close());
  const probe = async (
    probeOptions: MailProbeOptions = {},
    network: Parameters<typeof testProbeContext>[0] = {},
  ): Promise<{ data: MailData; context: ProbeContext }> => {
    const context = testProbeContext({ resolvers: [dns.address], timeoutMs: 3000, ...network });
    const data = await mailProbe({
      smtpPort: port || 2525,
      ca: pki.root.certPem,
      ...probeOptions,
    }).run(options.domain, context);
    expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
    expect(data.findings.map((finding) => finding.id)).toEqual([...mailFindingIds]);
    return { data, context };
  };
  return { servers, dns, probe, port };
}

const statusOf = (data: MailData, id: string) => data.findings.find((f) => f.id === id)?.status;
const findingOf = (data: MailData, id: string) => data.findings.find((f) => f.id === id)!;

async function leafFor(host: string, extra: Partial<Parameters<TestPki["issueLeaf"]>[0]> = {}) {
  const leaf = await pki.issueLeaf({ commonName: host, subjectAltNames: [host], ...extra });
  return { keyPem: leaf.keyPem, certPem: leaf.chainPem };
}

describe("mailProbe: SMTP and STARTTLS", () => {
  it("talks to each MX: banner, EHLO, STARTTLS with a trusted certificate, QUIT, never MAIL FROM", async () => {
    const { data, servers } = await (async () => {
      const w = await world({
        domain: "good.test",
        mx: [
          { host: "mx1.good.test", mode: "starttls", certificate: await leafFor("mx1.good.test") },
          { host: "mx2.good.test", mode: "starttls", certificate: await leafFor("mx2.good.test") },
        ],
      });
      return { ...(await w.probe()), servers: w.servers };
    })();
    expect(data.mx).toEqual({
      records: [
        { preference: 10, exchange: "mx1.good.test" },
        { preference: 20, exchange: "mx2.good.test" },
      ],
      nullMx: false,
    });
    expect(data.hosts).toHaveLength(2);
    const endpoint = data.hosts[0]!.endpoints[0]!;
    expect(endpoint).toMatchObject({
      banner: "mx1.good.test ESMTP test",
      starttls: true,
      error: null,
      tls: { trusted: true, trustError: null, hostnameMatch: true, chainLength: 2 },
    });
    expect(endpoint.extensions).toContain("STARTTLS");
    expect(endpoint.tls?.certificate?.subjectAltNames).toEqual(["mx1.good.test"]);
    expect(endpoint.tls?.protocol).toMatch(/^TLSv1\.[23]$/);
    for (const id of [
      "mail.mx.present",
      "mail.smtp.reachable",
      "mail.starttls.offered",
      "mail.starttls.certificate",
    ]) {
      expect(statusOf(data, id), id).toBe("pass");
    }
    for (const server of servers) {
      const sent = server.commands.map((entry) => `${entry.tls ? "tls " : ""}${entry.command}`);
      expect(sent).toEqual(["EHLO probe.domain-intel.invalid", "STARTTLS", "tls QUIT"]);
    }
  });

  it("fails mail.starttls.offered for an MX that does not offer STARTTLS", async () => {
    const w = await world({
      domain: "plain.test",
      mx: [{ host: "mx.plain.test", mode: "no-starttls" }],
    });
    const { data } = await w.probe();
    expect(data.hosts[0]!.endpoints[0]).toMatchObject({ starttls: false, tls: null, error: null });
    expect(statusOf(data, "mail.smtp.reachable")).toBe("pass");
    expect(statusOf(data, "mail.starttls.offered")).toBe("fail");
    expect(findingOf(data, "mail.starttls.offered").message).toContain("mx.plain.test");
    expect(statusOf(data, "mail.starttls.certificate")).toBe("skipped");
    expect(w.servers[0]!.commands.map((entry) => entry.command)).toEqual([
      "EHLO probe.domain-intel.invalid",
      "QUIT",
    ]);
  });

  it.each([
    [
      "self-signed",
      async () => {
        const own: TestCertificate = await createCertificate({
          commonName: "mx.bad.test",
          subjectAltNames: ["mx.bad.test"],
        });
        return { keyPem: own.keyPem, certPem: own.certPem };
      },
      /untrusted/,
    ],
    [
      "expired",
      () => leafFor("mx.bad.test", { notBefore: daysFromNow(-60), notAfter: daysFromNow(-1) }),
      /expired on/,
    ],
    ["for another name", () => leafFor("other.test"), /not mx\.bad\.test/],
  ])("warns mail.starttls.certificate for a certificate %s", async (_name, make, problem) => {
    const w = await world({
      domain: "bad.test",
      mx: [{ host: "mx.bad.test", mode: "starttls", certificate: await make() }],
    });
    const { data } = await w.probe();
    expect(data.hosts[0]!.endpoints[0]!.tls).not.toBeNull();
    expect(statusOf(data, "mail.starttls.offered")).toBe("pass");
    const certificate = findingOf(data, "mail.starttls.certificate");
    expect(certificate.status).toBe("warn");
    expect(certificate.message).toMatch(problem);
  });

  it.each([
    ["silent", "banner", "timeout"],
    ["garbage", "banner", "bad_reply"],
    ["close-after-ehlo", "ehlo", "closed"],
    ["huge-banner", "banner", "reply_too_large"],
  ] as const)(
    "an MX that is %s is a fact in the data, within the budget",
    async (mode, step, reason) => {
      const w = await world({ domain: `${mode}.test`, mx: [{ host: `mx.${mode}.test`, mode }] });
      const started = performance.now();
      const { data } = await w.probe({}, { timeoutMs: 1500 });
      expect(performance.now() - started).toBeLessThan(1500);
      expect(data.hosts[0]!.endpoints[0]!.error).toMatchObject({ step, reason });
      expect(statusOf(data, "mail.smtp.reachable")).toBe(step === "banner" ? "warn" : "pass");
      expect(statusOf(data, "mail.starttls.offered")).toBe("skipped");
    },
  );

  it("reports an MX that refuses the connection", async () => {
    const records: ZoneRecords = {
      "refused.test": [mx("refused.test", "mx.refused.test")],
      "mx.refused.test": [a("mx.refused.test", nextAddress())],
    };
    const w = await world({ domain: "refused.test", mx: [], records });
    const { data } = await w.probe({ smtpPort: 1 });
    expect(data.hosts[0]!.endpoints[0]!.error).toMatchObject({
      step: "connect",
      reason: "refused",
    });
    expect(statusOf(data, "mail.smtp.reachable")).toBe("warn");
  });
});

describe("mailProbe: MX set and settings", () => {
  it("passes a null MX and skips SMTP", async () => {
    const w = await world({
      domain: "nomail.test",
      mx: [],
      records: { "nomail.test": [mx("nomail.test", ".", 0)] },
    });
    const { data } = await w.probe();
    expect(data.mx.nullMx).toBe(true);
    expect(data.hosts).toEqual([]);
    expect(statusOf(data, "mail.mx.present")).toBe("pass");
    expect(findingOf(data, "mail.smtp.reachable").message).toContain("null MX");
  });

  it("fails mail.mx.present without MX records", async () => {
    const w = await world({
      domain: "nomx.test",
      mx: [],
      records: { "nomx.test": [a("nomx.test", "127.0.0.1")] },
    });
    const { data } = await w.probe();
    expect(statusOf(data, "mail.mx.present")).toBe("fail");
    expect(statusOf(data, "mail.smtp.reachable")).toBe("skipped");
  });

  it("with smtp: false, connects to no MX and skips the SMTP checks with that reason", async () => {
    const w = await world({
      domain: "off.test",
      mx: [{ host: "mx.off.test", mode: "no-starttls" }],
    });
    const { data } = await w.probe({ smtp: false });
    expect(w.servers[0]!.connections()).toBe(0);
    expect(data.smtp.enabled).toBe(false);
    for (const id of [
      "mail.smtp.reachable",
      "mail.starttls.offered",
      "mail.starttls.certificate",
    ]) {
      expect(findingOf(data, id)).toMatchObject({ status: "skipped" });
      expect(findingOf(data, id).message).toContain("mail.smtp: false");
    }
  });

  it("connects to no private MX address unless allowed", async () => {
    const w = await world({
      domain: "private.test",
      mx: [{ host: "mx.private.test", mode: "no-starttls" }],
    });
    const { data } = await w.probe({}, { allowPrivateAddresses: false });
    expect(w.servers[0]!.connections()).toBe(0);
    expect(data.hosts[0]!.refusedAddresses).toHaveLength(1);
    expect(findingOf(data, "mail.smtp.reachable").message).toContain("allowPrivateAddresses");
  });

  it("throws a ProbeError when no resolver answers for the MX set", async () => {
    const silent = await startDnsServer(() => ({ drop: true }));
    cleanups.push(() => silent.close());
    const context = testProbeContext({ resolvers: [silent.address], timeoutMs: 800 });
    await expect(mailProbe().run("silent-dns.test", context)).rejects.toMatchObject({
      name: "ProbeError",
      code: "timeout",
    });
  });

  it("refuses bad options with a TypeError naming them", () => {
    expect(() => mailProbe({ smtpPort: 0 })).toThrow("mailProbe: options.smtpPort");
    expect(() => mailProbe({ smtp: "no" as never })).toThrow("mailProbe: options.smtp");
    expect(() => mailProbe({ dkimSelectors: ["bad selector"] })).toThrow(
      "mailProbe: options.dkimSelectors",
    );
  });
});

describe("mailProbe: MTA-STS and TLS-RPT", () => {
  const policy = (mode: string, ...patterns: string[]) =>
    [
      "version: STSv1",
      `mode: ${mode}`,
      ...patterns.map((p) => `mx: ${p}`),
      "max_age: 86400",
      "",
    ].join("\r\n");

  /** An MX speaking STARTTLS, `_mta-sts` published and mta-sts.<domain> answering `answer`. */
  async function stsWorld(options: {
    domain: string;
    answer: { status: number; body?: string; headers?: Record<string, string> };
    policyHost?: string;
    mxCertificate?: { keyPem: string; certPem: string };
    /** The `_mta-sts` TXT record. */
    record?: string;
  }) {
    const { domain } = options;
    const policyAddress = nextAddress();
    const https = await startHttpsServer({
      host: policyAddress,
      certificate: await leafFor(options.policyHost ?? `mta-sts.${domain}`),
      routes: { "/.well-known/mta-sts.txt": options.answer },
    });
    cleanups.push(() => https.close());
    const w = await world({
      domain,
      mx: [
        {
          host: `mx.${domain}`,
          mode: "starttls",
          certificate: options.mxCertificate ?? (await leafFor(`mx.${domain}`)),
        },
      ],
      records: {
        [`_mta-sts.${domain}`]: [
          txt(`_mta-sts.${domain}`, options.record ?? "v=STSv1; id=20261124"),
        ],
        [`mta-sts.${domain}`]: [a(`mta-sts.${domain}`, policyAddress)],
      },
    });
    const { data } = await w.probe({ mtaStsPort: https.port });
    return { data, https };
  }

  it("passes an enforce policy that covers the MX, fetched over trusted HTTPS", async () => {
    const { data, https } = await stsWorld({
      domain: "sts.test",
      answer: { status: 200, body: policy("enforce", "*.sts.test") },
    });
    expect(https.requests).toEqual(["/.well-known/mta-sts.txt"]);
    expect(data.mtaSts).toMatchObject({
      record: "v=STSv1; id=20261124",
      id: "20261124",
      problem: null,
      policy: {
        version: "STSv1",
        mode: "enforce",
        mx: ["*.sts.test"],
        maxAge: 86400,
        problems: [],
      },
    });
    expect(statusOf(data, "mail.mta-sts.policy")).toBe("pass");
    expect(statusOf(data, "mail.mta-sts.mx-coverage")).toBe("pass");
  });

  it("fails coverage when the MX matches none of the policy's patterns", async () => {
    const { data } = await stsWorld({
      domain: "uncovered.test",
      answer: { status: 200, body: policy("enforce", "mail.other.test", "*.mx.uncovered.test") },
    });
    expect(statusOf(data, "mail.mta-sts.policy")).toBe("pass");
    const coverage = findingOf(data, "mail.mta-sts.mx-coverage");
    expect(coverage.status).toBe("fail");
    expect(coverage.details).toMatchObject({ uncovered: ["mx.uncovered.test"] });
  });

  it.each([
    ["missing", { status: 404, body: "no" }, /answered 404/],
    [
      "behind a redirect",
      { status: 301, headers: { location: "https://elsewhere.test/policy.txt" } },
      /redirect to https:\/\/elsewhere\.test/,
    ],
    ["unparseable", { status: 200, body: "hello" }, /version is not STSv1/],
    [
      "served as text/html (RFC 8461 3.2: text/plain)",
      {
        status: 200,
        body: policy("enforce", "*.broken-sts.test"),
        headers: { "content-type": "text/html; charset=utf-8" },
      },
      /served as text\/html; charset=utf-8, not text\/plain/,
    ],
  ])("fails mail.mta-sts.policy when the policy is %s", async (_name, answer, problem) => {
    const { data } = await stsWorld({ domain: "broken-sts.test", answer });
    const finding = findingOf(data, "mail.mta-sts.policy");
    expect(finding.status).toBe("fail");
    expect(finding.message).toMatch(problem);
    expect(statusOf(data, "mail.mta-sts.mx-coverage")).toBe("skipped");
  });

  it("fails mail.mta-sts.policy when the policy host's certificate is for another name", async () => {
    const { data } = await stsWorld({
      domain: "wrongname-sts.test",
      answer: { status: 200, body: policy("enforce", "*.wrongname-sts.test") },
      policyHost: "elsewhere.test",
    });
    const finding = findingOf(data, "mail.mta-sts.policy");
    expect(finding.status).toBe("fail");
    expect(finding.message).toMatch(/trusted HTTPS/);
  });

  it("fails mail.starttls.certificate when MTA-STS enforces and the MX certificate is bad", async () => {
    const { data } = await stsWorld({
      domain: "enforced.test",
      answer: { status: 200, body: policy("enforce", "mx.enforced.test") },
      mxCertificate: await leafFor("someone-else.test"),
    });
    const finding = findingOf(data, "mail.starttls.certificate");
    expect(finding.status).toBe("fail");
    expect(finding.message).toContain("enforce");
  });

  it("fetches no policy for an _mta-sts record without a valid id= (RFC 8461 3.1), as senders do", async () => {
    const { data, https } = await stsWorld({
      domain: "noid-sts.test",
      answer: { status: 200, body: policy("enforce", "*.noid-sts.test") },
      record: "v=STSv1;",
    });
    expect(https.requests).toEqual([]);
    expect(data.mtaSts).toMatchObject({ record: "v=STSv1;", id: null, policy: null });
    const finding = findingOf(data, "mail.mta-sts.policy");
    expect(finding.status).toBe("skipped");
    expect(finding.message).toMatch(/has no valid id=.*senders ignore it and fetch no policy/);
    expect(statusOf(data, "mail.mta-sts.mx-coverage")).toBe("skipped");
  });

  it("skips the MTA-STS checks without _mta-sts", async () => {
    const w = await world({
      domain: "nosts.test",
      mx: [],
      records: { "nosts.test": [mx("nosts.test", ".", 0)] },
    });
    const { data } = await w.probe();
    expect(statusOf(data, "mail.mta-sts.policy")).toBe("skipped");
    expect(statusOf(data, "mail.mta-sts.mx-coverage")).toBe("skipped");
  });

  it.each([
    ["v=TLSRPTv1; rua=mailto:tls@rpt.test,https://rpt.test/report", "pass"],
    ["v=TLSRPTv1;", "warn"],
    ["v=TLSRPTv1; rua=ftp://rpt.test/", "warn"],
  ])("reads TLS-RPT %s", async (record, expected) => {
    const w = await world({
      domain: "rpt.test",
      mx: [],
      records: {
        "rpt.test": [mx("rpt.test", ".", 0)],
        "_smtp._tls.rpt.test": [txt("_smtp._tls.rpt.test", record)],
      },
    });
    const { data } = await w.probe();
    expect(data.tlsRpt?.record).toBe(record);
    expect(statusOf(data, "mail.tls-rpt.valid")).toBe(expected);
  });
});

describe("mailProbe: DKIM and BIMI", () => {
  const dkimWorld = (keys: Record<string, string>, extra: ZoneRecords = {}) =>
    world({
      domain: "dkim.test",
      mx: [],
      records: {
        "dkim.test": [mx("dkim.test", ".", 0)],
        ...Object.fromEntries(
          Object.entries(keys).map(([selector, value]) => {
            const name = `${selector}._domainkey.dkim.test`;
            return [name, [txt(name, value)]];
          }),
        ),
        ...extra,
      },
    });

  it("passes 2048-bit keys under common and configured selectors, and lists a revoked one", async () => {
    const w = await dkimWorld({
      selector1: dkimRecord(2048),
      "custom-2026": dkimRecord(2048),
      s1: "v=DKIM1; k=rsa; p=",
    });
    const { data } = await w.probe({ dkimSelectors: ["custom-2026"] });
    expect(data.dkim.selectors).toContain("custom-2026");
    expect(data.dkim.keys).toEqual([
      expect.objectContaining({
        selector: "selector1",
        keyType: "rsa",
        keyBits: 2048,
        revoked: false,
      }),
      expect.objectContaining({ selector: "s1", keyBits: null, revoked: true }),
      expect.objectContaining({ selector: "custom-2026", keyBits: 2048, testing: false }),
    ]);
    expect(statusOf(data, "mail.dkim.keys")).toBe("pass");
  });

  it.each([
    ["a 1024-bit key", () => dkimRecord(1024), "warn"],
    ["t=y", () => dkimRecord(2048, " t=y;"), "warn"],
    ["a 512-bit key", () => dkimRecord(512), "fail"],
  ])("judges %s", async (_name, record, expected) => {
    const w = await dkimWorld({ default: record() });
    const { data } = await w.probe();
    expect(statusOf(data, "mail.dkim.keys")).toBe(expected);
  });

  it("says what BIMI publishes", async () => {
    const w = await dkimWorld(
      {},
      {
        "default._bimi.dkim.test": [
          txt(
            "default._bimi.dkim.test",
            "v=BIMI1; l=https://dkim.test/logo.svg; a=https://dkim.test/vmc.pem",
          ),
        ],
      },
    );
    const { data } = await w.probe();
    expect(data.bimi).toMatchObject({
      location: "https://dkim.test/logo.svg",
      authority: "https://dkim.test/vmc.pem",
    });
    expect(findingOf(data, "mail.bimi.record")).toMatchObject({ status: "info" });
    expect(statusOf(data, "mail.dkim.keys")).toBe("info");
  });
});

describe("mailProbe: published description", () => {
  it("has an example that validates against its schema and lists every finding", () => {
    const probe = mailProbe();
    expect(validate(probe.example), JSON.stringify(validate.errors)).toBe(true);
    expect(probe.example?.findings.map((finding) => finding.id)).toEqual([...mailFindingIds]);
  });
});

describe("mailProbe: DANE", () => {
  it("matches TLSA records against the chain the MX sends, and trusts none without DNSSEC", async () => {
    const certificate = await leafFor("mx.dane.test");
    const leaf = new X509Certificate(certificate.certPem);
    const spki = leaf.publicKey.export({ type: "spki", format: "der" });
    const intermediate = new X509Certificate(pki.intermediate.certPem);
    const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest();
    const tlsa = (usage: number, selector: number, matchingType: number, data: Buffer) => ({
      type: "TLSA" as const,
      name: "",
      ttl: 300,
      data: { usage, selector, matchingType, certificate: data },
    });
    const cases = [
      { records: [tlsa(3, 1, 1, sha256(spki))], match: true },
      { records: [tlsa(2, 0, 1, sha256(intermediate.raw))], match: true },
      { records: [tlsa(3, 0, 0, leaf.raw)], match: true },
      { records: [tlsa(3, 1, 1, Buffer.alloc(32, 7))], match: false },
      // DANE-TA must be a certificate above the leaf; PKIX usages are unusable for SMTP.
      { records: [tlsa(2, 1, 1, sha256(spki)), tlsa(1, 1, 1, sha256(spki))], match: false },
    ];
    for (const [index, { records, match }] of cases.entries()) {
      const domain = `dane${index}.test`;
      const w = await world({
        domain,
        mx: [
          { host: `mx.${domain}`, mode: "starttls", certificate: await leafFor(`mx.${domain}`) },
        ],
      });
      // The TLSA owner carries the probe's port, like _25._tcp on the real port.
      const owner = `_${w.port}._tcp.mx.${domain}`;
      const served = await startDnsServer(
        zoneHandler({
          [domain]: [mx(domain, `mx.${domain}`)],
          [`mx.${domain}`]: [a(`mx.${domain}`, w.servers[0]!.host)],
          [owner]: records.map((record) => ({ ...record, name: owner })),
        }),
      );
      cleanups.push(() => served.close());
      const context = testProbeContext({ resolvers: [served.address], timeoutMs: 3000 });
      // Served with the leaf the TLSA records were made for.
      await w.servers[0]!.close();
      const server = await startSmtpServer({
        mode: "starttls",
        host: w.servers[0]!.host,
        port: w.port,
        certificate,
      });
      cleanups.push(() => server.close());
      const data = await mailProbe({ smtpPort: w.port, ca: pki.root.certPem }).run(domain, context);
      expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
      expect(data.hosts[0]!.tlsa).toHaveLength(records.length);
      expect(data.hosts[0]!.endpoints[0]!.tlsaMatch, `case ${index}`).toBe(match);
      expect(data.hosts[0]!.tlsaDnssec).toMatchObject({ secure: false });
      const dane = findingOf(data, "mail.dane.tlsa");
      expect(dane.status).toBe("skipped");
      expect(dane.message).toContain("no answer is DNSSEC-secure");
    }
  });

  it.each([
    [true, "pass"],
    [false, "fail"],
  ])(
    "judges TLSA records of a DNSSEC-signed zone validated from the anchor (match %s)",
    async (right, expected) => {
      const domain = `signed-${right}.test`;
      const mxHost = `mx.${domain}`;
      // Self-signed: no PKIX trust, so only DANE can authenticate it.
      const own = await createCertificate({ commonName: mxHost, subjectAltNames: [mxHost] });
      const certificate = { keyPem: own.keyPem, certPem: own.certPem };
      const w = await world({ domain, mx: [{ host: mxHost, mode: "starttls", certificate }] });
      const spki = new X509Certificate(certificate.certPem).publicKey.export({
        type: "spki",
        format: "der",
      });
      const association = right ? createHash("sha256").update(spki).digest() : Buffer.alloc(32, 1);
      const now = Math.floor(Date.now() / 1000);
      const window = { inception: now - 3600, expiration: now + 86_400 };
      const rootKey = generateZoneKey({ algorithm: 13 });
      const tldKey = generateZoneKey({ algorithm: 13 });
      const zoneKey = generateZoneKey({ algorithm: 13 });
      const soa = (zone: string): packet.Answer => ({
        type: "SOA",
        name: zone,
        ttl: 300,
        data: {
          mname: `ns.${zone}`,
          rname: `hostmaster.${zone}`,
          serial: 1,
          refresh: 300,
          retry: 300,
          expire: 3000,
          minimum: 60,
        },
      });
      const owner = `_${w.port}._tcp.${mxHost}`;
      const zones = [
        {
          apex: ".",
          records: signZone({
            zone: ".",
            ksk: rootKey,
            ...window,
            records: [
              { type: "NS", name: "test", ttl: 300, data: "ns.test" },
              dsRecord({ zone: "test", key: tldKey }),
            ],
          }),
        },
        {
          apex: "test",
          records: signZone({
            zone: "test",
            ksk: tldKey,
            ...window,
            records: [
              soa("test"),
              { type: "NS", name: domain, ttl: 300, data: `ns.${domain}` },
              dsRecord({ zone: domain, key: zoneKey }),
            ],
          }),
        },
        {
          apex: domain,
          records: signZone({
            zone: domain,
            ksk: zoneKey,
            ...window,
            records: [
              soa(domain),
              mx(domain, mxHost),
              a(mxHost, w.servers[0]!.host),
              {
                type: "TLSA",
                name: owner,
                ttl: 300,
                data: { usage: 3, selector: 1, matchingType: 1, certificate: association },
              },
            ],
          }),
        },
      ];
      const resolver = await startDnsServer(signedResolverHandler(zones));
      cleanups.push(() => resolver.close());
      const anchor = (dsRecord({ zone: ".", key: rootKey }) as packet.DSAnswer).data;
      const context = testProbeContext({ resolvers: [resolver.address], timeoutMs: 3000 });
      const data = await mailProbe({
        smtpPort: w.port,
        ca: pki.root.certPem,
        trustAnchors: [
          {
            zone: ".",
            keyTag: anchor.keyTag,
            algorithm: anchor.algorithm,
            digestType: anchor.digestType,
            digest: anchor.digest.toString("hex"),
          },
        ],
      }).run(domain, context);
      expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
      expect(data.hosts[0]!.tlsaDnssec).toEqual({ secure: true, reason: null });
      expect(data.hosts[0]!.endpoints[0]!.tlsaMatch).toBe(right);
      expect(statusOf(data, "mail.dane.tlsa")).toBe(expected);
      // A matching secure TLSA authenticates the MX; without a match, DANE makes a bad name fatal.
      expect(statusOf(data, "mail.starttls.certificate")).toBe(right ? "pass" : "fail");

      // The same zone judged from another anchor is not secure: the TLSA records do not count.
      const untrusted = await mailProbe({ smtpPort: w.port, ca: pki.root.certPem }).run(
        domain,
        testProbeContext({ resolvers: [resolver.address], timeoutMs: 3000 }),
      );
      expect(untrusted.hosts[0]!.tlsaDnssec?.secure).toBe(false);
      // The dns section's chain validation judged it, naming the level that broke and why.
      expect(untrusted.hosts[0]!.tlsaDnssec?.reason).toBe(
        ".: DNSKEY missing: no key matches DS 20326, 38696",
      );
      expect(statusOf(untrusted, "mail.dane.tlsa")).toBe("skipped");
    },
  );
});

describe("mailProbe: resources", () => {
  it("leaves no socket or timer behind, whatever the MX hosts do", async () => {
    const w = await world({
      domain: "mixed.test",
      mx: [
        { host: "mx1.mixed.test", mode: "starttls", certificate: await leafFor("mx1.mixed.test") },
        { host: "mx2.mixed.test", mode: "silent" },
        { host: "mx3.mixed.test", mode: "garbage" },
        { host: "mx4.mixed.test", mode: "close-after-ehlo" },
        { host: "mx5.mixed.test", mode: "huge-banner" },
      ],
    });
    const context = testProbeContext({ resolvers: [w.dns.address], timeoutMs: 1500 });
    const probe = mailProbe({ smtpPort: w.port, ca: pki.root.certPem });
    const before = await activeResources();
    const data = await probe.run("mixed.test", context);
    expect(data.hosts.map((host) => host.endpoints[0]?.error?.reason ?? "ok")).toEqual([
      "ok",
      "timeout",
      "bad_reply",
      "closed",
      "reply_too_large",
    ]);
    expect(await leakedResources(before)).toEqual({});
  });
});
