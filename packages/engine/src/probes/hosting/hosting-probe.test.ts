import net from "node:net";
import { ipDataFromCsv } from "@domain-intel/ip-data";
import {
  createTestPki,
  labBlock,
  rdapDomainExample,
  startDnsServer,
  startHttpsServer,
  startRdapServer,
  startStayRtr,
  type TestPki,
  testProbeContext,
  until,
  type ZoneRecords,
  zoneHandler,
} from "@domain-intel/test-kit";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type * as packet from "dns-packet";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { NoTimeLeftError } from "../../contract/budget.js";
import { networkData } from "../../protocols/ip-network/network-data.js";
import type { RtrClient } from "../../protocols/rtr/rtr-client.js";
import { createRtrClient } from "../../protocols/rtr/rtr-option.js";
import { type HostingData, hostingFindingIds, hostingProbe } from "./index.js";

const ajv = new Ajv2020.default({ strict: false, allErrors: true });
addFormats.default(ajv);

const block = labBlock();
const net24 = `127.${block}.7`;
const at = (host: number) => `${net24}.${host}`;

let pki: TestPki;
beforeAll(async () => {
  pki = await createTestPki({ name: "Let's Encrypt" });
});
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0).reverse()) await close();
});

const record = (type: string, name: string, data: unknown): packet.Answer =>
  ({ type, name, ttl: 300, data }) as packet.Answer;

// The lab's network data: ip-location-db's CSV shape, one range an address.
const ipData = ipDataFromCsv({
  source: "lab",
  asn: [
    {
      source: "lab-asn",
      text: [
        `${at(1)},${at(1)},13335,"Cloudflare, Inc."`,
        `${at(2)},${at(2)},16509,"Amazon.com, Inc."`,
        `${at(3)},${at(3)},64500,Example Networks`,
        `${at(4)},${at(4)},15169,Google LLC`,
        '::1,::1,13335,"Cloudflare, Inc."',
      ].join("\n"),
    },
  ],
  country: [{ source: "lab-country", text: `${net24}.0,${net24}.255,NL\n::1,::1,US` }],
});

/** shop.test on loopback: web (v4 and v6) on HTTPS, two name servers, a Google MX, SPF. */
async function world(extra: ZoneRecords = {}) {
  const leaf = await pki.issueLeaf({ commonName: "shop.test", subjectAltNames: ["shop.test"] });
  const headers = { server: "cloudflare", "cf-ray": "8c0d1e2f3a4b5c6d-AMS" };
  const v4 = await startHttpsServer({
    certificate: { keyPem: leaf.keyPem, certPem: leaf.chainPem },
    routes: { "/": { status: 200, body: "shop", headers } },
    host: at(1),
  });
  cleanups.push(() => v4.close());
  const v6 = await startHttpsServer({
    certificate: { keyPem: leaf.keyPem, certPem: leaf.chainPem },
    routes: { "/": { status: 200, body: "shop", headers } },
    host: "::1",
    port: v4.port,
  });
  cleanups.push(() => v6.close());
  const records: ZoneRecords = {
    "shop.test": [
      record("A", "shop.test", at(1)),
      record("AAAA", "shop.test", "::1"),
      record("NS", "shop.test", "ns-1.awsdns-01.org"),
      record("NS", "shop.test", "ns2.shop.test"),
      record("MX", "shop.test", { preference: 10, exchange: "aspmx.l.google.com" }),
      record("TXT", "shop.test", ["v=spf1 include:_spf.google.com include:sendgrid.net ~all"]),
    ],
    "www.shop.test": [record("CNAME", "www.shop.test", "shop.test")],
    "ns-1.awsdns-01.org": [record("A", "ns-1.awsdns-01.org", at(2))],
    "ns2.shop.test": [record("A", "ns2.shop.test", at(3))],
    "aspmx.l.google.com": [record("A", "aspmx.l.google.com", at(4))],
    [`1.7.${block}.127.in-addr.arpa`]: [
      record("PTR", `1.7.${block}.127.in-addr.arpa`, "web.shop.test"),
    ],
    ...extra,
  };
  const dns = await startDnsServer(zoneHandler(records));
  cleanups.push(() => dns.close());
  return { dns, port: v4.port, web: v4 };
}

async function probe(options: {
  resolver: string;
  port: number;
  rtr?: RtrClient;
  timeoutMs?: number;
  bootstrap?: object;
}) {
  const data = await hostingProbe({
    networkData: networkData(ipData),
    ...(options.rtr ? { rtr: options.rtr } : {}),
    ...(options.bootstrap ? { bootstrap: options.bootstrap } : {}),
    httpsPort: options.port,
  }).run(
    "shop.test",
    testProbeContext({ resolvers: [options.resolver], timeoutMs: options.timeoutMs ?? 4000 }),
  );
  const validate = ajv.compile(
    hostingProbe({ networkData: networkData(ipData) }).dataSchema as object,
  );
  expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
  expect(data.findings.map((finding) => finding.id)).toEqual([...hostingFindingIds]);
  return data;
}

const status = (data: HostingData, id: string) =>
  data.findings.find((finding) => finding.id === id)?.status;

describe("hosting section on loopback", () => {
  it("describes every address of the domain, www., name servers and MX hosts", async () => {
    const { dns, port } = await world();
    const data = await probe({ resolver: dns.address, port });
    expect(data.sources).toEqual({ network: "lab", rpki: null });
    expect(data.nameservers).toEqual(["ns-1.awsdns-01.org", "ns2.shop.test"]);
    expect(data.mxHosts).toEqual(["aspmx.l.google.com"]);
    expect(data.spfIncludes).toEqual(["_spf.google.com", "sendgrid.net"]);
    expect(
      data.hosts.map((host) => [
        host.name,
        host.roles,
        host.addresses.map((entry) => entry.address),
      ]),
    ).toEqual([
      ["shop.test", ["web"], [at(1), "::1"]],
      ["www.shop.test", ["web"], [at(1), "::1"]],
      ["ns-1.awsdns-01.org", ["dns"], [at(2)]],
      ["ns2.shop.test", ["dns"], [at(3)]],
      ["aspmx.l.google.com", ["mail"], [at(4)]],
    ]);
    expect(data.hosts[0]!.addresses[0]).toEqual({
      address: at(1),
      family: 4,
      reverseNames: ["web.shop.test"],
      asn: 13335,
      asName: "Cloudflare, Inc.",
      prefix: `${at(1)}/32`,
      country: "NL",
      provider: { id: "cloudflare", name: "Cloudflare" },
      networkError: null,
      rpki: null,
    });
    expect(data.hosts[0]!.addresses[1]).toMatchObject({
      address: "::1",
      asn: 13335,
      prefix: "::1/128",
      country: "US",
    });
    expect(data.web).toMatchObject({
      address: at(1),
      issuer: ["Let's Encrypt Intermediate"],
      answered: true,
      error: null,
    });
    const ids = (role: keyof HostingData["providers"]) =>
      data.providers[role].map((provider) => provider.id);
    expect(ids("dns")).toEqual(["aws"]);
    expect(data.providers.dns[0]!.evidence).toEqual([
      { kind: "ns-suffix", observed: "ns-1.awsdns-01.org", rule: "awsdns-*.org" },
      { kind: "asn", observed: `AS16509 (${at(2)})`, rule: "AS16509" },
    ]);
    expect(ids("mail")).toEqual(["google-workspace", "google-cloud", "sendgrid"]);
    expect(ids("cdn")).toEqual(["cloudflare"]);
    expect(ids("certificate")).toEqual(["lets-encrypt"]);
    expect(data.providers.registrar).toEqual([]);
    expect(status(data, "hosting.rpki.valid")).toBe("skipped");
    expect(status(data, "hosting.ipv6.web")).toBe("pass");
    expect(status(data, "hosting.ipv6.mail")).toBe("warn");
    expect(status(data, "hosting.network.single-provider")).toBe("pass");
  });

  it("judges each route against StayRTR's VRPs: valid, invalid and not found", async () => {
    const { dns, port } = await world();
    const stayrtr = await startStayRtr({
      vrps: [
        { prefix: `${net24}.0/24`, maxLength: 32, asn: 13335 },
        { prefix: `${at(4)}/32`, maxLength: 32, asn: 15169 },
        { prefix: "::1/128", maxLength: 128, asn: 13335 },
      ],
    });
    cleanups.push(() => stayrtr.stop());
    const rtr = createRtrClient({ cache: stayrtr.cache, network: testProbeContext().network });
    cleanups.push(() => rtr.close());
    const data = await probe({ resolver: dns.address, port, rtr });
    const state = (address: string) =>
      data.hosts.flatMap((host) => host.addresses).find((entry) => entry.address === address)?.rpki
        ?.state;
    expect(state(at(1))).toBe("valid");
    expect(state("::1")).toBe("valid");
    expect(state(at(4))).toBe("valid");
    // AS16509 and AS64500 announce addresses inside the /24 only AS13335 may originate.
    expect(state(at(2))).toBe("invalid");
    expect(state(at(3))).toBe("invalid");
    expect(data.sources.rpki).toEqual({ cache: stayrtr.cache, synchronised: true, error: null });
    const rpki = data.findings.find((finding) => finding.id === "hosting.rpki.valid")!;
    expect(rpki.status).toBe("fail");
    expect(rpki.message).toContain(`${at(2)} (${at(2)}/32 from AS16509)`);

    // The cache drops the /24: the name servers' and the MX's routes are covered by no ROA.
    await stayrtr.setVrps([
      { prefix: `${at(1)}/32`, maxLength: 32, asn: 13335 },
      { prefix: "::1/128", maxLength: 128, asn: 13335 },
    ]);
    await until(
      () => rtr.validate({ prefix: `${at(4)}/32`, asn: 15169 })?.state === "not-found",
      "the cache's update",
      10_000,
    );
    const later = await probe({ resolver: dns.address, port, rtr });
    const laterState = (address: string) =>
      later.hosts.flatMap((host) => host.addresses).find((entry) => entry.address === address)?.rpki
        ?.state;
    expect([at(1), at(2), at(3), at(4), "::1"].map(laterState)).toEqual([
      "valid",
      "not-found",
      "not-found",
      "not-found",
      "valid",
    ]);
    expect(status(later, "hosting.rpki.valid")).toBe("warn");
  });

  it("says why each check is skipped when nothing is known, and never throws for a lame domain", async () => {
    const dns = await startDnsServer(
      zoneHandler({ "shop.test": [record("TXT", "shop.test", ["hello"])] }),
    );
    cleanups.push(() => dns.close());
    const data = await probe({ resolver: dns.address, port: 443 });
    expect(data.hosts.every((host) => host.addresses.length === 0)).toBe(true);
    expect(data.web.error).toBe("shop.test and www.shop.test have no address");
    expect(data.findings.map((finding) => [finding.id, finding.status])).toEqual([
      ["hosting.rpki.valid", "skipped"],
      ["hosting.ipv6.web", "skipped"],
      ["hosting.ipv6.mail", "skipped"],
      ["hosting.network.single-provider", "skipped"],
    ]);
  });

  it("names the registrar by the IANA id the registry's RDAP server gives", async () => {
    const { dns, port } = await world();
    const answer = rdapDomainExample();
    const registrar = (answer.entities as { roles: string[]; publicIds: unknown[] }[]).find(
      (entity) => entity.roles.includes("registrar"),
    )!;
    registrar.publicIds = [{ type: "IANA Registrar ID", identifier: "146" }];
    const rdap = await startRdapServer((path) =>
      path === "/domain/shop.test" ? { status: 200, json: answer } : { status: 404 },
    );
    cleanups.push(() => rdap.close());
    const bootstrap = { services: [[["test"], [rdap.baseUrl]]] };
    const data = await probe({ resolver: dns.address, port, bootstrap });
    expect(rdap.requests).toEqual(["/domain/shop.test"]);
    expect(data.providers.registrar).toEqual([
      {
        id: "godaddy",
        name: "GoDaddy",
        evidence: [{ kind: "registrar-iana-id", observed: "146", rule: "146" }],
      },
    ]);
    expect(data.registrarNote).toBeNull();

    // An id no rule knows (example.com's: IANA's own, 376) is said, and the role stays empty.
    registrar.publicIds = [{ type: "IANA Registrar ID", identifier: "376" }];
    const unknown = await probe({ resolver: dns.address, port, bootstrap });
    expect(unknown.providers.registrar).toEqual([]);
    expect(unknown.registrarNote).toMatch(
      /^The registrar, IANA id 376 \(.+\), is in no provider rule\.$/,
    );
  });

  it("says why the registrar is unknown when RDAP fails, and the rest of the section answers", async () => {
    const { dns, port } = await world();
    const rdap = await startRdapServer(() => ({ status: 404 }));
    cleanups.push(() => rdap.close());
    const data = await probe({
      resolver: dns.address,
      port,
      bootstrap: { services: [[["test"], [rdap.baseUrl]]] },
    });
    expect(data.providers.registrar).toEqual([]);
    expect(data.registrarNote).toBe(`RDAP ${new URL(rdap.baseUrl).host} answered HTTP 404`);
    expect(data.providers.dns.map((provider) => provider.id)).toEqual(["aws"]);
    const none = await probe({
      resolver: dns.address,
      port,
      bootstrap: { services: [[["example"], [rdap.baseUrl]]] },
    });
    expect(none.registrarNote).toBe("the RDAP bootstrap lists no server for shop.test");
  });

  it("asks the web address in a slot of the engine's outbound limit, like every connection", async () => {
    const { dns, port, web } = await world();
    const base = testProbeContext({ resolvers: [dns.address], timeoutMs: 4000 });
    // Which step asks is read from the caller's frame: the limit gives the web request no slot,
    // as a saturated engine would, and admits everything else.
    const asked: string[] = [];
    const context = {
      ...base,
      limit: <T>(operation: () => Promise<T>): Promise<T> => {
        const fromWeb = new Error().stack?.includes("webFacts") ?? false;
        asked.push(fromWeb ? "web" : "other");
        return fromWeb ? Promise.reject(new NoTimeLeftError()) : base.limit(operation);
      },
    };
    const data = await hostingProbe({ networkData: networkData(ipData), httpsPort: port }).run(
      "shop.test",
      context,
    );
    expect(asked.filter((step) => step === "web")).toEqual(["web"]);
    expect(data.web).toMatchObject({ address: at(1), issuer: null, answered: false });
    expect(data.web.error).toMatch(/No time was left/);
    // Bypassing the limit, the section would have sent its GET all the same.
    expect(web.requests).toEqual([]);
    // The rest of the run went on: the name servers' providers are known.
    expect(data.providers.dns.map((provider) => provider.id)).toEqual(["aws"]);
  });

  it("answers an upstream error when no resolver answers", async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(
      hostingProbe({ networkData: networkData(ipData) }).run(
        "shop.test",
        testProbeContext({ resolvers: [`127.0.0.1:${port}`], timeoutMs: 1500 }),
      ),
    ).rejects.toMatchObject({ name: "ProbeError" });
  });
});
