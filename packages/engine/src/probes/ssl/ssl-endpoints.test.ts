import { daysFromNow } from "@domain-intel/test-kit";
import {
  findingOf,
  freePort,
  status,
  useSslHarness,
  waitUntil,
} from "@domain-intel/test-kit/ssl-harness";
import type * as packet from "dns-packet";
import pLimit from "p-limit";
import { describe, expect, it } from "vitest";
import type { ProbeContext } from "../../contract/probe.js";
import { sslFindingIds } from "./ssl-findings.js";

// Every address of a name gets its own handshake. 127.0.0.0/8 is all loopback on Linux, so
// 127.0.0.1, .2 and .3 are three servers on the same port, like three hosts behind one name.

const a = (name: string, data: string): packet.Answer => ({ type: "A", name, ttl: 60, data });
const aaaa = (name: string, data: string): packet.Answer => ({ type: "AAAA", name, ttl: 60, data });

const harness = useSslHarness(
  {
    "multi.test": [
      a("multi.test", "127.0.0.1"),
      a("multi.test", "127.0.0.2"),
      a("multi.test", "127.0.0.3"),
    ],
    "many.test": Array.from({ length: 12 }, (_, index) => a("many.test", `127.0.1.${index + 1}`)),
    "twin.test": [aaaa("twin.test", "::1"), a("twin.test", "127.0.0.1")],
    "leaky.test": [
      a("leaky.test", "10.0.0.1"),
      a("leaky.test", "127.0.0.1"),
      aaaa("leaky.test", "fd00::1"),
    ],
  },
  sslFindingIds,
);
const { probe, startTlsServer } = harness;

async function leafFor(domain: string, options: { notAfter?: Date } = {}) {
  return harness.pki.issueLeaf({ commonName: domain, subjectAltNames: [domain], ...options });
}

/** TLS servers with `certificates[i]` on 127.0.0.(i+1), all on one port; null leaves a hole. */
async function serveOnLoopbacks(
  certificates: ({ keyPem: string; chainPem: string } | null)[],
): Promise<{ port: number; connections: () => number[] }> {
  let port = 0;
  const listeners: ({ connections: number } | null)[] = [];
  for (const [index, certificate] of certificates.entries()) {
    if (!certificate) {
      listeners.push(null);
      continue;
    }
    const listener = await startTlsServer({
      key: certificate.keyPem,
      cert: certificate.chainPem,
      host: `127.0.0.${index + 1}`,
      port,
    });
    port = listener.port;
    listeners.push(listener);
  }
  // A hole must not be the first entry: the port comes from the first server.
  return { port, connections: () => listeners.map((listener) => listener?.connections ?? 0) };
}

describe("sslProbe: every address of the name", () => {
  it("handshakes with each address and finds them consistent", async () => {
    const leaf = await leafFor("multi.test");
    const { port, connections } = await serveOnLoopbacks([leaf, leaf, leaf]);

    // The configuration scan (off here) would add its handshakes to the first address.
    const data = await probe({ port, ca: harness.pki.root.certPem, scan: false }, "multi.test");

    expect(connections()).toEqual([1, 1, 1]);
    expect(data.address).toBe("127.0.0.1");
    expect(data.endpoints.map((endpoint) => [endpoint.address, endpoint.reachable])).toEqual([
      ["127.0.0.1", true],
      ["127.0.0.2", true],
      ["127.0.0.3", true],
    ]);
    expect(findingOf(data, "ssl.unreachable")).toMatchObject({ status: "pass" });
    expect(findingOf(data, "ssl.unreachable").message).toMatch(/other 2 addresses of multi\.test/);
    expect(status(data, "ssl.endpoints.inconsistent")).toBe("pass");
  });

  it("warns when one address serves another certificate", async () => {
    const good = await leafFor("multi.test");
    const stale = await leafFor("multi.test", { notAfter: daysFromNow(3) });
    const { port } = await serveOnLoopbacks([good, stale, good]);

    const data = await probe({ port, ca: harness.pki.root.certPem }, "multi.test");

    // The top-level fields describe the first address.
    expect(status(data, "ssl.cert.expiring-soon")).toBe("pass");
    const finding = findingOf(data, "ssl.endpoints.inconsistent");
    expect(finding).toMatchObject({ status: "warn", details: { differing: ["fingerprint256"] } });
    const fingerprints = data.endpoints.map((endpoint) => endpoint.fingerprint256);
    expect(fingerprints[0]).toBe(fingerprints[2]);
    expect(fingerprints[1]).not.toBe(fingerprints[0]);
  });

  it("describes the first address that answers, and reports the one that refused", async () => {
    const leaf = await leafFor("multi.test");
    // Bind .2 first for the port, then .3; nothing listens on .1.
    const second = await startTlsServer({
      key: leaf.keyPem,
      cert: leaf.chainPem,
      host: "127.0.0.2",
    });
    await startTlsServer({
      key: leaf.keyPem,
      cert: leaf.chainPem,
      host: "127.0.0.3",
      port: second.port,
    });

    const data = await probe({ port: second.port, ca: harness.pki.root.certPem }, "multi.test");

    expect(data).toMatchObject({ reachable: true, address: "127.0.0.2", trusted: true });
    expect(data.endpoints[0]).toMatchObject({
      address: "127.0.0.1",
      reachable: false,
      reason: "refused",
      errorCode: "ECONNREFUSED",
      fingerprint256: null,
    });
    expect(findingOf(data, "ssl.unreachable")).toMatchObject({
      status: "warn",
      details: { address: "127.0.0.2", failed: [{ address: "127.0.0.1", reason: "refused" }] },
    });
    expect(status(data, "ssl.endpoints.inconsistent")).toBe("pass");
  });

  it("probes only the first address when asked for one", async () => {
    const leaf = await leafFor("multi.test");
    const { port, connections } = await serveOnLoopbacks([leaf, leaf, leaf]);

    const data = await probe(
      { port, ca: harness.pki.root.certPem, maxAddresses: 1, scan: false },
      "multi.test",
    );

    expect(connections()).toEqual([1, 0, 0]);
    expect(data.endpoints.map((endpoint) => endpoint.reason)).toEqual([
      null,
      "not_probed",
      "not_probed",
    ]);
    expect(status(data, "ssl.unreachable")).toBe("pass");
    expect(status(data, "ssl.endpoints.inconsistent")).toBe("skipped");
  });

  it("covers IPv4 and IPv6 addresses of the same server", async () => {
    const leaf = await leafFor("twin.test");
    // "::" listens on both families.
    const server = await startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem, host: "::" });

    const data = await probe({ port: server.port, ca: harness.pki.root.certPem }, "twin.test");

    expect(data.endpoints).toMatchObject([
      { address: "127.0.0.1", family: 4, range: "loopback", reachable: true },
      { address: "::1", family: 6, range: "loopback", reachable: true },
    ]);
    expect(status(data, "ssl.endpoints.inconsistent")).toBe("pass");
  });

  it("runs each handshake under the context's concurrency limit, even a limit of one", async () => {
    const leaf = await leafFor("multi.test");
    const { port } = await serveOnLoopbacks([leaf, leaf, leaf]);
    const limit = pLimit(1);
    let active = 0;
    let most = 0;
    const limited: ProbeContext = {
      ...harness.context(),
      limit: (operation) =>
        limit(async () => {
          active += 1;
          most = Math.max(most, active);
          try {
            return await operation();
          } finally {
            active -= 1;
          }
        }),
    };

    const data = await probe({ port, ca: harness.pki.root.certPem }, "multi.test", limited);

    expect(data.endpoints.every((endpoint) => endpoint.reachable)).toBe(true);
    expect(most).toBe(1);
  });

  it("reports every address as refused by the policy, with its range, and connects to none", async () => {
    const leaf = await leafFor("leaky.test");
    const server = await startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem });

    const data = await probe(
      { port: server.port, ca: harness.pki.root.certPem },
      "leaky.test",
      harness.context({ allowPrivateAddresses: false }),
    );

    expect(server.connections).toBe(0);
    expect(data).toMatchObject({ reachable: false, reason: "blocked_address", address: null });
    expect(
      data.endpoints.map((endpoint) => [endpoint.address, endpoint.range, endpoint.reason]),
    ).toEqual([
      ["10.0.0.1", "private", "blocked_address"],
      ["127.0.0.1", "loopback", "blocked_address"],
      ["fd00::1", "uniqueLocal", "blocked_address"],
    ]);
    expect(findingOf(data, "ssl.unreachable")).toMatchObject({
      status: "skipped",
      details: { refusedAddresses: ["10.0.0.1", "127.0.0.1", "fd00::1"] },
    });
  });

  it("reports each failure when no address completes a handshake", async () => {
    const data = await probe({ port: await freePort() }, "multi.test");

    expect(data).toMatchObject({ reachable: false, reason: "refused", address: "127.0.0.1" });
    const finding = findingOf(data, "ssl.unreachable");
    expect(finding.status).toBe("fail");
    expect(finding.message).toMatch(/None of its 3 addresses completed a handshake/);
    expect(finding.details?.failed).toHaveLength(3);
  });

  it("ends every silent handshake in time to answer within the budget", async () => {
    const silent = await harness.startTcpServer((socket) => socket.resume(), { host: "127.0.0.1" });
    for (const host of ["127.0.0.2", "127.0.0.3"]) {
      await harness.startTcpServer((socket) => socket.resume(), { host, port: silent.port });
    }

    const started = performance.now();
    const data = await probe(
      { port: silent.port },
      "multi.test",
      harness.context({ timeoutMs: 400 }),
    );

    expect(performance.now() - started).toBeLessThan(400);
    expect(data.endpoints.map((endpoint) => [endpoint.reason, endpoint.errorCode])).toEqual([
      ["timeout", "ERR_TLS_HANDSHAKE_TIMEOUT"],
      ["timeout", "ERR_TLS_HANDSHAKE_TIMEOUT"],
      ["timeout", "ERR_TLS_HANDSHAKE_TIMEOUT"],
    ]);
    expect(findingOf(data, "ssl.unreachable")).toMatchObject({
      status: "fail",
      details: { reason: "timeout", failed: [{}, {}, {}] },
    });
    await waitUntil(() => silent.open() === 0);
  });

  it("probes a dozen addresses without a listener-leak warning", async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    try {
      const data = await probe({ port: await freePort() }, "many.test");

      expect(data.endpoints).toHaveLength(12);
      expect(data.endpoints.every((endpoint) => endpoint.reason === "refused")).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(warnings.map((warning) => warning.name)).not.toContain("MaxListenersExceededWarning");
    } finally {
      process.off("warning", onWarning);
    }
  });
});
