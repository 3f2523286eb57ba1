import net from "node:net";
import { startStayRtr, type TestStayRtr, until } from "@domain-intel/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { connectConfiguredTcp } from "../../network/connect-configured.js";
import { type RtrClient, rtrClient } from "./rtr-client.js";

const network = { resolvers: [], allowPrivateAddresses: false, timeoutMs: 5000 };
const opened: { close(): unknown }[] = [];
afterEach(async () => {
  for (const thing of opened.splice(0)) await thing.close();
});

function clientOf(cache: string, extra: { retryMs?: number; now?: () => number } = {}): RtrClient {
  const [host, port] = [
    cache.slice(0, cache.lastIndexOf(":")),
    Number(cache.slice(cache.lastIndexOf(":") + 1)),
  ];
  const client = rtrClient({
    cache,
    connect: (signal) => connectConfiguredTcp({ host, port, network, signal }),
    ...extra,
  });
  opened.push(client);
  return client;
}

async function stayRtr(options: Parameters<typeof startStayRtr>[0]): Promise<TestStayRtr> {
  const server = await startStayRtr(options);
  opened.push({ close: () => server.stop() });
  return server;
}

const vrps = [
  { prefix: "192.0.2.0/24", maxLength: 24, asn: 64500 },
  { prefix: "198.51.100.0/22", maxLength: 24, asn: 64501 },
  { prefix: "203.0.113.0/24", maxLength: 24, asn: 0 },
  { prefix: "2001:db8::/32", maxLength: 48, asn: 64502 },
];

describe("RTR client against StayRTR (RFC 8210)", () => {
  it("loads the cache's VRPs and judges routes valid, invalid or not found (RFC 6811)", async () => {
    const server = await stayRtr({ vrps });
    const client = clientOf(server.cache);
    expect(client.validate({ prefix: "192.0.2.0/24", asn: 64500 })).toBeNull();
    expect(await client.whenSynchronised(AbortSignal.timeout(10_000))).toBe(true);
    expect(client.status()).toMatchObject({ synchronised: true, vrps: 4, version: 1, error: null });
    const state = (prefix: string, asn: number) => client.validate({ prefix, asn })?.state;
    expect(state("192.0.2.0/24", 64500)).toBe("valid");
    expect(state("192.0.2.0/24", 64999)).toBe("invalid"); // another origin
    expect(state("192.0.2.128/25", 64500)).toBe("invalid"); // longer than max length 24
    expect(state("198.51.101.0/24", 64501)).toBe("valid"); // inside the /22, within max length
    expect(state("198.51.100.0/23", 64501)).toBe("valid");
    expect(state("203.0.113.0/24", 64500)).toBe("invalid"); // AS 0: no origin may announce it
    expect(state("2001:db8:1::/48", 64502)).toBe("valid");
    expect(state("2001:db8:1:1::/64", 64502)).toBe("invalid");
    expect(state("10.0.0.0/8", 64500)).toBe("not-found");
    expect(state("2001:db9::/32", 64502)).toBe("not-found");
    expect(client.validate({ prefix: "192.0.2.0/24", asn: 64999 })).toEqual({
      state: "invalid",
      covering: [{ prefix: "192.0.2.0/24", maxLength: 24, asn: 64500 }],
      matched: [],
    });
  });

  it("takes the changes the cache announces with Serial Notify, on the same connection", async () => {
    const server = await stayRtr({ vrps });
    const client = clientOf(server.cache);
    await client.whenSynchronised(AbortSignal.timeout(10_000));
    const first = client.status();
    await server.setVrps([...vrps.slice(1), { prefix: "192.0.2.0/24", maxLength: 24, asn: 64999 }]);
    await until(
      () => client.validate({ prefix: "192.0.2.0/24", asn: 64999 })?.state === "valid",
      "the notified change",
      10_000,
    );
    expect(client.validate({ prefix: "192.0.2.0/24", asn: 64500 })?.state).toBe("invalid");
    expect(client.status()).toMatchObject({ sessionId: first.sessionId, vrps: 4 });
    expect(client.status().serial).not.toBe(first.serial);
  });

  it("asks again every refresh interval when the cache does not notify", async () => {
    const server = await stayRtr({ vrps, notifications: false, rtr: { refresh: 1 } });
    const client = clientOf(server.cache);
    await client.whenSynchronised(AbortSignal.timeout(10_000));
    await server.setVrps([{ prefix: "10.0.0.0/8", maxLength: 8, asn: 64510 }]);
    await until(
      () => client.validate({ prefix: "10.0.0.0/8", asn: 64510 })?.state === "valid",
      "the change asked for at the refresh interval",
      10_000,
    );
    expect(client.status().vrps).toBe(1);
  });

  it("drops its data once the expire interval passes without an update", async () => {
    const server = await stayRtr({ vrps, rtr: { expire: 600, refresh: 3600 } });
    let clock = Date.now();
    const client = clientOf(server.cache, { now: () => clock });
    await client.whenSynchronised(AbortSignal.timeout(10_000));
    clock += 599_000;
    expect(client.validate({ prefix: "192.0.2.0/24", asn: 64500 })?.state).toBe("valid");
    clock += 2_000;
    expect(client.validate({ prefix: "192.0.2.0/24", asn: 64500 })).toBeNull();
    expect(client.status()).toMatchObject({ synchronised: false, vrps: 0 });
  });
});

describe("RTR client facing failures", () => {
  it("waits no longer than asked for a cache that refuses, and says why", async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const client = clientOf(`127.0.0.1:${port}`, { retryMs: 50 });
    const started = Date.now();
    expect(await client.whenSynchronised(AbortSignal.timeout(300))).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(client.status().error).toMatch(/cannot connect to 127\.0\.0\.1:\d+: .*ECONNREFUSED/);
  });

  it("drops a cache that sends what is not RTR, answers an Error Report, and stays up", async () => {
    const received: Buffer[] = [];
    const hostile = net.createServer((socket) => {
      socket.on("data", (chunk) => received.push(chunk));
      socket.on("error", () => {});
      // A Cache Response, then a PDU claiming 4 GiB.
      socket.write(Buffer.from([1, 3, 0, 7, 0, 0, 0, 8, 1, 4, 0, 0, 0xff, 0xff, 0xff, 0xff]));
    });
    await new Promise<void>((resolve) => hostile.listen(0, "127.0.0.1", resolve));
    opened.push({ close: () => new Promise((resolve) => hostile.close(resolve)) });
    const client = clientOf(`127.0.0.1:${(hostile.address() as net.AddressInfo).port}`, {
      retryMs: 60_000,
    });
    expect(await client.whenSynchronised(AbortSignal.timeout(500))).toBe(false);
    expect(client.status().error).toMatch(/broke the protocol: a PDU claims 4294967295 bytes/);
    const sent = Buffer.concat(received);
    // Reset Query (version 1), then Error Report "Corrupt Data" (type 10, code 0).
    expect([...sent.subarray(0, 8)]).toEqual([1, 2, 0, 0, 0, 0, 0, 8]);
    expect([...sent.subarray(8, 12)]).toEqual([1, 10, 0, 0]);
  });

  it("refuses a withdrawal of a VRP it never had, keeping what it held", async () => {
    const prefix = (announce: boolean, asn: number) =>
      Buffer.from([
        1,
        4,
        0,
        0,
        0,
        0,
        0,
        20,
        announce ? 1 : 0,
        24,
        24,
        0,
        192,
        0,
        2,
        0,
        0,
        0,
        asn >> 8,
        asn & 255,
      ]);
    const endOfData = (serial: number) =>
      Buffer.from([
        1,
        7,
        0,
        9,
        0,
        0,
        0,
        24,
        0,
        0,
        0,
        serial,
        0,
        0,
        0,
        1,
        0,
        0,
        0,
        1,
        0,
        0,
        0x0e,
        0x10,
      ]);
    const hostile = net.createServer((socket) => {
      socket.on("error", () => {});
      socket.on("data", (chunk) => {
        if (chunk[1] === 2) {
          // Reset Query: one VRP for AS 500, End of Data with refresh 1 s.
          socket.write(
            Buffer.concat([Buffer.from([1, 3, 0, 9, 0, 0, 0, 8]), prefix(true, 500), endOfData(1)]),
          );
        } else if (chunk[1] === 1) {
          // Serial Query: withdraw a VRP for AS 501 that was never announced.
          socket.write(
            Buffer.concat([
              Buffer.from([1, 3, 0, 9, 0, 0, 0, 8]),
              prefix(false, 501),
              endOfData(2),
            ]),
          );
        }
      });
    });
    await new Promise<void>((resolve) => hostile.listen(0, "127.0.0.1", resolve));
    opened.push({ close: () => new Promise((resolve) => hostile.close(resolve)) });
    const client = clientOf(`127.0.0.1:${(hostile.address() as net.AddressInfo).port}`, {
      retryMs: 60_000,
    });
    expect(await client.whenSynchronised(AbortSignal.timeout(5000))).toBe(true);
    await until(() => client.status().error !== null, "the refused withdrawal", 5000);
    expect(client.status().error).toMatch(/Withdrawal of Unknown Record/);
    expect(client.validate({ prefix: "192.0.2.0/24", asn: 500 })?.state).toBe("valid");
    expect(client.status().serial).toBe(1);
  });
});
