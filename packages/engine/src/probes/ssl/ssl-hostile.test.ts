import {
  type HostileAct,
  handshakeMessage,
  helloRetryRandom,
  hostileProblems,
  offeredSuites,
  offersAlpn,
  retryKeyShare,
  serverHelloRecord,
  startHostileServer,
  supportedVersion,
  tlsRecord,
} from "@domain-intel/test-kit";
import { useSslHarness } from "@domain-intel/test-kit/ssl-harness";
import { describe, expect, it } from "vitest";
import type { SectionResult } from "../../contract/section-result.js";
import { createEngine } from "../../engine.js";
import { silentLogger } from "../../logging/logger.js";
import type { SslData } from "./declaration.js";
import { sslFindingIds } from "./ssl-findings.js";
import { sslProbe } from "./ssl-probe.js";

// A TLS server that lies to the scan's hand-written hellos (Node's own handshake, which offers
// ALPN, reaches a real server): the ssl section must answer inside its budget, read a bounded
// number of bytes, and let go of every connection.

const domain = "hostile.test";
const budgetMs = 4000;
const harness = useSslHarness(
  { [domain]: [{ type: "A", name: domain, ttl: 60, data: "127.0.0.1" }] },
  sslFindingIds,
);

/** The suite a server would pick: an ECDHE one when offered (its ServerKeyExchange is read). */
const pick = (hello: Buffer) => {
  const offered = offeredSuites(hello);
  return offered.find((suite) => suite >= 0xc000 && suite <= 0xc0ff) ?? offered[0] ?? 0x002f;
};

const retry = (hello: Buffer) =>
  serverHelloRecord({
    random: helloRetryRandom,
    suite: offeredSuites(hello).find((suite) => suite >> 8 === 0x13) ?? 0x1301,
    extensions: [supportedVersion(0x0304), retryKeyShare(0x001d)],
  });

const toTheScan: [string, (hello: Buffer) => readonly HostileAct[]][] = [
  [
    "a record that claims 16 KiB and carries 60 bytes",
    () => [{ send: tlsRecord(22, Buffer.alloc(60, 2), 16_384) }, { hang: true }],
  ],
  [
    "a handshake message that claims 16 MiB",
    () => [{ send: tlsRecord(22, handshakeMessage(2, Buffer.alloc(100), 0xffffff)) }],
  ],
  [
    "extensions that claim 65,535 bytes",
    (hello) => [{ send: serverHelloRecord({ suite: pick(hello), extensionsLength: 0xffff }) }],
  ],
  [
    "a session id longer than the message",
    (hello) => [{ send: serverHelloRecord({ suite: pick(hello), sessionIdLength: 255 }) }],
  ],
  [
    "a version that does not exist (supported_versions 0x0305)",
    (hello) => [
      { send: serverHelloRecord({ suite: pick(hello), extensions: [supportedVersion(0x0305)] }) },
    ],
  ],
  [
    "a legacy_version of 0x7f7f",
    (hello) => [{ send: serverHelloRecord({ suite: pick(hello), version: 0x7f7f }) }],
  ],
  ["a HelloRetryRequest twice", (hello) => [{ send: Buffer.concat([retry(hello), retry(hello)]) }]],
  [
    "a ServerHello a byte a second",
    (hello) => [{ drip: serverHelloRecord({ suite: pick(hello) }), everyMs: 1000 }],
  ],
  [
    "a ServerHello, then a certificate message without end",
    (hello) => [
      { send: serverHelloRecord({ suite: pick(hello) }) },
      { send: tlsRecord(22, handshakeMessage(11, Buffer.alloc(16_000), 0xfffff)) },
      { flood: tlsRecord(22, Buffer.alloc(16_384, 0x30)) },
    ],
  ],
  ["warning alerts without end", () => [{ flood: tlsRecord(21, Buffer.from([1, 0])) }]],
  [
    "an SSL 2 SERVER-HELLO whose lengths lie",
    () => [
      { send: Buffer.from([0x80, 0x20, 4, 0, 1, 0, 2, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0, 0]) },
    ],
  ],
];

async function sslSection(port: number): Promise<SectionResult> {
  const engine = createEngine({
    keys: ["k"],
    logger: silentLogger,
    network: { resolvers: [harness.dns.address], allowPrivateAddresses: true, timeoutMs: budgetMs },
    probes: {
      whois: false,
      dns: false,
      http: false,
      mail: false,
      ssl: sslProbe({ port, ca: harness.pki.root.certPem }),
    },
  });
  try {
    return (await engine.lookup(domain, "ssl")) as SectionResult;
  } finally {
    await engine.close();
  }
}

describe("ssl section against a hostile TLS server", () => {
  it.each(toTheScan)(
    "%s, to every scan hello: data inside the budget, bytes read bounded",
    async (_case, script) => {
      const leaf = await harness.pki.issueLeaf({ commonName: domain, subjectAltNames: [domain] });
      const real = await harness.startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem });
      const peer = await startHostileServer({
        trigger: "record",
        script: (hello) => (offersAlpn(hello) ? [{ relay: real.port }] : script(hello)),
      });
      try {
        const result = await sslSection(peer.port);
        expect(await hostileProblems({ result, budgetMs, peer, outcomes: /^data$/ })).toEqual([]);
        const data = result.data as SslData;
        expect(data.reachable).toBe(true);
        expect(data.configuration).not.toBeNull();
        await expect.poll(() => peer.open(), { timeout: 3000 }).toBe(0);
      } finally {
        await peer.close();
      }
    },
  );

  const toEveryHello: [string, () => readonly HostileAct[]][] = [
    [
      "a byte a second",
      () => [{ drip: tlsRecord(22, handshakeMessage(2, Buffer.alloc(70))), everyMs: 1000 }],
    ],
    ["handshake records without end", () => [{ flood: tlsRecord(22, Buffer.alloc(16_384, 0x0b)) }]],
    [
      "a HelloRetryRequest twice",
      () => [
        { send: Buffer.concat([retry(Buffer.alloc(0)), retry(Buffer.alloc(0))]) },
        { hang: true },
      ],
    ],
  ];

  it.each(toEveryHello)(
    "%s, to Node's handshake too: the site's TLS fails as data, inside the budget",
    async (_case, script) => {
      const peer = await startHostileServer({ trigger: "record", script });
      try {
        const result = await sslSection(peer.port);
        expect(await hostileProblems({ result, budgetMs, peer })).toEqual([]);
        if (result.status === "ok") expect((result.data as SslData).reachable).toBe(false);
        await expect.poll(() => peer.open(), { timeout: 3000 }).toBe(0);
      } finally {
        await peer.close();
      }
    },
  );
});
