import {
  createTestPki,
  type HostileAct,
  hostileProblems,
  startDnsServer,
  startHostileServer,
  type TestDnsServer,
  zoneHandler,
} from "@domain-intel/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SectionResult } from "../../contract/section-result.js";
import { createEngine } from "../../engine.js";
import { silentLogger } from "../../logging/logger.js";
import type { HttpData } from "./declaration.js";
import { httpProbe } from "./http-probe.js";

// A web server that sends 10,000 headers, a body without end, a byte a second, contradictory
// framing or a redirect to itself, on https and http alike: the http section answers inside
// its budget with what it found, and stops reading.

const domain = "hostile.test";
const budgetMs = 4000;

let dns: TestDnsServer;
let pki: Awaited<ReturnType<typeof createTestPki>>;
beforeAll(async () => {
  dns = await startDnsServer(
    zoneHandler({ [domain]: [{ type: "A", name: domain, ttl: 60, data: "127.0.0.1" }] }),
  );
  pki = await createTestPki();
});
afterAll(() => dns?.close());

const pathOf = (request: Buffer) => /^GET (\S+)/.exec(request.toString("latin1"))?.[1] ?? "/";
const ok = "HTTP/1.1 200 OK\r\ncontent-type: text/html\r\n";

const peers: [string, (request: Buffer) => readonly HostileAct[], RegExp][] = [
  [
    "10,000 response headers",
    () => [
      { send: "HTTP/1.1 200 OK\r\n" },
      { send: "x-filler: 0123456789\r\n".repeat(10_000) },
      { send: "\r\n" },
      { hang: true },
    ],
    /^false \w+ UND_ERR_HEADERS_OVERFLOW/,
  ],
  [
    "a body without end (chunked)",
    () => [
      { send: `${ok}transfer-encoding: chunked\r\n\r\n` },
      { flood: `4000\r\n${"<p>".repeat(5461)}x\r\n` },
    ],
    /^true null null truncated=true$/,
  ],
  [
    "a status line a byte a second",
    () => [{ drip: `${ok}content-length: 0\r\n\r\n`, everyMs: 1000 }],
    /^false timeout /,
  ],
  [
    "a header line that never ends",
    () => [{ send: "HTTP/1.1 200 OK\r\nx-a: " }, { flood: "a".repeat(8192) }],
    /^false \w+ UND_ERR_HEADERS_OVERFLOW/,
  ],
  [
    "both content-length and chunked",
    () => [
      {
        send: `${ok}content-length: 5\r\ntransfer-encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n`,
      },
      { hang: true },
    ],
    /^false \w+ \w+/,
  ],
  [
    "headers named after Object's own properties",
    () => [
      {
        send: `${ok}content-security-policy: __proto__ x; constructor y; toString z\r\npermissions-policy: __proto__=()\r\nset-cookie: __proto__=1; Secure\r\ncontent-length: 2\r\n\r\nhi`,
      },
    ],
    /^true null null truncated=false$/,
  ],
  [
    "a redirect to itself",
    (request) => [
      { send: `HTTP/1.1 301 Moved\r\nlocation: ${pathOf(request)}\r\ncontent-length: 0\r\n\r\n` },
    ],
    / redirect_loop /,
  ],
  [
    "a security.txt without end, a page of its own",
    (request) =>
      pathOf(request) === "/.well-known/security.txt"
        ? [
            {
              send: "HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ntransfer-encoding: chunked\r\n\r\n",
            },
            { flood: `1000\r\n${"Contact: mailto:a@b\n".repeat(204)}${"x".repeat(16)}\r\n` },
          ]
        : [{ send: `${ok}content-length: 2\r\n\r\nhi` }],
    /^true null null truncated=false$/,
  ],
];

describe("http section against a hostile web server", () => {
  it.each(peers)(
    "%s: data inside the budget, then no more reading",
    async (_case, script, reason) => {
      const leaf = await pki.issueLeaf({ commonName: domain, subjectAltNames: [domain] });
      const https = await startHostileServer({
        trigger: "http-head",
        tls: { key: leaf.keyPem, cert: leaf.chainPem },
        script,
      });
      const http = await startHostileServer({ trigger: "http-head", script });
      const engine = createEngine({
        keys: ["k"],
        logger: silentLogger,
        network: { resolvers: [dns.address], allowPrivateAddresses: true, timeoutMs: budgetMs },
        probes: {
          whois: false,
          dns: false,
          ssl: false,
          mail: false,
          http: httpProbe({ httpsPort: https.port, httpPort: http.port, ca: pki.root.certPem }),
        },
      });
      try {
        const result = (await engine.lookup(domain, "http")) as SectionResult;
        for (const peer of [https, http])
          expect(await hostileProblems({ result, budgetMs, peer })).toEqual([]);
        if (result.status === "ok") {
          const data = result.data as HttpData;
          const { reachable, reason: why, errorCode, bodyTruncated } = data.https;
          expect(`${reachable} ${why} ${errorCode} truncated=${bodyTruncated}`).toMatch(reason);
          expect(data.https.bodyBytes ?? 0).toBeLessThanOrEqual(256 * 1024);
        }
      } finally {
        await engine.close();
        await Promise.all([https.close(), http.close()]);
      }
    },
  );
});
