import { type HostileAct, hostileProblems, startHostileServer } from "@domain-intel/test-kit";
import { describe, expect, it } from "vitest";
import type { SectionResult } from "../../contract/section-result.js";
import { createEngine } from "../../engine.js";
import { silentLogger } from "../../logging/logger.js";

// A registry that streams without end, a byte a second, in binary, in loops: the whois section
// answers inside its budget with what it read or a bounded error, reads a bounded number of
// bytes, and lets go of every connection. RDAP first, then WHOIS, as the section asks.

const domain = "hostile.test";
const budgetMs = 4000;
const noRdap = { version: "1.0", publication: "2026-11-01T00:00:00Z", services: [] };

async function whoisSection(rdap: Record<string, unknown>): Promise<SectionResult> {
  const engine = createEngine({
    keys: ["k"],
    logger: silentLogger,
    network: { allowPrivateAddresses: true, timeoutMs: budgetMs },
    rdap,
    probes: { dns: false, ssl: false, http: false, mail: false },
  });
  try {
    return (await engine.lookup(domain, "whois")) as SectionResult;
  } finally {
    await engine.close();
  }
}

const record = `Domain Name: ${domain.toUpperCase()}\r\nRegistrar: Hostile Registrar\r\n`;
const whoisPeers: [string, readonly HostileAct[]][] = [
  [
    "a record streamed without end",
    [{ send: record }, { flood: "Name Server: NS.HOSTILE.TEST\r\n" }],
  ],
  ["a record a byte a second", [{ drip: record, everyMs: 1000 }]],
  ["a line that never ends", [{ send: "Domain Name: " }, { flood: "x".repeat(8192) }]],
  ["binary bytes without end", [{ flood: Buffer.from([0, 0xff, 0xfe, 0x1b, 0x24, 0x42, 0x0d]) }]],
  [
    "a referral to itself",
    [{ send: `${record}Registrar WHOIS Server: 127.0.0.1\r\n` }, { close: true }],
  ],
];

describe("whois section against a hostile WHOIS server", () => {
  it.each(whoisPeers)("%s: inside the budget, bytes read bounded", async (_case, acts) => {
    const peer = await startHostileServer({ trigger: "line", script: () => acts });
    try {
      const result = await whoisSection({
        bootstrap: noRdap,
        whoisHints: { test: "127.0.0.1" },
        whoisPort: peer.port,
      });
      expect(await hostileProblems({ result, budgetMs, peer })).toEqual([]);
      // WHOIS over raw TCP: every connection closed by the client.
      await expect.poll(() => peer.open(), { timeout: 3000 }).toBe(0);
      // A referral to itself is asked once more at most: no loop.
      expect(peer.connections()).toBeLessThanOrEqual(2);
    } finally {
      await peer.close();
    }
  });
});

const rdapHead = "HTTP/1.1 200 OK\r\ncontent-type: application/rdap+json\r\n";
const rdapPeers: [string, (request: Buffer) => readonly HostileAct[]][] = [
  [
    "a JSON answer streamed without end (chunked)",
    () => [
      { send: `${rdapHead}transfer-encoding: chunked\r\n\r\n6\r\n{"a":[\r\n` },
      { flood: `4000\r\n${"1,".repeat(8192)}\r\n` },
    ],
  ],
  [
    "JSON nested 100,000 deep",
    () => {
      const body = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
      return [{ send: `${rdapHead}content-length: ${body.length}\r\n\r\n${body}` }];
    },
  ],
  [
    "10,000 response headers",
    () => [
      { send: "HTTP/1.1 200 OK\r\n" },
      { send: "x-filler: 0123456789\r\n".repeat(10_000) },
      { send: "\r\n{}" },
      { hang: true },
    ],
  ],
  [
    "an answer a byte a second",
    () => [{ drip: `${rdapHead}content-length: 2\r\n\r\n{}`, everyMs: 1000 }],
  ],
  [
    "a redirect to itself",
    (request) => {
      const path = /^GET (\S+)/.exec(request.toString("latin1"))?.[1] ?? "/";
      return [{ send: `HTTP/1.1 302 Found\r\nlocation: ${path}\r\ncontent-length: 0\r\n\r\n` }];
    },
  ],
  [
    "an object that is not an RDAP domain",
    () => {
      const body = JSON.stringify({ objectClassName: 42, events: "soon", entities: [null, [], 7] });
      return [{ send: `${rdapHead}content-length: ${body.length}\r\n\r\n${body}` }];
    },
  ],
];

describe("whois section against a hostile RDAP server", () => {
  it.each(rdapPeers)("%s: inside the budget, bytes read bounded", async (_case, script) => {
    const peer = await startHostileServer({ trigger: "http-head", script });
    try {
      const url = `http://127.0.0.1:${peer.port}/`;
      const result = await whoisSection({
        bootstrap: { ...noRdap, services: [[["test"], [url]]] },
        // No WHOIS to fall back on: what RDAP said is all there is.
        whoisHints: { test: "127.0.0.1" },
        whoisPort: 9,
      });
      expect(await hostileProblems({ result, budgetMs, peer })).toEqual([]);
      // A redirect loop is followed a bounded number of times.
      expect(peer.connections()).toBeLessThanOrEqual(12);
    } finally {
      await peer.close();
    }
  });
});
