import {
  activeResources,
  type DnsHandler,
  engineGet,
  leakedResources,
  openApiResponseValidator,
  startDnsServer,
  type TestDnsServer,
  zoneHandler,
} from "@domain-intel/test-kit";
import * as packet from "dns-packet";
import { afterEach, describe, expect, it } from "vitest";
import { createEngine } from "../engine.js";
import { silentLogger } from "../logging/logger.js";
import { dnsProbe } from "../probes/dns/index.js";

/**
 * Faulty resolvers on loopback, seen through the engine's HTTP entry: each fault ends within
 * the probe's budget in a precise problem (code, section error, resolver named), and leaves no
 * socket or timer behind.
 */

const key = "dns-faults-key-0123456789";
const budgetMs = 2000;
const servers: TestDnsServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A test DNS server closed after the test unless the test closed it (to count leaks) first. */
async function serve(handler: DnsHandler): Promise<TestDnsServer> {
  const server = await startDnsServer(handler);
  let closing: Promise<void> | undefined;
  const once = { ...server, close: () => (closing ??= server.close()) };
  servers.push(once);
  return once;
}

/** Only the dns section, asking `resolvers`; the health assessment's servers are loopback too. */
function engineFor(...resolvers: TestDnsServer[]) {
  return createEngine({
    keys: [key],
    network: {
      resolvers: resolvers.map((server) => server.address),
      allowPrivateAddresses: true,
      timeoutMs: budgetMs,
    },
    probes: {
      whois: false,
      ssl: false,
      mail: false,
      hosting: false,
      dns: dnsProbe({ authoritativePort: resolvers[0]!.port }),
    },
    rateLimit: false,
    logger: silentLogger,
  });
}

async function lookup(resolvers: TestDnsServer[], domain = "example.test") {
  const engine = engineFor(...resolvers);
  const answer = await engineGet(engine, `/api/v1/dns/${domain}`, key);
  expect(
    openApiResponseValidator(engine.openApiDocument)("/dns/{domain}", answer.status, answer.body),
  ).toEqual([]);
  return answer;
}

// A zone without name servers of its own: nothing in it points outside loopback.
const zone = {
  "example.test": [{ type: "A", name: "example.test", ttl: 60, data: "127.0.0.1" }],
} as Record<string, packet.Answer[]>;

describe("DNS faults through GET /dns/{domain}", () => {
  it("answers 504 upstream_timeout, within the budget, when the resolver stays silent", async () => {
    const before = await activeResources();
    const silent = await serve(() => ({ drop: true }));

    const { status, body, elapsedMs } = await lookup([silent]);

    expect(status).toBe(504);
    expect(body.code).toBe("upstream_timeout");
    expect(body.section).toMatchObject({ section: "dns", status: "error", cache: "miss" });
    expect(body.section.error.code).toBe("timeout");
    expect(body.detail).toMatch(
      new RegExp(
        `^No DNS resolver answered for example\\.test in time: no answer for example\\.test/\\w+ from ${silent.address} over udp after 2 tries of \\d+ ms`,
      ),
    );
    expect(elapsedMs).toBeLessThan(budgetMs + 1500);
    expect(silent.queries.length).toBeGreaterThan(0);
    await silent.close();
    expect(await leakedResources(before)).toEqual({});
  });

  it("answers 502 upstream_error naming what was ignored when the resolver answers garbage", async () => {
    const before = await activeResources();
    const garbage = await serve(() => ({ raw: Buffer.from("hello, not DNS at all") }));

    const { status, body, elapsedMs } = await lookup([garbage]);

    expect(status).toBe(502);
    expect(body.code).toBe("upstream_error");
    expect(body.section.error.code).toBe("upstream_error");
    expect(body.detail).toMatch(/^Every DNS resolver failed for example\.test: /);
    expect(body.detail).toMatch(
      new RegExp(
        `no valid answer for example\\.test/\\w+ from ${garbage.address} over udp after 2 tries of \\d+ ms; ignored 2 messages: id 0x6865 instead of 0x[0-9a-f]{4}`,
      ),
    );
    expect(elapsedMs).toBeLessThan(budgetMs + 1500);
    await garbage.close();
    expect(await leakedResources(before)).toEqual({});
  });

  it("fails fast on garbage carrying the query's id, without waiting out the budget", async () => {
    const before = await activeResources();
    const garbled = await serve((query) => {
      const bytes = Buffer.from("\0\0\x81\x80\0\x01\0\x01\0\0\0\0\x07example", "latin1");
      bytes.writeUInt16BE(query.id!, 0);
      return { raw: bytes };
    });

    const { status, body, elapsedMs } = await lookup([garbled]);

    expect(status).toBe(502);
    expect(body.code).toBe("upstream_error");
    expect(body.detail).toContain(
      `malformed answer for example.test/A from ${garbled.address} over udp: undecodable 20-byte message`,
    );
    expect(elapsedMs).toBeLessThan(budgetMs / 2);
    await garbled.close();
    expect(await leakedResources(before)).toEqual({});
  });

  it("retries truncated UDP answers over TCP and answers 200", async () => {
    const before = await activeResources();
    const answers = zoneHandler(zone);
    const truncating = await serve((query, transport) =>
      transport === "udp"
        ? { type: "response", flags: packet.RECURSION_AVAILABLE | packet.TRUNCATED_RESPONSE }
        : answers(query, transport),
    );

    const { status, body } = await lookup([truncating]);

    expect(status).toBe(200);
    expect(body.data.records.A).toEqual([{ address: "127.0.0.1", ttl: 60 }]);
    expect(truncating.queries).toContainEqual({
      name: "example.test",
      type: "A",
      transport: "tcp",
    });
    await truncating.close();
    expect(await leakedResources(before)).toEqual({});
  });

  it("answers 502 upstream_error when a truncated answer cannot be fetched over TCP either", async () => {
    const before = await activeResources();
    const truncating = await serve((_query, transport) =>
      transport === "udp"
        ? { type: "response", flags: packet.RECURSION_AVAILABLE | packet.TRUNCATED_RESPONSE }
        : { close: true },
    );

    const { status, body, elapsedMs } = await lookup([truncating]);

    expect(status).toBe(502);
    expect(body.code).toBe("upstream_error");
    expect(body.section.error.code).toBe("upstream_error");
    expect(body.detail).toMatch(/^Every DNS resolver failed for example\.test: /);
    expect(body.detail).toContain(truncating.address);
    expect(body.detail).toMatch(/over tcp/);
    expect(elapsedMs).toBeLessThan(budgetMs + 1500);
    await truncating.close();
    expect(await leakedResources(before)).toEqual({});
  });

  it("answers 502 upstream_error, fast, when every answer arrives cut in half", async () => {
    const before = await activeResources();
    const answers = zoneHandler(zone);
    const cutting = await serve(async (query, transport) => {
      const reply = await answers(query, transport);
      const whole = packet.encode({ ...reply, id: query.id, questions: query.questions } as never);
      return { raw: whole.subarray(0, Math.floor(whole.length / 2)) };
    });

    const { status, body, elapsedMs } = await lookup([cutting]);

    expect(status).toBe(502);
    expect(body.code).toBe("upstream_error");
    expect(body.section.error.code).toBe("upstream_error");
    expect(body.detail).toMatch(
      new RegExp(
        `malformed answer for example\\.test/\\w+ from ${cutting.address} over udp: undecodable \\d+-byte message`,
      ),
    );
    expect(elapsedMs).toBeLessThan(budgetMs / 2);
    await cutting.close();
    expect(await leakedResources(before)).toEqual({});
  });
});
