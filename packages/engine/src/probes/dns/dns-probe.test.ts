import {
  type DnsHandler,
  startDnsServer,
  type TestDnsServer,
  testProbeContext,
  type ZoneRecords,
  zoneHandler,
} from "@domain-intel/test-kit";
import { Ajv2020 } from "ajv/dist/2020.js";
import * as packet from "dns-packet";
import pLimit from "p-limit";
import { afterEach, describe, expect, it } from "vitest";
import { type NetworkPolicy, type ProbeContext, ProbeError } from "../../contract/probe.js";
import type { DnsData } from "./dns-data.js";
import { dnsProbe } from "./dns-probe.js";
import { dnsDataSchema } from "./schema.js";

const servers: TestDnsServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(handler: DnsHandler, options?: Parameters<typeof startDnsServer>[1]) {
  const server = await startDnsServer(handler, options);
  servers.push(server);
  return server;
}

const soa: packet.SoaAnswer = {
  type: "SOA",
  name: "example.test",
  ttl: 3600,
  data: {
    mname: "NS1.Example.Test",
    rname: "hostmaster.example.test",
    serial: 2026112201,
    refresh: 7200,
    retry: 900,
    expire: 1209600,
    minimum: 300,
  },
};

const zone: ZoneRecords = {
  "example.test": [
    { type: "A", name: "example.test", ttl: 300, data: "192.0.2.10" },
    { type: "A", name: "example.test", ttl: 300, data: "192.0.2.9" },
    { type: "AAAA", name: "example.test", ttl: 600, data: "2001:DB8:0:0:0:0:0:10" },
    {
      type: "MX",
      name: "example.test",
      ttl: 3600,
      data: { preference: 20, exchange: "Backup.Example.Test." },
    },
    {
      type: "MX",
      name: "example.test",
      ttl: 3600,
      data: { preference: 10, exchange: "mail.example.test" },
    },
    { type: "NS", name: "example.test", ttl: 86400, data: "ns2.example.test" },
    { type: "NS", name: "example.test", ttl: 86400, data: "NS1.example.test" },
    soa,
    { type: "TXT", name: "example.test", ttl: 120, data: "v=spf1 -all" },
    { type: "TXT", name: "example.test", ttl: 120, data: ["v=DKIM1; p=part one ", "part two"] },
    {
      type: "CAA",
      name: "example.test",
      ttl: 900,
      data: { flags: 0, tag: "issue", value: "letsencrypt.org" },
    },
    {
      type: "CAA",
      name: "example.test",
      ttl: 900,
      data: { flags: 128, tag: "iodef", value: "mailto:security@example.test" },
    },
  ],
  "www.example.test": [
    { type: "CNAME", name: "www.example.test", ttl: 3000, data: "Edge.Example.Test" },
  ],
  "edge.example.test": [
    { type: "CNAME", name: "edge.example.test", ttl: 600, data: "cdn.provider.test" },
  ],
  "cdn.provider.test": [
    { type: "A", name: "cdn.provider.test", ttl: 20, data: "198.51.100.7" },
    { type: "AAAA", name: "cdn.provider.test", ttl: 20, data: "2001:db8::7" },
  ],
  "txt-only.example.test": [
    { type: "TXT", name: "txt-only.example.test", ttl: 7200, data: "hello" },
  ],
};

const emptyRecords: DnsData["records"] = {
  A: [],
  AAAA: [],
  CNAME: [],
  MX: [],
  NS: [],
  SOA: null,
  TXT: [],
  CAA: [],
  DS: [],
  DNSKEY: [],
  HTTPS: [],
  SVCB: [],
  SRV: [],
  mailPolicies: { dmarc: [], mtaSts: [], tlsRpt: [] },
};

/** What the records tests leave to the health tests: the shape, not the verdicts. */
const anyHealth = {
  score: expect.any(Number),
  grade: expect.any(String),
  zone: expect.toSatisfy((zone: unknown) => zone === null || typeof zone === "string"),
  checks: expect.any(Array),
};

/** The chain of trust is the chain tests' business: here, its shape. */
const anyDnssec = {
  anchor: expect.toSatisfy((anchor: unknown) => anchor === null || typeof anchor === "string"),
  chain: expect.any(Array),
};

/** Every question of the records lookup, as the resolver sees it. */
const recordQuestionsAsked = [
  "A example.test",
  "AAAA example.test",
  "CAA example.test",
  "CNAME example.test",
  "DNSKEY example.test",
  "DS example.test",
  "MX example.test",
  "NS example.test",
  "SOA example.test",
  "SRV _imaps._tcp.example.test",
  "SRV _submission._tcp.example.test",
  "TXT _dmarc.example.test",
  "TXT _mta-sts.example.test",
  "TXT _smtp._tls.example.test",
  "TXT example.test",
  "UNKNOWN_64 example.test",
  "UNKNOWN_65 example.test",
];

const context = (network: Partial<NetworkPolicy>) =>
  testProbeContext({ timeoutMs: 2000, ...network });

const validate = new Ajv2020({ strict: true, allErrors: true }).compile(dnsDataSchema);
function expectValid(data: unknown): void {
  const valid = validate(data);
  expect(validate.errors ?? []).toEqual([]);
  expect(valid).toBe(true);
}

/** The rejection of `promise`, which must be a ProbeError. */
async function probeError(run: unknown): Promise<ProbeError> {
  const error = await Promise.resolve(run).then(
    () => expect.fail("the probe should have failed"),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ProbeError);
  return error as ProbeError;
}

describe("dnsProbe answers", () => {
  it("returns every record type with its TTL, normalised and sorted", async () => {
    const server = await serve(zoneHandler(zone, soa));
    const probe = dnsProbe();

    const data = await probe.run("example.test", context({ resolvers: [server.address] }));

    expect(data).toEqual({
      resolver: server.address,
      exists: true,
      health: anyHealth,
      dnssec: anyDnssec,
      records: {
        ...emptyRecords,
        A: [
          { address: "192.0.2.9", ttl: 300 },
          { address: "192.0.2.10", ttl: 300 },
        ],
        AAAA: [{ address: "2001:db8::10", ttl: 600 }],
        CNAME: [],
        MX: [
          { preference: 10, exchange: "mail.example.test", ttl: 3600 },
          { preference: 20, exchange: "backup.example.test", ttl: 3600 },
        ],
        NS: [
          { host: "ns1.example.test", ttl: 86400 },
          { host: "ns2.example.test", ttl: 86400 },
        ],
        SOA: {
          mname: "ns1.example.test",
          rname: "hostmaster.example.test",
          serial: 2026112201,
          refresh: 7200,
          retry: 900,
          expire: 1209600,
          minimum: 300,
          ttl: 3600,
        },
        TXT: [
          {
            value: "v=DKIM1; p=part one part two",
            chunks: ["v=DKIM1; p=part one ", "part two"],
            ttl: 120,
          },
          { value: "v=spf1 -all", ttl: 120 },
        ],
        CAA: [
          {
            flags: 128,
            critical: true,
            tag: "iodef",
            value: "mailto:security@example.test",
            ttl: 900,
          },
          { flags: 0, critical: false, tag: "issue", value: "letsencrypt.org", ttl: 900 },
        ],
      },
    });
    expectValid(data);
    // Freshness follows the smallest TTL (the TXT records' 120 s).
    expect(probe.ttlMs?.(data)).toBe(120_000);
    // One query per record question, then the assessment's lookups, all over UDP.
    const asked = server.queries.map((entry) => `${entry.type} ${entry.name}`);
    for (const question of recordQuestionsAsked) {
      expect(
        asked.filter((entry) => entry === question),
        question,
      ).toHaveLength(1);
    }
    expect(new Set(server.queries.map((entry) => entry.transport))).toEqual(new Set(["udp"]));
  });

  it("follows a CNAME chain and keeps the records of its end", async () => {
    const server = await serve(zoneHandler(zone, soa));
    const probe = dnsProbe();

    const data = await probe.run("www.example.test", context({ resolvers: [server.address] }));

    expect(data).toEqual({
      resolver: server.address,
      exists: true,
      health: anyHealth,
      dnssec: anyDnssec,
      records: {
        ...emptyRecords,
        A: [{ address: "198.51.100.7", ttl: 20 }],
        AAAA: [{ address: "2001:db8::7", ttl: 20 }],
        CNAME: [
          { target: "edge.example.test", ttl: 3000 },
          { target: "cdn.provider.test", ttl: 600 },
        ],
      },
    });
    expectValid(data);
    // A 20 s TTL is held for the one-minute floor.
    expect(probe.ttlMs?.(data)).toBe(60_000);
  });

  it("reports NXDOMAIN as a name that does not exist", async () => {
    const server = await serve(zoneHandler(zone, soa));
    const probe = dnsProbe();

    const data = await probe.run("nope.example.test", context({ resolvers: [server.address] }));

    expect(data).toEqual({
      resolver: server.address,
      exists: false,
      records: emptyRecords,
      health: anyHealth,
      dnssec: anyDnssec,
    });
    expectValid(data);
    expect(probe.ttlMs?.(data)).toBe(5 * 60_000);
  });

  it("reports NODATA as empty lists of an existing name", async () => {
    const server = await serve(zoneHandler(zone, soa));
    const probe = dnsProbe();

    const data = await probe.run("txt-only.example.test", context({ resolvers: [server.address] }));

    expect(data).toEqual({
      resolver: server.address,
      exists: true,
      records: { ...emptyRecords, TXT: [{ value: "hello", ttl: 7200 }] },
      health: anyHealth,
      dnssec: anyDnssec,
    });
    expectValid(data);
    // A 2-hour TTL is capped at one hour.
    expect(probe.ttlMs?.(data)).toBe(60 * 60_000);
  });

  it("retries a truncated UDP answer over TCP", async () => {
    const zoneAnswers = zoneHandler(zone, soa);
    const server = await serve((query, transport) =>
      transport === "udp" && query.questions?.[0]?.type === "TXT"
        ? { type: "response", flags: packet.RECURSION_AVAILABLE | packet.TRUNCATED_RESPONSE }
        : zoneAnswers(query, transport),
    );

    const data = await dnsProbe().run("example.test", context({ resolvers: [server.address] }));

    expect(server.queries).toContainEqual({ name: "example.test", type: "TXT", transport: "tcp" });
    expect(data.records.TXT.map((record) => record.value)).toEqual([
      "v=DKIM1; p=part one part two",
      "v=spf1 -all",
    ]);
  });

  it("uses options.port for resolvers given without a port", async () => {
    const server = await serve(zoneHandler(zone, soa));

    const data = await dnsProbe({ port: server.port }).run(
      "example.test",
      context({ resolvers: ["127.0.0.1"] }),
    );

    expect(data.resolver).toBe(server.address);
    expect(data.records.A).toHaveLength(2);
  });

  it("runs every query under the engine's concurrency limit", async () => {
    const server = await serve(zoneHandler(zone, soa));
    const limiter = pLimit(2);
    let operations = 0;
    const limited: ProbeContext = {
      ...context({ resolvers: [server.address] }),
      limit: (operation) => {
        operations += 1;
        return limiter(operation);
      },
    };

    const data = await dnsProbe().run("example.test", limited);

    // Every query that reached the network went through the limit, once.
    expect(operations).toBe(server.queries.length);
    expect(operations).toBeGreaterThan(recordQuestionsAsked.length);
    expect(data.records.NS).toHaveLength(2);
  });
});

describe("dnsProbe resolver failures", () => {
  const refuse =
    (rcode: string): DnsHandler =>
    () =>
      ({ type: "response", flags: 0, rcode }) as packet.Packet;

  it("falls through from a SERVFAIL resolver to the next one", async () => {
    const failing = await serve(refuse("SERVFAIL"));
    const working = await serve(zoneHandler(zone, soa));

    const data = await dnsProbe().run(
      "example.test",
      context({ resolvers: [failing.address, working.address] }),
    );

    expect(data.resolver).toBe(working.address);
    expect(data.records.A).toHaveLength(2);
    expect(failing.queries.length).toBeGreaterThan(0);
  });

  it("falls through from a silent resolver to the next one within the budget", async () => {
    const silent = await serve(() => ({ drop: true }));
    const working = await serve(zoneHandler(zone, soa));

    const started = performance.now();
    const data = await dnsProbe({ tryTimeoutMs: 100 }).run(
      "example.test",
      context({ resolvers: [silent.address, working.address] }),
    );

    expect(data.resolver).toBe(working.address);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("throws upstream_error naming each resolver and what it answered", async () => {
    const servfail = await serve(refuse("SERVFAIL"));
    const refused = await serve(refuse("REFUSED"));

    const error = await probeError(
      dnsProbe().run("example.test", context({ resolvers: [servfail.address, refused.address] })),
    );

    expect(error.code).toBe("upstream_error");
    expect(error.message).toMatch(/^Every DNS resolver failed for example\.test: /);
    expect(error.message).toContain(`${servfail.address} answered SERVFAIL for example.test/`);
    expect(error.message).toContain(`${refused.address} answered REFUSED for example.test/`);
    expect(error.message).not.toMatch(/\n\s+at /);
  });

  it("throws upstream_error for a resolver answering garbage", async () => {
    const server = await serve(() => ({ raw: Buffer.from([0xde, 0xad, 0xbe, 0xef]) }));

    const error = await probeError(
      dnsProbe({ tryTimeoutMs: 100, udpTries: 1 }).run(
        "example.test",
        context({ resolvers: [server.address] }),
      ),
    );

    expect(error.code).toBe("upstream_error");
    expect(error.message).toMatch(
      /no valid answer for example\.test\/\w+ from .* ignored 1 message: id 0xdead instead of/,
    );
  });

  it("throws a timeout ProbeError, in bounded time, when no resolver answers", async () => {
    const first = await serve(() => ({ drop: true }));
    const second = await serve(() => ({ drop: true }));

    const started = performance.now();
    const error = await probeError(
      dnsProbe().run(
        "example.test",
        // 2 resolvers x 2 tries of about 400 ms fill 90 % of the budget less its 200 ms answer
        // reserve; were timers to fire very late, the last try would get only what is left.
        context({ resolvers: [first.address, second.address], timeoutMs: 2000 }),
      ),
    );
    const elapsed = performance.now() - started;

    expect(error.code).toBe("timeout");
    const tries = "after 2 tries (of 4\\d\\d ms|\\(4\\d\\d ms, \\d+ ms\\))";
    expect(error.message).toMatch(
      new RegExp(
        `^No DNS resolver answered for example\\.test in time: no answer for example\\.test/\\w+ from 127\\.0\\.0\\.1:\\d+ over udp ${tries}; no answer for example\\.test/\\w+ from 127\\.0\\.0\\.1:\\d+ over udp ${tries}\\.$`,
      ),
    );
    expect(error.message).toContain(first.address);
    expect(error.message).toContain(second.address);
    // Both resolvers were tried (2 tries each) before the budget ran out, and the probe gave up
    // before the engine's deadline: within the budget less the answer reserve.
    expect(first.queries.length).toBeGreaterThan(0);
    expect(second.queries.length).toBeGreaterThan(0);
    expect(elapsed).toBeLessThan(1950);
  });

  it("still names the resolvers that failed when the deadline cuts the lookup short", async () => {
    const first = await serve(() => ({ drop: true }));
    const second = await serve(() => ({ drop: true }));
    const controller = new AbortController();
    const running: ProbeContext = {
      ...context({ resolvers: [first.address, second.address] }),
      signal: controller.signal,
    };
    // The first resolver gives up after 2 tries of 300 ms; the deadline falls while the second
    // is still being tried (it would give up at about 1200 ms).
    setTimeout(
      () =>
        controller.abort(new ProbeError("timeout", "The dns probe did not finish within 900 ms.")),
      900,
    );

    const error = await probeError(dnsProbe({ tryTimeoutMs: 300 }).run("example.test", running));

    expect(error.code).toBe("timeout");
    expect(error.message).toMatch(
      /^The dns probe did not finish within 900 ms; before that: no answer for example\.test\/\w+ from 127\.0\.0\.1:\d+ over udp after 2 tries of 300 ms\.$/,
    );
    expect(error.message).toContain(first.address);
    expect(error.message).not.toContain(second.address);
    expect(second.queries.length).toBeGreaterThan(0);
  });

  it("stops promptly when the engine aborts the run", async () => {
    const server = await serve(() => ({ drop: true }));
    const controller = new AbortController();
    const running: ProbeContext = {
      ...context({ resolvers: [server.address] }),
      signal: controller.signal,
    };
    setTimeout(
      () =>
        controller.abort(new ProbeError("timeout", "The dns probe did not finish within 50 ms.")),
      50,
    );

    const started = performance.now();
    const error = await probeError(dnsProbe({ tryTimeoutMs: 5000 }).run("example.test", running));

    expect(error.code).toBe("timeout");
    expect(error.message).toBe("The dns probe did not finish within 50 ms.");
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("reports an unusable resolver setting as an internal error", async () => {
    const error = await probeError(
      dnsProbe().run("example.test", context({ resolvers: ["dns.example"] })),
    );

    expect(error.code).toBe("internal");
    expect(error.message).toContain('"dns.example"');
  });
});

describe("dnsProbe options", () => {
  it.each([
    [{ port: 0 }, "dnsProbe: options.port must be an integer from 1 to 65535"],
    [
      { authoritativePort: 70000 },
      "dnsProbe: options.authoritativePort must be an integer from 1 to 65535",
    ],
    [{ port: "53" }, "dnsProbe: options.port must be an integer from 1 to 65535"],
    [{ udpTries: 9 }, "dnsProbe: options.udpTries must be an integer from 1 to 5"],
    [{ tryTimeoutMs: 10 }, "dnsProbe: options.tryTimeoutMs must be an integer from 50 to 60000"],
    [
      { recordTypes: ["A"] },
      "dnsProbe: options.recordTypes is not an option (port, authoritativePort, udpTries, tryTimeoutMs, trustAnchors, networkData)",
    ],
  ])("rejects %j on creation", (options, message) => {
    expect(() => dnsProbe(options as Parameters<typeof dnsProbe>[0])).toThrow(
      new TypeError(message),
    );
  });

  it("publishes its data schema", () => {
    expect(dnsProbe().dataSchema).toBe(dnsDataSchema);
  });
});

describe("dnsDataSchema", () => {
  it("rejects data that breaks the contract", () => {
    const good: DnsData = {
      resolver: "127.0.0.1:53",
      exists: true,
      records: emptyRecords,
      health: { score: 100, grade: "A", zone: null, checks: [] },
      dnssec: { anchor: null, chain: [] },
    };
    expectValid(good);
    expect(validate({ ...good, records: { ...emptyRecords, SOA: undefined } })).toBe(false);
    expect(validate({ ...good, records: { ...emptyRecords, A: [{ address: "192.0.2.1" }] } })).toBe(
      false,
    );
    expect(
      validate({
        ...good,
        records: { ...emptyRecords, TXT: [{ value: "x", chunks: ["x"], ttl: 1 }] },
      }),
    ).toBe(false);
    expect(validate({ ...good, extra: true })).toBe(false);
  });
});
