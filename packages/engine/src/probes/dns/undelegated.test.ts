import {
  dsRecord,
  engineGet,
  type LabWorld,
  noBuiltInProbes,
  startLabWorld,
} from "@domain-intel/test-kit";
import type * as packet from "dns-packet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEngine, type Engine } from "../../engine.js";
import { dnsProbe } from "./dns-probe.js";
import { undelegatedQuery } from "./undelegated.js";

const parse = (values: Record<string, string[]>) => undelegatedQuery.parse(values);

describe("undelegated test parameters", () => {
  it("reads name servers with and without addresses, repeated or comma-separated", () => {
    const parsed = parse({
      ns: ["NS1.Example.NET./192.0.2.1,ns1.example.net/2001:DB8::1", "ns2.example.org"],
      ds: ["60485,13,2,d4b7;1,8,1,00ff"],
    });
    expect(parsed?.value).toEqual({
      ns: [
        { host: "ns1.example.net", addresses: ["192.0.2.1", "2001:db8::1"] },
        { host: "ns2.example.org", addresses: [] },
      ],
      ds: [
        { keyTag: 60485, algorithm: 13, digestType: 2, digest: "D4B7" },
        { keyTag: 1, algorithm: 8, digestType: 1, digest: "00FF" },
      ],
    });
    // One canonical key whatever the order and spelling: the cache keeps one answer for both.
    expect(
      parse({ ns: ["ns2.example.org", "ns1.example.net/2001:db8::1,ns1.example.net/192.0.2.1"] })
        ?.key,
    ).toBe("ns=ns1.example.net/192.0.2.1/2001:db8::1,ns2.example.org");
    expect(parse({})).toBeUndefined();
  });

  it.each([
    [
      { ns: ["ns1.example.net/300.1.1.1"] },
      /^ns: "ns1\.example\.net\/300\.1\.1\.1" has no valid IP/,
    ],
    [{ ns: ["192.0.2.1"] }, /^ns: "192\.0\.2\.1" is not a host name$/],
    [{ ns: ["ns1.example.net,"] }, /^ns: an empty name server/],
    [{ ns: ["-bad.example"] }, /^ns: "-bad\.example" is not a host name$/],
    [{ ns: Array.from({ length: 14 }, (_, n) => `ns${n}.example.net`) }, /^ns: 14 name servers/],
    [{ ds: ["60485,13,2"] }, /^ds: "60485,13,2" is not "keytag,algorithm,digesttype,digest"/],
    [{ ds: ["70000,13,2,AA"] }, /^ds: "70000,13,2,AA" is not/],
    [{ ds: ["1,13,2,XYZ"] }, /^ds: "1,13,2,XYZ" is not/],
    [{ ds: ["1,13,2,ABC"] }, /^ds: "1,13,2,ABC" is not/],
  ])("refuses %j with a TypeError naming the parameter", (values, message) => {
    expect(() => parse(values)).toThrow(TypeError);
    expect(() => parse(values)).toThrow(message);
  });
});

describe("GET /dns/{domain}?ns=&ds=: the zone judged from the given servers", () => {
  let world: LabWorld;
  let engine: Engine;
  const get = (url: string) => engineGet(engine, url, "k");
  const queriesSeen = () =>
    [...world.lab.servers.values()].reduce((sum, server) => sum + server.queries.length, 0) +
    world.lab.resolver.queries.length;
  const nsParameter = () =>
    world.hosts.map((host, index) => `ns=${host}/${world.addresses[index]}`).join("&");
  const ds = (digest?: string) => {
    const { data } = dsRecord({ zone: world.domain, key: world.ksk! }) as packet.DSAnswer;
    return `${data.keyTag},${data.algorithm},${data.digestType},${digest ?? data.digest.toString("hex")}`;
  };

  beforeAll(async () => {
    world = await startLabWorld({ ipv6: false, undelegated: true });
    engine = createEngine({
      keys: ["k"],
      network: {
        resolvers: [world.lab.resolver.address],
        allowPrivateAddresses: true,
        timeoutMs: 8000,
      },
      probes: {
        ...noBuiltInProbes,
        dns: dnsProbe({ authoritativePort: world.lab.port, trustAnchors: world.trustAnchor }),
      },
    });
  });
  afterAll(async () => {
    await engine?.close();
    await world?.close();
  });

  it("judges a zone its parent does not delegate from ?ns=, cached apart", async () => {
    const delegated = await get("/api/v1/dns/example.test");
    expect(delegated.status).toBe(200);
    expect(delegated.body.data.exists).toBe(false);

    const answer = await get(`/api/v1/dns/example.test?${nsParameter()}`);
    expect(answer.status).toBe(200);
    expect(answer.body.cache).toBe("miss");
    const { data } = answer.body;
    expect(data.exists).toBe(true);
    expect(data.health.zone).toBe("example.test");
    expect(data.records.SOA?.serial ?? data.records.SOA?.[0]?.serial).toBe(2026112201);
    const checks = new Map(data.health.checks.map((check: { id: string }) => [check.id, check]));
    expect(checks.get("dns.ns.lame")).toMatchObject({ status: "pass" });
    expect(checks.get("dns.ns.parent-child")).toMatchObject({ status: "pass" });
    // Signed zone, no DS given: judged as a new delegation without DS.
    expect(checks.get("dns.dnssec.ds-match")).toMatchObject({ status: "skipped" });
    expect(checks.get("dns.dnssec.ds-consistency")).toMatchObject({
      status: "skipped",
      message: expect.stringMatching(/given for the undelegated test/),
    });

    // The same servers in another order: the same cached answer; the delegated one unchanged.
    const reordered = world.hosts
      .map((host, index) => `${host}/${world.addresses[index]}`)
      .reverse()
      .join(",");
    expect((await get(`/api/v1/dns/example.test?ns=${reordered}`)).body.cache).toBe("hit");
    expect((await get("/api/v1/dns/example.test")).body.data.exists).toBe(false);
  });

  it("fails the DS check for a ?ds= that matches no DNSKEY, passes it for the right one", async () => {
    const wrong = await get(`/api/v1/dns/example.test?${nsParameter()}&ds=${ds("00".repeat(32))}`);
    expect(wrong.status).toBe(200);
    const match = (body: typeof wrong.body) =>
      body.data.health.checks.find((check: { id: string }) => check.id === "dns.dnssec.ds-match");
    expect(match(wrong.body)).toMatchObject({ status: "fail" });

    const right = await get(`/api/v1/dns/example.test?${nsParameter()}&ds=${ds()}`);
    expect(match(right.body)).toMatchObject({ status: "pass" });
  });

  it("judges a ?ds= alone for a name nothing delegates: the name asked, its DS's algorithms", async () => {
    const answer = await get(`/api/v1/dns/example.test?ds=${ds()}`);
    const checkOf = (body: typeof answer.body, id: string) =>
      body.data.health.checks.find((check: { id: string }) => check.id === id);
    expect(answer.status).toBe(200);
    expect(answer.body.data.health.zone).toBe("example.test");
    expect(checkOf(answer.body, "dns.dnssec.algorithm")).toMatchObject({
      status: "pass",
      details: { ds: [{ keyTag: world.ksk!.keyTag, digest: "SHA-256", status: "must" }] },
    });
    // A SHA-1 digest given (RFC 8624 3.3: MUST NOT for a delegation) fails the same check.
    const sha1 = `${world.ksk!.keyTag},13,1,${"ab".repeat(20)}`;
    const dated = await get(`/api/v1/dns/example.test?ds=${sha1}`);
    expect(checkOf(dated.body, "dns.dnssec.algorithm")).toMatchObject({ status: "fail" });
  });

  it("refuses a malformed value with 400 naming the parameter, asking nothing", async () => {
    const before = queriesSeen();
    for (const [query, detail] of [
      ["ns=ns1.example.test/300.0.0.1", /^ns: /],
      ["ds=1,2,3", /^ds: /],
      [`${nsParameter()}&ds=1,13,2,nothex`, /^ds: /],
    ] as const) {
      const answer = await get(`/api/v1/dns/example.test?${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        code: "bad_request",
        detail: expect.stringMatching(detail),
      });
    }
    expect(queriesSeen()).toBe(before);
  });

  it("never asks a given server the address policy forbids", async () => {
    const strict = createEngine({
      keys: ["k"],
      network: { resolvers: [world.lab.resolver.address], timeoutMs: 4000 },
      probes: { ...noBuiltInProbes, dns: dnsProbe({ authoritativePort: world.lab.port }) },
    });
    try {
      const servers = [...world.lab.servers.values()];
      const before = servers.reduce((sum, server) => sum + server.queries.length, 0);
      const answer = await engineGet(strict, `/api/v1/dns/example.test?${nsParameter()}`, "k");
      expect(answer.status).toBe(502);
      expect(answer.body.detail).toMatch(/address policy does not allow/);
      expect(servers.reduce((sum, server) => sum + server.queries.length, 0)).toBe(before);
    } finally {
      await strict.close();
    }
  });

  it("is described in the OpenAPI document and taken by lookup()", async () => {
    const operation = engine.openApiDocument.paths?.["/dns/{domain}"]?.get;
    const names = (operation?.parameters ?? []).map((parameter) =>
      "name" in parameter ? parameter.name : parameter.$ref,
    );
    expect(names).toEqual(expect.arrayContaining(["ns", "ds"]));
    const section = await engine.lookup("example.test", "dns", {
      query: { ns: world.hosts.map((host, index) => `${host}/${world.addresses[index]}`) },
    });
    expect(section.status).toBe("ok");
    expect((section.data as { exists: boolean }).exists).toBe(true);
    await expect(engine.lookup("example.test", "dns", { query: { nope: "x" } })).rejects.toThrow(
      /options\.query\.nope is not a parameter/,
    );
  });
});
