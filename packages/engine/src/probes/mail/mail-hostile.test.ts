import {
  createTestPki,
  type HostileAct,
  type HostileServer,
  hostileProblems,
  startDnsServer,
  startHostileServer,
  type TestDnsServer,
  zoneHandler,
} from "@domain-intel/test-kit";
import type * as packet from "dns-packet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SectionResult } from "../../contract/section-result.js";
import { createEngine } from "../../engine.js";
import { silentLogger } from "../../logging/logger.js";
import type { MailData } from "./declaration.js";
import { mailProbe } from "./mail-probe.js";

// An MX that never stops talking, talks a byte a second or contradicts itself, and an MTA-STS
// policy host that streams without end: the mail section answers inside its budget with what
// it read, reads a bounded number of bytes, and lets go of every connection.

const domain = "hostile.test";
const budgetMs = 4000;
const zone: Record<string, packet.Answer[]> = {
  [domain]: [
    { type: "MX", name: domain, ttl: 60, data: { preference: 10, exchange: `mail.${domain}` } },
  ],
  [`mail.${domain}`]: [{ type: "A", name: `mail.${domain}`, ttl: 60, data: "127.0.0.1" }],
  [`_mta-sts.${domain}`]: [
    { type: "TXT", name: `_mta-sts.${domain}`, ttl: 60, data: "v=STSv1; id=20260101" },
  ],
  [`mta-sts.${domain}`]: [{ type: "A", name: `mta-sts.${domain}`, ttl: 60, data: "127.0.0.1" }],
};

let dns: TestDnsServer;
let pki: Awaited<ReturnType<typeof createTestPki>>;
beforeAll(async () => {
  dns = await startDnsServer(zoneHandler(zone));
  pki = await createTestPki();
});
afterAll(() => dns?.close());

async function mailSection(smtpPort: number, mtaStsPort = 1): Promise<SectionResult> {
  const engine = createEngine({
    keys: ["k"],
    logger: silentLogger,
    network: { resolvers: [dns.address], allowPrivateAddresses: true, timeoutMs: budgetMs },
    probes: {
      whois: false,
      dns: false,
      ssl: false,
      http: false,
      mail: mailProbe({ smtpPort, mtaStsPort, ca: pki.root.certPem }),
    },
  });
  try {
    return (await engine.lookup(domain, "mail")) as SectionResult;
  } finally {
    await engine.close();
  }
}

/** Inside the budget, a bounded outcome, and every connection let go (SMTP and TLS are ours to close). */
async function expectBounded(result: SectionResult, peer: HostileServer): Promise<void> {
  expect(await hostileProblems({ result, budgetMs, peer })).toEqual([]);
  await expect.poll(() => peer.open(), { timeout: 3000 }).toBe(0);
}

const banner = "220 mail.hostile.test ESMTP\r\n";
/** One chunk of a chunked body (RFC 9112 7.1). */
const chunk = (text: string) => `${text.length.toString(16)}\r\n${text}\r\n`;
const smtpPeers: [string, readonly HostileAct[], string][] = [
  [
    "a banner of endless continuation lines",
    [{ flood: "220-mail.hostile.test is still greeting you\r\n" }],
    "reply_too_large",
  ],
  ["a banner a byte a second", [{ drip: banner, everyMs: 1000 }], "timeout"],
  [
    "a banner line that never ends",
    [{ send: "220 " }, { flood: "x".repeat(4096) }],
    "reply_too_large",
  ],
  [
    "an EHLO answer of endless continuation lines",
    [{ send: banner }, { readLine: true }, { flood: "250-PIPELINING\r\n" }],
    "reply_too_large",
  ],
  [
    "an EHLO answer whose code changes half-way",
    [
      { send: banner },
      { readLine: true },
      { send: "250-mail.hostile.test\r\n550 STARTTLS\r\n" },
      { hang: true },
    ],
    "bad_reply",
  ],
  [
    "STARTTLS accepted, then bytes that are not TLS, without end",
    [
      { send: banner },
      { readLine: true },
      { send: "250-mail.hostile.test\r\n250 STARTTLS\r\n" },
      { readLine: true },
      { send: "220 go ahead\r\n" },
      { flood: "\x16\x03\x03\xff\xff" },
    ],
    "handshake_failed",
  ],
  [
    "bytes that are not SMTP",
    [{ send: "\x00\xff\x00\xff HTTP/1.1 200 OK\r\n\r\n" }, { hang: true }],
    "bad_reply",
  ],
];

describe("mail section against a hostile MX", () => {
  it.each(smtpPeers)(
    "%s: data inside the budget, bytes read bounded",
    async (_case, acts, reason) => {
      const peer = await startHostileServer({ trigger: "connect", script: () => acts });
      try {
        const result = await mailSection(peer.port);
        await expectBounded(result, peer);
        expect(result.status).toBe("ok");
        const data = result.data as MailData;
        const endpoint = data.hosts[0]?.endpoints[0];
        // The MX held no SMTP conversation, and the section says why.
        expect(endpoint).toMatchObject({ address: "127.0.0.1", error: { reason } });
      } finally {
        await peer.close();
      }
    },
  );

  const policyPeers: [string, readonly HostileAct[], RegExp][] = [
    [
      "a policy streamed without end (chunked)",
      [
        {
          send: "HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ntransfer-encoding: chunked\r\n\r\n",
        },
        { flood: chunk("mx: mail.hostile.test\n".repeat(178)) },
      ],
      /^the policy is larger than 65536 bytes$/,
    ],
    [
      "a policy a byte a second",
      [
        {
          drip: "HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\n\r\nversion: STSv1\n",
          everyMs: 1000,
        },
      ],
      /^no answer within \d+ ms$/,
    ],
    [
      "10,000 response headers",
      [
        { send: "HTTP/1.1 200 OK\r\n" },
        { send: "x-filler: 0123456789\r\n".repeat(10_000) },
        { send: "\r\nversion: STSv1\n" },
        { hang: true },
      ],
      /UND_ERR_HEADERS_OVERFLOW/,
    ],
  ];

  it.each(policyPeers)(
    "MTA-STS: %s: data inside the budget, bytes read bounded",
    async (_case, acts, problem) => {
      const leaf = await pki.issueLeaf({
        commonName: `mta-sts.${domain}`,
        subjectAltNames: [`mta-sts.${domain}`],
      });
      const policy = await startHostileServer({
        trigger: "http-head",
        tls: { key: leaf.keyPem, cert: leaf.chainPem },
        script: () => acts,
      });
      const silentMx = await startHostileServer({
        trigger: "connect",
        script: () => [{ close: true }],
      });
      try {
        const result = await mailSection(silentMx.port, policy.port);
        await expectBounded(result, policy);
        expect(result.status).toBe("ok");
        const finding = (result.data as MailData).findings.find(
          (each) => each.id === "mail.mta-sts.policy",
        );
        expect(finding?.status).toBe("fail");
        expect((result.data as MailData).mtaSts.problem).toMatch(problem);
      } finally {
        await policy.close();
        await silentMx.close();
      }
    },
  );
});
