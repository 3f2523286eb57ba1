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
 * connection: the peer vanishing mid-handshake is a fact about the domain (a finding in a
 * 200), reached in bounded time with nothing left open.
 */

const key = "tls-faults-key-0123456789";
const domain = "secure.test";
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
  dns = await startDnsServer(
    zoneHandler({ [domain]: [{ type: "A", name: domain, ttl: 60, data: "127.0.0.1" }] }),
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
 * back (the ServerHello and part of what follows), then resets the client's connection.
 */
async function startResettingRelay(passBytes: number): Promise<Relay> {
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
          client.resetAndDestroy();
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
    ["inside the ServerHello", 7],
    ["after the ServerHello, inside its encrypted certificate flight", 400],
  ])("reports a peer resetting %s as reset, in a 200", async (_where, passBytes) => {
    const before = await activeResources();
    const relay = await startResettingRelay(passBytes);
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
