import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  privateUntilAnswered,
  type RdapReply,
  type RdapTestServer,
  rdapDomainExample,
  startDnsServer,
  startRdapServer,
  startWhoisPeers,
  type TestDnsServer,
  testProbeContext,
  zoneHandler,
} from "@domain-intel/test-kit";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProbeError } from "../../contract/probe.js";
import {
  whoisProbe as createWhoisProbe,
  type WhoisData,
  type WhoisProbeOptions,
  whoisDataSchema,
} from "./index.js";

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
const registeredDoc = rdapDomainExample();
const notFoundDoc = JSON.parse(fixture("rdap-not-found.json"));
const redactedDoc = JSON.parse(fixture("rdap-domain-redacted.json"));
const redemptionDoc = JSON.parse(fixture("rdap-domain-redemption.json"));
const serverErrorDoc = JSON.parse(fixture("rdap-server-error.json"));
const bootstrapFor = (base: string) =>
  JSON.parse(fixture("rdap-bootstrap.json").replaceAll("{{BASE}}", base));
const services = (...bases: string[]) => ({
  version: "1.0",
  publication: "2026-11-01T00:00:00Z",
  services: [[["test"], bases]],
});

const ajv = new Ajv2020.default({ strict: true, allErrors: true });
addFormats.default(ajv);
const validateData = ajv.compile(whoisDataSchema);
function expectValid(data: WhoisData): void {
  validateData(data);
  expect(validateData.errors ?? [], JSON.stringify(data)).toEqual([]);
}

async function probeError(result: unknown): Promise<ProbeError> {
  const error = await Promise.resolve(result).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProbeError);
  return error as ProbeError;
}

const dayMs = 86_400_000;
const hourMs = 3_600_000;
/** A loopback address where nothing listens on port 43: WHOIS there is refused at once. */
const closedWhois = "127.0.43.9";
const upstreamSecret = "internal stack trace: do not leak";

let rdap: RdapTestServer;
let base: string;
let dns: TestDnsServer;

function route(path: string): RdapReply {
  const name = path.split("/domain/")[1];
  if (path === "/dns.json") return { status: 200, json: bootstrapFor(base) };
  if (path.startsWith("/down/")) return { status: 503, body: upstreamSecret };
  if (path.startsWith("/broken/")) return { status: 500, json: serverErrorDoc };
  if (/^\/(slow|slow2|hang)\//.test(path)) return { hang: true };
  if (path.startsWith("/big/")) return { status: 200, body: `"${"x".repeat(3 * 1024 * 1024)}"` };
  if (name === "example.test") return { status: 200, json: registeredDoc };
  if (name === "private.test") return { status: 200, json: redactedDoc };
  if (name === "lapsed.test") return { status: 200, json: redemptionDoc };
  if (name === "soon.test" || name === "urgent.test") {
    const days = name === "soon.test" ? 10 : 3;
    const expires = new Date(Date.now() + days * dayMs + hourMs).toISOString();
    return {
      status: 200,
      json: {
        ...registeredDoc,
        ldhName: name.toUpperCase(),
        status: ["active"],
        events: [{ eventAction: "expiration", eventDate: expires }],
      },
    };
  }
  if (name === "three-links.test") {
    return {
      status: 200,
      json: {
        ...registeredDoc,
        ldhName: "THREE-LINKS.TEST",
        links: [1, 2, 3].map((n) => ({
          rel: "related",
          type: "application/rdap+json",
          href: `${base}hang/${n}/domain/three-links.test`,
        })),
      },
    };
  }
  if (name === "linked.test") {
    return {
      status: 200,
      json: {
        ...registeredDoc,
        ldhName: "LINKED.TEST",
        links: [
          {
            rel: "related",
            type: "application/rdap+json",
            href: `${base}hang/domain/linked.test`,
            value: `${base}domain/linked.test`,
          },
        ],
      },
    };
  }
  return { status: 404, json: notFoundDoc };
}

/** The registry's WHOIS (127.0.0.2) and the registrar's own (127.0.0.3), on one free port. */
const peers = await startWhoisPeers({
  "127.0.0.2": (query) => {
    if (query === "example.test") return fixture("whois-registered.txt");
    if (query === "referred.test" || query === "refused.test" || query === "gone.test") {
      return fixture("whois-registry-thin.txt")
        .replaceAll("REFERRED.TEST", query.toUpperCase())
        .replace(
          "whois.registrar.test",
          query === "gone.test" ? "down.registrar.test" : "whois.registrar.test",
        );
    }
    if (query === "lapsed.test") return fixture("whois-redemption.txt");
    if (query === "private.test") return fixture("whois-redacted.txt");
    if (query === "hang.test") return null;
    return fixture("whois-no-match.txt");
  },
  "127.0.0.3": (query) =>
    query === "referred.test"
      ? fixture("whois-registrar-proxied.txt")
      : `No match for "${query.toUpperCase()}".\r\n`,
});
const whois = peers.servers["127.0.0.2"]!;
const registrarWhois = peers.servers["127.0.0.3"]!;
/** Every probe here dials WHOIS on the peers' port, where nothing listens on `closedWhois`. */
const whoisProbe = (options: WhoisProbeOptions = {}) =>
  createWhoisProbe({ whoisPort: peers.port, ...options });

beforeAll(async () => {
  rdap = await startRdapServer(route);
  base = rdap.baseUrl;
  dns = await startDnsServer(
    zoneHandler({
      "rdap.registry.test": [{ type: "A", name: "rdap.registry.test", ttl: 60, data: "127.0.0.1" }],
      "whois.registrar.test": [
        { type: "A", name: "whois.registrar.test", ttl: 60, data: "127.0.0.3" },
      ],
      // Nothing listens on the WHOIS port there.
      "down.registrar.test": [
        { type: "A", name: "down.registrar.test", ttl: 60, data: closedWhois },
      ],
    }),
  );
});

afterAll(async () => {
  await rdap?.close();
  await dns?.close();
  await peers.close();
});

const statusesOf = (data: WhoisData) =>
  Object.fromEntries(data.statuses.map((s) => [s.code, s.meaning]));
const findingStatuses = (data: WhoisData) =>
  Object.fromEntries(data.findings.map((finding) => [finding.id, finding.status]));
const allPass = {
  "whois.domain.not-registered": "pass",
  "whois.domain.expired": "pass",
  "whois.domain.expiring-soon": "pass",
  "whois.domain.pending-delete": "pass",
  "whois.domain.transfer-unlocked": "pass",
};
const noPrivacy = {
  redacted: false,
  proxied: false,
  proxyService: null,
  redactedFields: [],
  redactions: [],
};

describe("whoisProbe over RDAP", () => {
  it("normalises a registered domain", async () => {
    const probe = whoisProbe({ bootstrap: bootstrapFor(base), whoisHints: { test: closedWhois } });
    const before = Date.now();
    const data = await probe.run("example.test", testProbeContext());

    expect(data).toEqual({
      queriedDomain: "example.test",
      registered: true,
      source: "rdap",
      registrar: {
        name: "Example Registrar, Inc.",
        ianaId: "376",
        url: "https://registrar.example",
        abuseEmail: "abuse@registrar.example",
        abusePhone: "+1.5555550100",
      },
      statuses: [
        {
          code: "clientDeleteProhibited",
          meaning: "The registrar does not allow the name to be deleted.",
        },
        {
          code: "clientTransferProhibited",
          meaning: "The registrar does not allow the name to be transferred to another registrar.",
        },
        {
          code: "serverUpdateProhibited",
          meaning: "The registry does not allow the name's data to be changed.",
        },
        { code: "locked", meaning: "The registry has locked changes to the name." },
      ],
      createdAt: "1995-08-14T04:00:00.000Z",
      updatedAt: "2024-08-14T07:01:34.000Z",
      expiresAt: "2099-08-13T04:00:00.000Z",
      expiresInDays: Math.floor((Date.parse("2099-08-13T04:00:00Z") - before) / dayMs),
      nameservers: ["a.iana-servers.net", "b.iana-servers.net"],
      dnssec: {
        delegationSigned: true,
        dsData: [
          {
            keyTag: 370,
            algorithm: 13,
            digestType: 2,
            digest: "BE74359954660069D5C63D200C39F5603827D7DD02B56F120EE9F3A86764247C",
          },
        ],
      },
      transferLock: true,
      // The registrant's name is empty (RFC 9537 "emptyValue"), as ICANN-profile answers give it.
      privacy: { ...noPrivacy, redacted: true, redactedFields: ["name"] },
      registrant: null,
      redacted: [],
      raw: null,
      servers: [{ kind: "rdap", url: base, outcome: "ok" }],
      findings: expect.any(Array),
    });
    expect(findingStatuses(data)).toEqual(allPass);
    expect(data.findings.find((f) => f.id === "whois.domain.transfer-unlocked")?.details).toEqual({
      statuses: ["clientTransferProhibited"],
    });
    expectValid(data);
    expect(probe.ttlMs?.(data)).toBe(6 * hourMs);
    expect(probe.dataSchema).toBe(whoisDataSchema);
  });

  it("answers registered: false for a name the registry does not know (404)", async () => {
    const probe = whoisProbe({ bootstrap: bootstrapFor(base), whoisHints: { test: closedWhois } });
    const data = await probe.run("unregistered.test", testProbeContext());

    expect(data).toEqual({
      queriedDomain: "unregistered.test",
      registered: false,
      source: "rdap",
      registrar: null,
      statuses: [],
      createdAt: null,
      updatedAt: null,
      expiresAt: null,
      expiresInDays: null,
      nameservers: [],
      dnssec: { delegationSigned: null, dsData: [] },
      transferLock: null,
      privacy: null,
      registrant: null,
      redacted: [],
      raw: null,
      servers: [{ kind: "rdap", url: base, outcome: "not_found" }],
      findings: [
        {
          id: "whois.domain.not-registered",
          status: "info",
          severity: "info",
          message: "unregistered.test is not registered: the registry (RDAP) has no record of it.",
          details: { source: "rdap" },
        },
        ...[
          "whois.domain.expired",
          "whois.domain.expiring-soon",
          "whois.domain.pending-delete",
          "whois.domain.transfer-unlocked",
        ].map((id) => ({
          id,
          status: "skipped",
          severity: "info",
          message: "Not checked: unregistered.test is not registered.",
        })),
      ],
    });
    expectValid(data);
    expect(probe.ttlMs?.(data)).toBe(hourMs);
  });

  it("looks a subdomain up by its registrable domain", async () => {
    const probe = whoisProbe({ bootstrap: bootstrapFor(base), whoisHints: { test: closedWhois } });
    const seen = rdap.requests.length;
    const data = await probe.run("www.shop.example.test", testProbeContext());

    expect(data.queriedDomain).toBe("example.test");
    expect(data.registered).toBe(true);
    expect(rdap.requests.slice(seen)).toEqual(["/domain/example.test"]);
  });

  it("warns about a name expiring within 30 days and keeps its TTL short", async () => {
    const probe = whoisProbe({ bootstrap: bootstrapFor(base), whoisHints: { test: closedWhois } });
    const data = await probe.run("soon.test", testProbeContext());

    expect(data.expiresInDays).toBe(10);
    const expiring = data.findings.find((f) => f.id === "whois.domain.expiring-soon");
    expect(expiring).toMatchObject({ status: "warn", severity: "warning" });
    expect(expiring?.message).toMatch(/^The registration of soon\.test expires in 10 days/);
    expect(findingStatuses(data)["whois.domain.expired"]).toBe("pass");
    expect(probe.ttlMs?.(data)).toBe(hourMs);
    expectValid(data);
  });

  it("fails a name expiring within 7 days, and says an unlocked name can be transferred", async () => {
    const probe = whoisProbe({ bootstrap: bootstrapFor(base), whoisHints: { test: closedWhois } });
    const data = await probe.run("urgent.test", testProbeContext());

    expect(data.expiresInDays).toBe(3);
    expect(data.findings.find((f) => f.id === "whois.domain.expiring-soon")).toMatchObject({
      status: "fail",
      severity: "error",
      details: { expiresAt: data.expiresAt, expiresInDays: 3 },
    });
    expect(data.statuses).toEqual([
      { code: "ok", meaning: "Standard status: no pending operation and no prohibition." },
    ]);
    expect(data.transferLock).toBe(false);
    expect(data.findings.find((f) => f.id === "whois.domain.transfer-unlocked")).toMatchObject({
      status: "info",
      severity: "info",
    });
    expectValid(data);
  });

  it("reports registrant data the registry redacted under RFC 9537", async () => {
    const probe = whoisProbe({ bootstrap: bootstrapFor(base), whoisHints: { test: closedWhois } });
    const data = await probe.run("private.test", testProbeContext());

    expect(data.registered).toBe(true);
    expect(data.privacy).toEqual({
      redacted: true,
      proxied: false,
      proxyService: null,
      redactedFields: expect.arrayContaining(["name", "organization", "email", "phone"]),
      redactions: [
        { name: "Registry Registrant ID", method: "removal", reason: "Server policy" },
        { name: "Registrant Name", method: "emptyValue", reason: "Server policy" },
        { name: "Registrant Organization", method: "removal", reason: "Server policy" },
        { name: "Registrant Email", method: "removal", reason: "Server policy" },
        { name: "Registrant Phone", method: "removal", reason: "Server policy" },
        { name: "Tech Email", method: "removal", reason: "Server policy" },
      ],
    });
    // The organization is null because it is withheld, and the data says so.
    expect(data.redacted).toEqual(["registrant.organization"]);
    expect(data.registrar).toEqual({
      name: "NameCheap, Inc.",
      ianaId: "1068",
      url: "https://registrar.example",
      abuseEmail: "abuse@registrar.example",
      abusePhone: "+1.6613102107",
    });
    expect(data.dnssec).toEqual({ delegationSigned: false, dsData: [] });
    expect(findingStatuses(data)).toEqual(allPass);
    expectValid(data);
  });

  it("reports a domain in redemption as expired and being deleted", async () => {
    const probe = whoisProbe({ bootstrap: bootstrapFor(base), whoisHints: { test: closedWhois } });
    const data = await probe.run("lapsed.test", testProbeContext());

    expect(data.registered).toBe(true);
    expect(data.statuses.map((s) => s.code)).toEqual([
      "pendingDelete",
      "redemptionPeriod",
      "serverHold",
      "serverTransferProhibited",
    ]);
    expect(statusesOf(data).redemptionPeriod).toMatch(/restore/);
    expect(statusesOf(data).serverHold).toMatch(/does not resolve/);
    expect(data.expiresAt).toBe("2026-10-05T14:22:31.000Z");
    expect(data.expiresInDays).toBeLessThan(0);
    expect(data.transferLock).toBe(true);
    expect(findingStatuses(data)).toEqual({
      "whois.domain.not-registered": "pass",
      "whois.domain.expired": "fail",
      "whois.domain.expiring-soon": "skipped",
      "whois.domain.pending-delete": "fail",
      "whois.domain.transfer-unlocked": "pass",
    });
    expect(data.findings.find((f) => f.id === "whois.domain.pending-delete")).toMatchObject({
      severity: "error",
      details: { statuses: ["pendingDelete", "redemptionPeriod"] },
    });
    expect(probe.ttlMs?.(data)).toBe(hourMs);
    expectValid(data);
  });

  it("keeps the registry answer when a registrar link hangs", async () => {
    const probe = whoisProbe({ bootstrap: bootstrapFor(base), whoisHints: { test: closedWhois } });
    const started = Date.now();
    const data = await probe.run("linked.test", testProbeContext({ timeoutMs: 1500 }));

    expect(Date.now() - started).toBeLessThan(1500);
    expect(data.registered).toBe(true);
    expect(data.registrar?.ianaId).toBe("376");
    expect(data.servers).toEqual([
      { kind: "rdap", url: base, outcome: "ok" },
      { kind: "rdap", url: `${base}hang/domain/linked.test`, outcome: "timeout" },
    ]);
    expectValid(data);
  });

  it("keeps the registry answer when registrar links together outlast the budget", async () => {
    // Three links that each hang for a whole operation timeout would pass rdapper's deadline;
    // the probe stops link requests just before it.
    const probe = whoisProbe({ bootstrap: bootstrapFor(base), whoisHints: { test: closedWhois } });
    const started = Date.now();
    const data = await probe.run("three-links.test", testProbeContext({ timeoutMs: 1500 }));

    expect(Date.now() - started).toBeLessThan(1500);
    expect(data.registered).toBe(true);
    expect(data.servers[0]).toEqual({ kind: "rdap", url: base, outcome: "ok" });
    expect(data.servers.slice(1).map((server) => server.outcome)).toEqual([
      "timeout",
      "timeout",
      "timeout",
    ]);
  });
});

describe("whoisProbe over WHOIS", () => {
  /** RDAP answers 500 (RFC 9083 error body) for every name; WHOIS is the registry at 127.0.0.2. */
  const fallbackProbe = () =>
    whoisProbe({ bootstrap: services(`${base}broken/`), whoisHints: { test: "127.0.0.2" } });
  const withResolver = (network: Parameters<typeof testProbeContext>[0] = {}) =>
    testProbeContext({ resolvers: [dns.address], ...network });

  it("falls back to WHOIS when RDAP answers 500", async () => {
    const data = await fallbackProbe().run("example.test", withResolver());

    expect(data).toEqual({
      queriedDomain: "example.test",
      registered: true,
      source: "whois",
      registrar: {
        name: "Example Registrar, Inc.",
        ianaId: "376",
        url: "http://www.registrar.example",
        abuseEmail: "abuse@registrar.example",
        abusePhone: "+1.5555550100",
      },
      statuses: [
        {
          code: "clientDeleteProhibited",
          meaning: "The registrar does not allow the name to be deleted.",
        },
        {
          code: "clientTransferProhibited",
          meaning: "The registrar does not allow the name to be transferred to another registrar.",
        },
      ],
      createdAt: "1995-08-14T04:00:00.000Z",
      updatedAt: "2024-08-14T07:01:34.000Z",
      expiresAt: "2099-08-13T04:00:00.000Z",
      expiresInDays: expect.any(Number),
      nameservers: ["a.iana-servers.net", "b.iana-servers.net"],
      // rdapper alone would report "DNSSEC: unsigned" as signed.
      dnssec: { delegationSigned: false, dsData: [] },
      transferLock: true,
      privacy: noPrivacy,
      registrant: null,
      redacted: [],
      raw: null,
      servers: [
        { kind: "rdap", url: `${base}broken/`, outcome: "http_error" },
        { kind: "whois", host: "127.0.0.2", outcome: "ok" },
      ],
      findings: expect.any(Array),
    });
    expect(findingStatuses(data)).toEqual(allPass);
    expect(whois?.queries.at(-1)).toBe("example.test");
    expectValid(data);
  });

  it("follows the registry's referral to the registrar's WHOIS", async () => {
    const seen = registrarWhois?.queries.length ?? 0;
    const data = await fallbackProbe().run("referred.test", withResolver());

    expect(registrarWhois?.queries.slice(seen)).toEqual(["referred.test"]);
    expect(data.servers).toEqual([
      { kind: "rdap", url: `${base}broken/`, outcome: "http_error" },
      { kind: "whois", host: "127.0.0.2", outcome: "ok" },
      { kind: "whois", host: "whois.registrar.test", outcome: "ok" },
    ]);
    // The registrar's contacts: a proxy service stands in for the holder; nothing is withheld.
    expect(data.privacy).toEqual({
      redacted: false,
      proxied: true,
      proxyService: "Domains By Proxy, LLC",
      redactedFields: [],
      redactions: [],
    });
    // The registry's own data stands where both answer.
    expect(data.registrar).toEqual({
      name: "Registrar of Record, LLC",
      ianaId: "146",
      url: "http://www.registrar.test",
      abuseEmail: "abuse@registrar.test",
      abusePhone: "480-624-2505",
    });
    expect(data.statuses.map((s) => s.code)).toEqual([
      "clientDeleteProhibited",
      "clientRenewProhibited",
      "clientUpdateProhibited",
    ]);
    expect(data.transferLock).toBe(false);
    expect(data.createdAt).toBe("2011-06-20T18:33:08.000Z");
    expect(data.expiresAt).toBe("2099-06-20T18:33:08.000Z");
    expect(data.nameservers).toEqual(["ns1.hosting.test", "ns2.hosting.test"]);
    expect(data.dnssec.delegationSigned).toBe(true);
    expect(findingStatuses(data)["whois.domain.transfer-unlocked"]).toBe("info");
    expectValid(data);
  });

  it("does not follow a referral to a private address when they are not allowed", async () => {
    const seen = registrarWhois.connections;
    // Private addresses are off from the registry's answer on: the registrar hop is judged so.
    const data = await fallbackProbe().run(
      "refused.test",
      privateUntilAnswered(withResolver(), whois),
    );

    expect(registrarWhois.connections).toBe(seen);
    expect(data.registered).toBe(true);
    expect(data.servers.at(-1)).toEqual({
      kind: "whois",
      host: "whois.registrar.test",
      outcome: "address_not_allowed",
    });
    expect(data.privacy).toEqual(noPrivacy);
  });

  it("keeps the registry's answer when the registrar's WHOIS is down", async () => {
    const data = await fallbackProbe().run("gone.test", withResolver());

    expect(data.registered).toBe(true);
    expect(data.registrar?.name).toBe("Registrar of Record, LLC");
    expect(data.servers.at(-1)).toEqual({
      kind: "whois",
      host: "down.registrar.test",
      outcome: "connect_failed",
    });
    expectValid(data);
  });

  it("reports redacted registrant data in WHOIS text", async () => {
    const data = await fallbackProbe().run("private.test", withResolver());

    expect(data.source).toBe("whois");
    expect(data.privacy).toEqual({
      redacted: true,
      proxied: false,
      proxyService: null,
      redactedFields: expect.arrayContaining(["name", "organization", "email", "phone"]),
      redactions: [],
    });
    expect(data.registrar?.abuseEmail).toBe("abuse@registrar.example");
    // An empty "Registrar WHOIS Server:" line refers nowhere.
    expect(data.servers.map((server) => server.outcome)).toEqual(["http_error", "ok"]);
    expectValid(data);
  });

  it("reports a domain in redemption from WHOIS text", async () => {
    const data = await fallbackProbe().run("lapsed.test", withResolver());

    expect(data.source).toBe("whois");
    expect(data.statuses.map((s) => s.code)).toEqual([
      "pendingDelete",
      "redemptionPeriod",
      "serverHold",
      "serverTransferProhibited",
    ]);
    expect(findingStatuses(data)).toMatchObject({
      "whois.domain.expired": "fail",
      "whois.domain.pending-delete": "fail",
    });
    // The registrar no longer has the name; the registry's answer stands.
    expect(data.servers.at(-1)).toEqual({
      kind: "whois",
      host: "whois.registrar.test",
      outcome: "not_found",
    });
    expectValid(data);
  });

  it("answers registered: false for a WHOIS 'No match'", async () => {
    const data = await fallbackProbe().run("unregistered.test", withResolver());

    expect(data.registered).toBe(false);
    expect(data.source).toBe("whois");
    expect(data.servers.at(-1)).toEqual({
      kind: "whois",
      host: "127.0.0.2",
      outcome: "not_found",
    });
    expect(findingStatuses(data)["whois.domain.not-registered"]).toBe("info");
    expectValid(data);
  });
});

describe("whoisProbe failures", () => {
  it("reports a timeout, within the budget, when RDAP is slower than the budget", async () => {
    const probe = whoisProbe({
      bootstrap: services(`${base}slow/`, `${base}slow2/`),
      whoisHints: { test: closedWhois },
    });
    const started = Date.now();
    const error = await probeError(
      probe.run("example.test", testProbeContext({ timeoutMs: 1500 })),
    );
    const elapsed = Date.now() - started;

    expect(error.code).toBe("timeout");
    expect(elapsed).toBeGreaterThanOrEqual(1300);
    expect(elapsed).toBeLessThan(1800);
    expect(error.message).toMatch(/^Registration lookup for example\.test ran out of time/);
    expect(error.message).toContain(`RDAP ${base}slow/ timed out`);
    expect(error.message).toContain(`RDAP ${base}slow2/ timed out`);
  });

  it("reports a timeout when RDAP and WHOIS both hang", async () => {
    const probe = whoisProbe({
      bootstrap: services(`${base}slow/`),
      whoisHints: { test: "127.0.0.2" },
    });
    const started = Date.now();
    const error = await probeError(probe.run("hang.test", testProbeContext({ timeoutMs: 1500 })));

    expect(error.code).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(1800);
    expect(error.message).toContain(`RDAP ${base}slow/ timed out`);
    expect(error.message).toContain("WHOIS 127.0.0.2 timed out");
  });

  it("reports upstream_error naming every server when all registries are down", async () => {
    const probe = whoisProbe({
      bootstrap: services(`${base}down/`),
      whoisHints: { test: closedWhois },
    });
    const error = await probeError(probe.run("example.test", testProbeContext()));

    expect(error.code).toBe("upstream_error");
    expect(error.message).toBe(
      `No registry answered for example.test: RDAP ${base}down/ answered HTTP 503; WHOIS ${closedWhois} could not be reached (ECONNREFUSED)`,
    );
    expect(error.message).not.toContain(upstreamSecret);
  });

  it("refuses a response body over 2 MiB", async () => {
    const probe = whoisProbe({
      bootstrap: services(`${base}big/`),
      whoisHints: { test: closedWhois },
    });
    const error = await probeError(probe.run("example.test", testProbeContext()));

    expect(error.code).toBe("upstream_error");
    expect(error.message).toContain(
      `RDAP ${base}big/ not used: ${new URL(base).host} sent a response larger than 2097152 bytes`,
    );
  });

  it("reports a TLD that neither RDAP nor WHOIS serves", async () => {
    const probe = whoisProbe({ bootstrap: services(base), whoisHints: { test: closedWhois } });
    const error = await probeError(probe.run("example.other", testProbeContext()));

    expect(error.code).toBe("upstream_error");
    expect(error.message).toContain("the RDAP bootstrap lists no server for .other");
  });
});

describe("whoisProbe bootstrap", () => {
  it("reads the bootstrap from a file path once", async () => {
    const dir = await mkdtemp(join(tmpdir(), "whois-bootstrap-"));
    const file = join(dir, "dns.json");
    await writeFile(file, JSON.stringify(bootstrapFor(base)));
    const probe = whoisProbe({ bootstrap: file, whoisHints: { test: closedWhois } });

    expect((await probe.run("example.test", testProbeContext())).registered).toBe(true);
    await rm(dir, { recursive: true });
    // Cached: the file is gone, the second lookup still has its RDAP servers.
    expect((await probe.run("example.test", testProbeContext())).source).toBe("rdap");
  });

  it("fetches the bootstrap from a URL once across lookups", async () => {
    const probe = whoisProbe({ bootstrap: `${base}dns.json`, whoisHints: { test: closedWhois } });
    const fetched = () => rdap.requests.filter((path) => path === "/dns.json").length;
    const before = fetched();

    const [first, second] = await Promise.all([
      probe.run("example.test", testProbeContext()),
      probe.run("unregistered.test", testProbeContext()),
    ]);
    const third = await probe.run("example.test", testProbeContext());

    expect([first.registered, second.registered, third.registered]).toEqual([true, false, true]);
    expect(fetched() - before).toBe(1);
  });

  it("falls back to WHOIS, and says so, when the bootstrap cannot be read", async () => {
    const probe = whoisProbe({
      bootstrap: "/nonexistent/dns.json",
      whoisHints: { test: closedWhois },
    });
    const error = await probeError(probe.run("example.test", testProbeContext()));

    expect(error.message).toBe(
      `No registry answered for example.test: RDAP bootstrap file /nonexistent/dns.json could not be read (ENOENT); WHOIS ${closedWhois} could not be reached (ECONNREFUSED)`,
    );
  });
});

describe("whoisProbe address policy", () => {
  it("never contacts a loopback RDAP server when private addresses are not allowed", async () => {
    const probe = whoisProbe({ bootstrap: bootstrapFor(base), whoisHints: { test: closedWhois } });
    const seen = rdap.requests.length;
    const error = await probeError(
      probe.run("example.test", testProbeContext({ allowPrivateAddresses: false })),
    );

    expect(rdap.requests.length).toBe(seen);
    expect(error.code).toBe("upstream_error");
    expect(error.message).toBe(
      `No registry answered for example.test: RDAP ${base} not used: 127.0.0.1 is not a public address (loopback range), and private addresses are not allowed; WHOIS ${closedWhois} not used: ${closedWhois} is not a public address (loopback range), and private addresses are not allowed`,
    );
  });

  it("checks the addresses a host name resolves to before connecting", async () => {
    const port = new URL(base).port;
    const named = `http://rdap.registry.test:${port}/`;
    const probe = whoisProbe({ bootstrap: services(named), whoisHints: { test: closedWhois } });
    const seen = rdap.requests.length;

    const error = await probeError(
      probe.run(
        "example.test",
        testProbeContext({ allowPrivateAddresses: false, resolvers: [dns.address] }),
      ),
    );
    expect(rdap.requests.length).toBe(seen);
    expect(error.message).toContain(
      `RDAP ${named} not used: rdap.registry.test resolves to 127.0.0.1, not a public address (loopback range)`,
    );

    // The same name, allowed: the probe connects to the address it resolved.
    const data = await probe.run(
      "example.test",
      testProbeContext({ allowPrivateAddresses: true, resolvers: [dns.address] }),
    );
    expect(data.servers).toEqual([{ kind: "rdap", url: named, outcome: "ok" }]);
    expect(rdap.requests.length).toBe(seen + 1);
  });

  it("does not fetch a bootstrap URL on a private address when they are not allowed", async () => {
    const probe = whoisProbe({ bootstrap: `${base}dns.json`, whoisHints: { test: closedWhois } });
    const seen = rdap.requests.length;
    const error = await probeError(
      probe.run("example.test", testProbeContext({ allowPrivateAddresses: false })),
    );

    expect(rdap.requests.length).toBe(seen);
    expect(error.message).toContain(
      `RDAP bootstrap ${base}dns.json not used: 127.0.0.1 is not a public address (loopback range)`,
    );
  });
});

describe("whoisProbe options", () => {
  it("rejects bad options with a TypeError naming the option", () => {
    expect(() => whoisProbe({ bootstrap: 42 as unknown as string })).toThrow(
      /^whoisProbe: options\.bootstrap must be RFC 9224 bootstrap data .*; got number$/,
    );
    expect(() => whoisProbe({ bootstrap: { services: [["test"]] } })).toThrow(
      "whoisProbe: options.bootstrap must be RFC 9224 bootstrap data ({ services: [[tlds], [urls]][] }), a file path or an http(s) URL; services[0] is not a pair of string arrays",
    );
    expect(() => whoisProbe({ bootstrap: "ftp://example.test/dns.json" })).toThrow(TypeError);
    expect(() => whoisProbe({ whoisHints: { test: "whois.example:4343" } })).toThrow(
      "whoisProbe: options.whoisHints.test must be a WHOIS host name or IP address (port 43 is implied)",
    );
    expect(() => whoisProbe({ whoisHints: "test=whois.example" as never })).toThrow(TypeError);
    expect(() => whoisProbe({ whoisHint: {} } as never)).toThrow(
      "whoisProbe: options.whoisHint is not an option; did you mean whoisHints?",
    );
    expect(() => createWhoisProbe({ whoisPort: 0 })).toThrow(
      "whoisProbe: options.whoisPort must be an integer from 1 to 65535",
    );
  });

  it("accepts hints with a whois:// prefix or a leading dot", async () => {
    expect(() =>
      whoisProbe({ whoisHints: { ".COM": "whois://whois.registry.example", test: "::1" } }),
    ).not.toThrow();
  });
});
