import { once } from "node:events";
import net from "node:net";
import tls from "node:tls";
import {
  activeResources,
  createTestPki,
  engineGet,
  leakedResources,
  openApiResponseValidator,
  startDnsServer,
  type TestDnsServer,
  type TestPki,
  zoneHandler,
} from "@domain-intel/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEngine } from "../engine.js";
import { silentLogger } from "../logging/logger.js";
import { sslProbe } from "../probes/ssl/index.js";

/**
 * A real TLS server behind a relay that lets the handshake start and then resets the
 * connection, a peer that accepts TCP and never answers, resolvers that never answer: the peer
 * vanishing or staying silent is a fact about the domain (a finding in a 200), reached well
 * inside the budget with nothing left open; silent resolvers are an upstream timeout that says
 * which resolvers did what.
 */

const key = "tls-faults-key-0123456789";
const domain = "secure.test";
// Three hosts behind one name: 127.0.0.1 the TLS server, .2 a silent peer, .3 nothing.
const several = "several.test";
let pki: TestPki;
let dns: TestDnsServer;
let tlsServer: tls.Server;

beforeAll(async () => {
  pki = await createTestPki();
  const leaf = await pki.issueLeaf({ commonName: domain, subjectAltNames: [domain] });
  tlsServer = tls.createServer({ key: leaf.keyPem, cert: leaf.chainPem });
  tlsServer.on("tlsClientError", () => undefined);
  tlsServer.listen(0, "127.0.0.1");
  await once(tlsServer, "listening");
  const a = (name: string, data: string) => ({ type: "A" as const, name, ttl: 60, data });
  dns = await startDnsServer(
    zoneHandler({
      [domain]: [a(domain, "127.0.0.1")],
      [several]: [a(several, "127.0.0.1"), a(several, "127.0.0.2"), a(several, "127.0.0.3")],
    }),
  );
});

afterAll(async () => {
  await dns?.close();
  await new Promise((resolve) => tlsServer?.close(resolve));
});

interface Relay {
  readonly port: number;
  /** Bytes of the server's handshake that reached the client before the reset. */
  relayed: number;
  close(): Promise<void>;
}

/**
 * Relays the client's bytes to the TLS server and the first `passBytes` of the server's answer
 * back (the ServerHello and part of what follows), then resets the client's connection, closes
 * it (FIN), or holds it open and says nothing more.
 */
async function startResettingRelay(
  passBytes: number,
  then: "reset" | "close" | "silence" = "reset",
): Promise<Relay> {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
  };
  const relay: Relay = {
    port: 0,
    relayed: 0,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = net.createServer((client) => {
    track(client);
    const upstream = net.connect((tlsServer.address() as net.AddressInfo).port, "127.0.0.1");
    track(upstream);
    client.pipe(upstream);
    upstream.on("data", (chunk: Buffer) => {
      const room = passBytes - relay.relayed;
      if (room > 0) {
        client.write(chunk.subarray(0, room));
        relay.relayed += Math.min(room, chunk.length);
      }
      if (relay.relayed >= passBytes) {
        // Give the client a moment to read what it got, then tear the connection down.
        setTimeout(() => {
          if (then === "reset") client.resetAndDestroy();
          if (then === "close") client.end();
          upstream.destroy();
        }, 20);
        upstream.removeAllListeners("data");
      }
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return Object.assign(relay, { port: (server.address() as net.AddressInfo).port });
}

function engineFor(port: number) {
  return createEngine({
    keys: [key],
    network: { resolvers: [dns.address], allowPrivateAddresses: true, timeoutMs: 6000 },
    probes: {
      whois: false,
      dns: false,
      ssl: sslProbe({ port, ca: pki.root.certPem, handshakeTimeoutMs: 4000 }),
    },
    rateLimit: false,
    logger: silentLogger,
  });
}

describe("TLS faults through GET /ssl/{domain}", () => {
  it.each([
    ["resetting inside the ServerHello", 7, "reset"],
    ["resetting after the ServerHello, inside its encrypted certificate flight", 400, "reset"],
    ["closing (FIN) after the ServerHello", 400, "close"],
  ] as const)("reports a peer %s as reset, in a 200", async (_what, passBytes, then) => {
    const before = await activeResources();
    const relay = await startResettingRelay(passBytes, then);
    const engine = engineFor(relay.port);

    const { status, body, elapsedMs } = await engineGet(engine, `/api/v1/ssl/${domain}`, key);

    expect(openApiResponseValidator(engine.openApiDocument)("/ssl/{domain}", status, body)).toEqual(
      [],
    );
    expect(status).toBe(200);
    expect(relay.relayed).toBe(passBytes);
    expect(body.status).toBe("ok");
    expect(body.data).toMatchObject({
      reachable: false,
      reason: "reset",
      errorCode: "ECONNRESET",
      address: "127.0.0.1",
      certificate: null,
    });
    expect(body.data.findings[0]).toMatchObject({
      id: "ssl.unreachable",
      status: "fail",
      severity: "error",
    });
    // A reset is noticed at once, not after the 4 s handshake timeout.
    expect(elapsedMs).toBeLessThan(2000);
    await relay.close();
    expect(await leakedResources(before)).toEqual({});
  });

  it("completes the same handshake when nothing resets it", async () => {
    const before = await activeResources();
    const relay = await startResettingRelay(Number.POSITIVE_INFINITY);
    const engine = engineFor(relay.port);

    const { status, body } = await engineGet(engine, `/api/v1/ssl/${domain}`, key);

    expect(status).toBe(200);
    expect(body.data).toMatchObject({ reachable: true, trusted: true, hostnameMatch: true });
    await relay.close();
    expect(await leakedResources(before)).toEqual({});
  });
});

/** A TCP server that accepts every connection and never writes a byte (it reads, to see the client go). */
async function startSilentPeer(host = "127.0.0.1", port = 0) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
    socket.resume();
  });
  server.listen(port, host);
  await once(server, "listening");
  return {
    port: (server.address() as net.AddressInfo).port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe("silence through the engine, budget 2000 ms", () => {
  const budgetMs = 2000;
  // The probe's own timeouts: nothing set shorter than the budget by hand.
  const engineWith = (options: { port: number; resolvers?: string[] }) =>
    createEngine({
      keys: [key],
      network: {
        resolvers: options.resolvers ?? [dns.address],
        allowPrivateAddresses: true,
        timeoutMs: budgetMs,
      },
      probes: {
        whois: false,
        dns: false,
        // Its DNS questions to this lab go unanswered until the budget's reserve.
        hosting: false,
        ssl: sslProbe({ port: options.port, ca: pki.root.certPem }),
      },
      rateLimit: false,
      logger: silentLogger,
    });

  it("answers a peer that accepts TCP and never speaks with 200 and ssl.unreachable timeout", async () => {
    const before = await activeResources();
    const peer = await startSilentPeer();
    const engine = engineWith({ port: peer.port });

    const { status, body, elapsedMs } = await engineGet(engine, `/api/v1/ssl/${domain}`, key);

    expect(status, JSON.stringify(body)).toBe(200);
    expect(openApiResponseValidator(engine.openApiDocument)("/ssl/{domain}", status, body)).toEqual(
      [],
    );
    expect(body.data).toMatchObject({
      reachable: false,
      reason: "timeout",
      errorCode: "ERR_TLS_HANDSHAKE_TIMEOUT",
      address: "127.0.0.1",
    });
    expect(body.data.findings[0]).toMatchObject({
      id: "ssl.unreachable",
      status: "fail",
      details: { reason: "timeout", address: "127.0.0.1" },
    });
    expect(body.data.findings[0].message).toMatch(
      /accepted the TCP connection but did not complete a TLS handshake within \d+ ms/,
    );
    expect(elapsedMs).toBeLessThan(0.9 * budgetMs);
    await peer.close();
    expect(await leakedResources(before)).toEqual({});
  });

  it("answers a peer that stops after its ServerHello with a handshake timeout, in a 200", async () => {
    const before = await activeResources();
    const relay = await startResettingRelay(400, "silence");
    const engine = engineWith({ port: relay.port });

    const { status, body, elapsedMs } = await engineGet(engine, `/api/v1/ssl/${domain}`, key);

    expect(status).toBe(200);
    expect(relay.relayed).toBe(400);
    expect(body.data).toMatchObject({
      reachable: false,
      reason: "timeout",
      errorCode: "ERR_TLS_HANDSHAKE_TIMEOUT",
    });
    expect(elapsedMs).toBeLessThan(0.9 * budgetMs);
    await relay.close();
    expect(await leakedResources(before)).toEqual({});
  });

  it("answers a peer that replies with garbage as no_tls, at once", async () => {
    const before = await activeResources();
    const sockets = new Set<net.Socket>();
    const garbage = net.createServer((socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => undefined);
      socket.once("data", () => socket.write(Buffer.alloc(64, 0x5a)));
    });
    garbage.listen(0, "127.0.0.1");
    await once(garbage, "listening");
    const engine = engineWith({ port: (garbage.address() as net.AddressInfo).port });

    const { status, body, elapsedMs } = await engineGet(engine, `/api/v1/ssl/${domain}`, key);

    expect(status).toBe(200);
    expect(body.data).toMatchObject({ reachable: false, reason: "no_tls" });
    expect(body.data.errorCode).toMatch(/^ERR_SSL_/);
    expect(body.data.findings[0]).toMatchObject({ id: "ssl.unreachable", status: "fail" });
    expect(elapsedMs).toBeLessThan(500);
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => garbage.close(resolve));
    expect(await leakedResources(before)).toEqual({});
  });

  it("gives the full report its ssl section with that finding, inside the budget", async () => {
    const peer = await startSilentPeer();
    const engine = engineWith({ port: peer.port });

    const { status, body, elapsedMs } = await engineGet(engine, `/api/v1/domain/${domain}`, key);

    expect(status).toBe(200);
    expect(body.sections.ssl).toMatchObject({ status: "ok", data: { reason: "timeout" } });
    expect(body.sections.ssl.data.findings[0]).toMatchObject({
      id: "ssl.unreachable",
      status: "fail",
    });
    expect(elapsedMs).toBeLessThan(0.9 * budgetMs);
    await peer.close();
  });

  it("keeps the section when one of several addresses is silent, naming what timed out", async () => {
    const before = await activeResources();
    const port = (tlsServer.address() as net.AddressInfo).port;
    const peer = await startSilentPeer("127.0.0.2", port);
    const engine = engineWith({ port });

    const { status, body, elapsedMs } = await engineGet(engine, `/api/v1/ssl/${several}`, key);

    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data).toMatchObject({ reachable: true, address: "127.0.0.1" });
    expect(
      body.data.endpoints.map((endpoint: Record<string, unknown>) => [
        endpoint.address,
        endpoint.reason,
        endpoint.errorCode,
      ]),
    ).toEqual([
      ["127.0.0.1", null, null],
      ["127.0.0.2", "timeout", "ERR_TLS_HANDSHAKE_TIMEOUT"],
      ["127.0.0.3", "refused", "ECONNREFUSED"],
    ]);
    expect(body.data.findings[0]).toMatchObject({
      id: "ssl.unreachable",
      status: "warn",
      message: expect.stringContaining("127.0.0.2 (timeout)"),
    });
    expect(elapsedMs).toBeLessThan(0.9 * budgetMs);
    await peer.close();
    expect(await leakedResources(before)).toEqual({});
  });

  it("says the name could not be resolved, and what each silent resolver did", async () => {
    const before = await activeResources();
    const silent = [
      await startDnsServer(() => ({ drop: true })),
      await startDnsServer(() => ({ drop: true })),
    ];
    const engine = engineWith({ port: 443, resolvers: silent.map((server) => server.address) });

    const { status, body, elapsedMs } = await engineGet(engine, `/api/v1/ssl/${domain}`, key);

    expect(status).toBe(504);
    expect(body).toMatchObject({
      code: "upstream_timeout",
      section: { error: { code: "timeout" } },
    });
    const [first, second] = silent.map((server) => server.address);
    expect(body.detail).toMatch(
      new RegExp(
        `^secure\\.test could not be resolved: ${first} did not answer within \\d+ ms; ${second} did not answer within \\d+ ms\\.$`,
      ),
    );
    expect(body.section.error.message).toBe(body.detail);
    for (const server of silent) {
      expect(server.queries.some((query) => query.name === domain)).toBe(true);
    }
    expect(elapsedMs).toBeLessThan(0.9 * budgetMs);
    await Promise.all(silent.map((server) => server.close()));
    expect(await leakedResources(before)).toEqual({});
  });
});
