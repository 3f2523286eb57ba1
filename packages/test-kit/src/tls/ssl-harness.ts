import net from "node:net";
import tls from "node:tls";
import {
  type Finding,
  type NetworkPolicy,
  type ProbeContext,
  type SslData,
  type SslProbeOptions,
  sslProbe,
} from "@domain-intel/engine";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import {
  startDnsServer,
  type TestDnsServer,
  type ZoneRecords,
  zoneHandler,
} from "../dns/dns-server.js";
import { testProbeContext } from "../engine/probe-context.js";
import { closedSchemaValidator } from "../schema/closed-schema.js";
import { createTestPki, type TestPki } from "./certificates.js";

/**
 * Shared set-up of the ssl probe tests: a test PKI, a loopback DNS server answering `zone`
 * (SERVFAIL for broken.test), TLS and TCP servers closed after each test, and a `probe` that
 * validates every result against the schema the probe publishes, closed so undescribed fields
 * fail, and checks that it lists every finding, in order.
 */

const validateData = closedSchemaValidator(sslProbe().dataSchema as object);

/** Valid against the closed schema, with the findings `findingIds`, in that order. */
function expectValid(data: SslData, findingIds: readonly string[]): void {
  expect(validateData(data), JSON.stringify(data)).toEqual([]);
  expect(data.findings.map((finding) => finding.id)).toEqual([...findingIds]);
}

export function findingOf(data: SslData, id: string): Finding {
  const found = data.findings.find((finding) => finding.id === id);
  if (!found) throw new Error(`no finding ${id}`);
  return found;
}

export function status(data: SslData, id: string): string {
  return findingOf(data, id).status;
}

export interface Listener {
  server: net.Server;
  port: number;
  /** TCP connections accepted so far. */
  connections: number;
  /** Connections still open on the server side. */
  open(): number;
}

export interface TlsServerOptions extends tls.TlsOptions {
  /** Where to listen; default 127.0.0.1. */
  host?: string;
  /** Default: any free port. */
  port?: number;
  /** Stapled to every handshake whose client asks for OCSP. */
  ocspResponse?: Buffer;
  /**
   * A server that stops answering under a scan: after this many connections, each new one is
   * reset at once (`drop`) or accepted and never answered (`silent`).
   */
  failAfter?: { connections: number; mode: "drop" | "silent" };
  /**
   * Keep sessions by id (Node's server resumes by id only with a cache of its own: the
   * `newSession` and `resumeSession` events), as web servers' shared session caches do.
   */
  sessionCache?: boolean;
}

/** A minimal DER OCSPResponse (status tryLater): real framing, no verdict to trust. */
export const stapledOcspResponse = Buffer.from([0x30, 0x03, 0x0a, 0x01, 0x03]);

export interface SslHarness {
  readonly pki: TestPki;
  readonly dns: TestDnsServer;
  context(network?: Partial<NetworkPolicy>): ProbeContext;
  probe(options: SslProbeOptions, domain?: string, context?: ProbeContext): Promise<SslData>;
  startTlsServer(options: TlsServerOptions): Promise<Listener>;
  startTcpServer(
    onConnection: (socket: net.Socket) => void,
    options?: { host?: string; port?: number },
  ): Promise<Listener>;
}

/**
 * Registers the hooks of one test file; call at its top level. `findingIds`: the ssl
 * section's finding ids in order (the probe's `sslFindingIds`), checked on every result.
 */
export function useSslHarness(zone: ZoneRecords, findingIds: readonly string[]): SslHarness {
  let pki: TestPki | undefined;
  let dns: TestDnsServer | undefined;
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    pki = await createTestPki();
    const answer = zoneHandler(zone);
    dns = await startDnsServer((query, transport) =>
      query.questions?.[0]?.name === "broken.test"
        ? { type: "response", rcode: "SERVFAIL" }
        : answer(query, transport),
    );
  });
  afterAll(() => dns?.close());
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });

  const listen = async (
    server: net.Server,
    options: { host?: string; port?: number },
  ): Promise<Listener> => {
    const sockets = new Set<net.Socket>();
    const listener = { server, port: 0, connections: 0, open: () => sockets.size };
    server.on("connection", (socket: net.Socket) => {
      listener.connections += 1;
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => undefined);
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
    listener.port = (server.address() as net.AddressInfo).port;
    closers.push(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
    return listener;
  };

  const harness: SslHarness = {
    get pki() {
      if (!pki) throw new Error("the harness is not set up yet");
      return pki;
    },
    get dns() {
      if (!dns) throw new Error("the harness is not set up yet");
      return dns;
    },
    context: (network = {}) => testProbeContext({ resolvers: [harness.dns.address], ...network }),
    async probe(options, domain = "secure.test", context = harness.context()) {
      const data = await sslProbe(options).run(domain, context);
      expectValid(data, findingIds);
      return data;
    },
    startTlsServer({ host, port, ocspResponse, failAfter, sessionCache, ...options }) {
      const server = tls.createServer({ ALPNProtocols: ["h2", "http/1.1"], ...options });
      server.on("tlsClientError", () => undefined);
      if (sessionCache) {
        const sessions = new Map<string, Buffer>();
        server.on("newSession", (id: Buffer, session: Buffer, done: () => void) => {
          sessions.set(id.toString("hex"), session);
          done();
        });
        server.on("resumeSession", (id: Buffer, done: (error: null, session?: Buffer) => void) =>
          done(null, sessions.get(id.toString("hex"))),
        );
      }
      if (ocspResponse) {
        server.on("OCSPRequest", (_certificate, _issuer, callback) => callback(null, ocspResponse));
      }
      if (!failAfter) return listen(server, { host, port });
      // A plain TCP front hands the first connections to the TLS server, then fails the rest.
      let handed = 0;
      const front = net.createServer((socket) => {
        if (handed < failAfter.connections) {
          handed += 1;
          server.emit("connection", socket);
        } else if (failAfter.mode === "drop") {
          socket.resetAndDestroy();
        }
      });
      return listen(front, { host, port });
    },
    startTcpServer: (onConnection, options = {}) => listen(net.createServer(onConnection), options),
  };
  return harness;
}

export async function waitUntil(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A port nothing listens on: taken from the kernel, then released. */
export async function freePort(host = "127.0.0.1"): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
