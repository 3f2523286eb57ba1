import dgram from "node:dgram";
import type { AddressInfo } from "node:net";
import { startDnsServer, type TestDnsServer } from "@domain-intel/test-kit";
import * as packet from "dns-packet";
import { afterEach, describe, expect, it } from "vitest";
import { DnsQueryError } from "./errors.js";
import { type QueryOptions, query } from "./query.js";

const servers: TestDnsServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(...args: Parameters<typeof startDnsServer>): Promise<TestDnsServer> {
  const server = await startDnsServer(...args);
  servers.push(server);
  return server;
}

const answer = (name: string, address: string, ttl = 300): packet.Answer => ({
  type: "A",
  name,
  ttl,
  data: address,
});

const ok = {
  type: "response",
  flags: packet.RECURSION_AVAILABLE | packet.RECURSION_DESIRED,
} as const;

/** Asks a server that never answers; the query's error, how long it took, and the server. */
async function askSilent(options: Partial<QueryOptions>) {
  const server = await serve(() => ({ drop: true }));
  const started = performance.now();
  const error = await queryError(
    query({ server: server.address, name: "example.test", type: "A", ...options }),
  );
  return { error, elapsed: performance.now() - started, server };
}

/** The rejection of `promise`, which must be a DnsQueryError. */
async function queryError(promise: Promise<unknown>): Promise<DnsQueryError> {
  const error = await promise.then(
    () => expect.fail("the query should have failed"),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DnsQueryError);
  return error as DnsQueryError;
}

describe("query over UDP", () => {
  it("answers with the decoded response, transport and round-trip time", async () => {
    const seen: packet.DecodedPacket[] = [];
    const server = await serve((received) => {
      seen.push(received);
      return { ...ok, answers: [answer("example.test", "192.0.2.10", 3600)] };
    });

    const response = await query({ server: server.address, name: "Example.Test.", type: "A" });

    expect(response).toMatchObject({
      server: server.address,
      transport: "udp",
      udpTruncated: false,
      rcode: "NOERROR",
      question: { name: "Example.Test", type: "A", class: "IN" },
      flags: { rd: true, ra: true, tc: false, aa: false },
    });
    expect(response.answers).toEqual([
      expect.objectContaining({ type: "A", name: "example.test", ttl: 3600, data: "192.0.2.10" }),
    ]);
    expect(response.rttMs).toBeGreaterThanOrEqual(0);
    expect(response.size).toBeGreaterThan(12);
    // What went on the wire: RD set, EDNS0 with a 1232-byte payload and no DO bit.
    const [sent] = seen;
    expect(sent?.flag_rd).toBe(true);
    expect(sent?.additionals).toEqual([
      expect.objectContaining({ type: "OPT", udpPayloadSize: 1232, flag_do: false }),
    ]);
  });

  it("sets DO and clears RD when asked, and reports the server's EDNS", async () => {
    const seen: packet.DecodedPacket[] = [];
    const server = await serve((received) => {
      seen.push(received);
      return {
        type: "response",
        flags: packet.AUTHORITATIVE_ANSWER,
        answers: [answer("example.test", "192.0.2.10")],
        additionals: [
          {
            type: "OPT",
            name: ".",
            udpPayloadSize: 4096,
            flags: packet.DNSSEC_OK,
          } as packet.Answer,
        ],
      };
    });

    const response = await query({
      server: server.address,
      name: "example.test",
      type: "A",
      recursionDesired: false,
      dnssecOk: true,
    });

    expect(seen[0]?.flag_rd).toBe(false);
    expect(seen[0]?.flag_cd).toBe(false);
    expect(seen[0]?.additionals?.[0]).toMatchObject({ type: "OPT", flag_do: true });
    expect(response.flags.aa).toBe(true);
    expect(response.edns).toEqual({
      udpPayloadSize: 4096,
      version: 0,
      dnssecOk: true,
      options: [],
    });
    expect(response.additionals).toEqual([]);
  });

  it("sets CD when asked, so a validating resolver hands over data that fails validation", async () => {
    const seen: packet.DecodedPacket[] = [];
    const server = await serve((received) => {
      seen.push(received);
      return { ...ok, answers: [answer("example.test", "192.0.2.10")] };
    });

    await query({
      server: server.address,
      name: "example.test",
      type: "A",
      checkingDisabled: true,
    });

    expect(seen[0]).toMatchObject({ flag_cd: true, flag_rd: true });
  });

  it("returns NXDOMAIN and SERVFAIL as answers, not errors", async () => {
    const server = await serve((received) => ({
      ...ok,
      rcode: received.questions?.[0]?.name === "missing.test" ? "NXDOMAIN" : "SERVFAIL",
    }));

    await expect(
      query({ server: server.address, name: "missing.test", type: "A" }),
    ).resolves.toMatchObject({
      rcode: "NXDOMAIN",
      answers: [],
    });
    await expect(
      query({ server: server.address, name: "broken.test", type: "A" }),
    ).resolves.toMatchObject({
      rcode: "SERVFAIL",
    });
  });

  it("ignores datagrams with another id or question and takes the real answer", async () => {
    const server = await serve((received) => {
      const question = received.questions!;
      const spoof = (fields: packet.Packet) =>
        packet.encode({ ...ok, id: received.id, questions: question, ...fields });
      return {
        raw: [
          spoof({
            id: (received.id! + 1) & 0xffff,
            answers: [answer("example.test", "203.0.113.66")],
          }),
          spoof({
            questions: [{ name: "other.test", type: "A" }],
            answers: [answer("other.test", "203.0.113.67")],
          }),
          spoof({ type: "query", answers: [answer("example.test", "203.0.113.68")] }),
          spoof({ answers: [answer("example.test", "192.0.2.10")] }),
        ],
      };
    });

    const response = await query({
      server: server.address,
      name: "example.test",
      type: "A",
      timeoutMs: 5000,
    });

    expect(response.answers).toEqual([expect.objectContaining({ data: "192.0.2.10" })]);
    // Answered on the first try: the spoofs neither ended nor restarted it.
    expect(server.queries).toHaveLength(1);
    expect(response.rttMs).toBeLessThan(5000);
  });

  it("fails fast and precisely on a garbage answer carrying our id", async () => {
    const server = await serve((received) => {
      const garbage = Buffer.from("\0\0\x81\x80\0\x01\0\x01\0\0\0\0\x07example", "latin1");
      garbage.writeUInt16BE(received.id!, 0);
      return { raw: garbage };
    });

    const started = performance.now();
    const error = await queryError(
      query({ server: server.address, name: "example.test", type: "A", timeoutMs: 5000 }),
    );

    expect(error.code).toBe("malformed");
    expect(error.transport).toBe("udp");
    expect(error.server).toBe(server.address);
    expect(error.message).toMatch(
      /^malformed answer for example\.test\/A from 127\.0\.0\.1:\d+ over udp: undecodable 20-byte message: Cannot decode name \(buffer overflow\)$/,
    );
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("says what it ignored when only garbage came back", async () => {
    const server = await serve(() => ({ raw: Buffer.from("hello, not DNS") }));

    const error = await queryError(
      query({
        server: server.address,
        name: "example.test",
        type: "A",
        timeoutMs: 150,
        udpTries: 2,
      }),
    );

    expect(error.code).toBe("malformed");
    expect(error.message).toMatch(
      /^no valid answer for example\.test\/A from .* after 2 tries of 150 ms; ignored 2 messages: id 0x6865 instead of 0x[0-9a-f]{4}$/,
    );
    expect(server.queries).toHaveLength(2);
  });

  it("rejects an answer with an impossible A record", async () => {
    const server = await serve((received) => {
      const bytes = packet.encode({
        ...ok,
        id: received.id,
        questions: received.questions,
        answers: [answer("example.test", "192.0.2.1")],
      });
      // Claim the A record's data is 2 bytes long and cut the message there.
      bytes.writeUInt16BE(2, bytes.length - 6);
      return { raw: bytes.subarray(0, bytes.length - 2) };
    });

    const error = await queryError(
      query({ server: server.address, name: "example.test", type: "A" }),
    );

    expect(error.code).toBe("malformed");
    expect(error.message).toMatch(/over udp: records run past the end of the message$/);
  });

  it("retries a silent server a bounded number of times, then times out", async () => {
    const { error, elapsed, server } = await askSilent({ timeoutMs: 100, udpTries: 3 });

    expect(error.code).toBe("timeout");
    expect(error.message).toMatch(
      /^no answer for example\.test\/A from 127\.0\.0\.1:\d+ over udp after 3 tries of 100 ms$/,
    );
    expect(server.queries.map((entry) => entry.transport)).toEqual(["udp", "udp", "udp"]);
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(1000);
  });

  it("cuts its tries to totalTimeoutMs and sends none that less than minTryMs is left for", async () => {
    const { error, elapsed, server } = await askSilent({
      timeoutMs: 300,
      udpTries: 3,
      totalTimeoutMs: 500,
      minTryMs: 100,
    });

    // 300 ms, then the 200 ms left; at 500 ms nothing is left, so no third try.
    expect(error.code).toBe("timeout");
    expect(error.message).toMatch(
      /^no answer for example\.test\/A from 127\.0\.0\.1:\d+ over udp after 2 tries \(300 ms, \d+ ms\), and no time was left for another$/,
    );
    expect(server.queries).toHaveLength(2);
    expect(elapsed).toBeGreaterThanOrEqual(490);
    expect(elapsed).toBeLessThan(580);
  });

  it("sends nothing when less than minTryMs of totalTimeoutMs is left", async () => {
    const { error, server } = await askSilent({ totalTimeoutMs: 50, minTryMs: 100 });

    expect(error.code).toBe("timeout");
    expect(error.message).toMatch(
      /^no time was left to ask for example\.test\/A from .* over udp$/,
    );
    // A datagram would have arrived by now.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.queries).toEqual([]);
  });

  it("does not fall back to TCP when the truncated UDP answer leaves no time for it", async () => {
    const server = await serve(
      (_query, transport) =>
        transport === "udp"
          ? { ...ok, flags: ok.flags | packet.TRUNCATED_RESPONSE }
          : { ...ok, answers: [answer("example.test", "192.0.2.1")] },
      { latencyMs: 150 },
    );

    const error = await queryError(
      query({
        server: server.address,
        name: "example.test",
        type: "A",
        timeoutMs: 1000,
        totalTimeoutMs: 200,
        minTryMs: 100,
      }),
    );

    expect(error.message).toMatch(
      /^no time was left to ask for example\.test\/A from .* over tcp after a truncated udp answer$/,
    );
    expect(server.queries.map((entry) => entry.transport)).toEqual(["udp"]);
  });

  it("reports a closed port as a network error without waiting for the timeout", async () => {
    // A port nobody listens on: bind, note it, release it.
    const probe = dgram.createSocket("udp4");
    await new Promise<void>((resolve) => probe.bind(0, "127.0.0.1", () => resolve()));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    const started = performance.now();
    const error = await queryError(
      query({ server: `127.0.0.1:${port}`, name: "example.test", type: "A", timeoutMs: 3000 }),
    );

    expect(error.code).toBe("network");
    expect(error.message).toContain("ECONNREFUSED");
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("stops promptly when the signal aborts", async () => {
    const server = await serve(() => ({ drop: true }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);

    const started = performance.now();
    const error = await queryError(
      query({
        server: server.address,
        name: "example.test",
        type: "A",
        timeoutMs: 5000,
        signal: controller.signal,
      }),
    );

    expect(error.code).toBe("aborted");
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("sends nothing when the signal is already aborted", async () => {
    const server = await serve(() => ({ ...ok, answers: [] }));

    const error = await queryError(
      query({
        server: server.address,
        name: "example.test",
        type: "A",
        signal: AbortSignal.abort(),
      }),
    );

    expect(error.code).toBe("aborted");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.queries).toEqual([]);
  });

  it("speaks to an IPv6 server given as [::1]:port", async () => {
    const server = await serve(() => ({ ...ok, answers: [answer("example.test", "192.0.2.6")] }), {
      host: "::1",
    });

    const response = await query({
      server: `[::1]:${server.port}`,
      name: "example.test",
      type: "A",
    });

    expect(response.server).toBe(`[::1]:${server.port}`);
    expect(response.answers[0]).toMatchObject({ data: "192.0.2.6" });
  });
});

describe("query over TCP", () => {
  const txt = (count: number): packet.Answer[] =>
    Array.from({ length: count }, (_, index) => ({
      type: "TXT",
      name: "big.test",
      ttl: 60,
      data: `record ${index} ${"x".repeat(200)}`,
    }));

  it("retries over TCP when the UDP answer is truncated", async () => {
    const server = await serve((_, transport) =>
      transport === "udp"
        ? { ...ok, flags: ok.flags | packet.TRUNCATED_RESPONSE }
        : { ...ok, answers: txt(20) },
    );

    const response = await query({ server: server.address, name: "big.test", type: "TXT" });

    expect(server.queries.map((entry) => entry.transport)).toEqual(["udp", "tcp"]);
    expect(response).toMatchObject({ transport: "tcp", udpTruncated: true, rcode: "NOERROR" });
    expect(response.flags.tc).toBe(false);
    expect(response.answers).toHaveLength(20);
    expect(response.size).toBeGreaterThan(1232);
  });

  it("reads an answer that arrives a few bytes at a time", async () => {
    const server = await serve(() => ({ ...ok, answers: txt(3) }), { tcpChunkBytes: 50 });

    const response = await query({
      server: server.address,
      name: "big.test",
      type: "TXT",
      transport: "tcp",
    });

    expect(server.queries.map((entry) => entry.transport)).toEqual(["tcp"]);
    expect(response.transport).toBe("tcp");
    expect(response.answers.map((record) => String((record as packet.TxtAnswer).data))).toEqual(
      txt(3).map((record) => (record as packet.TxtAnswer).data),
    );
  });

  it("treats a TCP answer to another id as malformed", async () => {
    const server = await serve((received) => ({
      raw: packet.encode({ ...ok, id: (received.id! + 1) & 0xffff, questions: received.questions }),
    }));

    const error = await queryError(
      query({ server: server.address, name: "example.test", type: "A", transport: "tcp" }),
    );

    expect(error.code).toBe("malformed");
    expect(error.transport).toBe("tcp");
    expect(error.message).toMatch(/over tcp: id 0x[0-9a-f]{4} instead of 0x[0-9a-f]{4}$/);
  });

  it("times out a TCP server that accepts but never answers", async () => {
    const server = await serve(() => ({ drop: true }));

    const started = performance.now();
    const error = await queryError(
      query({
        server: server.address,
        name: "example.test",
        type: "A",
        transport: "tcp",
        timeoutMs: 150,
      }),
    );

    expect(error.code).toBe("timeout");
    expect(error.message).toMatch(/over tcp within 150 ms \(0 bytes received\)$/);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("stops a TCP exchange promptly when the signal aborts", async () => {
    const server = await serve(() => ({ drop: true }));

    const started = performance.now();
    const error = await queryError(
      query({
        server: server.address,
        name: "example.test",
        type: "A",
        transport: "tcp",
        timeoutMs: 5000,
        signal: AbortSignal.timeout(50),
      }),
    );

    expect(error.code).toBe("aborted");
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe("query options", () => {
  it.each([
    [{ server: "dns.example" }, "query: options.server must be an IP address"],
    [{ server: "127.0.0.1:70000" }, "query: options.server must be an IP address"],
    [{ name: `${"a".repeat(64)}.test` }, "query: options.name must be a DNS name"],
    [{ name: "a..test" }, "query: options.name must be a DNS name"],
    [{ type: "BOGUS" }, "query: options.type must be a record type"],
    [{ type: "AXFR" }, "query: options.type must be a record type"],
    [{ udpTries: 0 }, "query: options.udpTries must be an integer 1..5"],
    [{ timeoutMs: 1.5 }, "query: options.timeoutMs must be an integer 1..60000"],
    [{ totalTimeoutMs: 0 }, "query: options.totalTimeoutMs must be a positive integer"],
    [{ minTryMs: 0 }, "query: options.minTryMs must be an integer 1..60000"],
    [{ transport: "quic" }, 'query: options.transport must be "udp" or "tcp"'],
    [{ udpPayloadSize: 100 }, "query: options.udpPayloadSize must be an integer 512..65535"],
    [{ edns: false, dnssecOk: true }, "query: options.dnssecOk needs options.edns"],
    [{ checkingDisabled: "yes" }, "query: options.checkingDisabled must be a boolean"],
  ])("rejects %j with a TypeError naming the option", async (override, message) => {
    const options = { server: "127.0.0.1:1", name: "example.test", type: "A", ...override };
    await expect(query(options as Parameters<typeof query>[0])).rejects.toThrow(
      expect.objectContaining({ name: "TypeError", message: expect.stringContaining(message) }),
    );
  });
});
