import {
  type DnsHandler,
  type DnsReplyBytes,
  dnsName,
  dnsPointer,
  dnsRecord,
  dnsReply,
  type HostileAct,
  hostileProblems,
  questionType,
  startDnsServer,
  startTruncatingDns,
} from "@domain-intel/test-kit";
import * as packet from "dns-packet";
import { describe, expect, it } from "vitest";
import type { SectionResult } from "../../contract/section-result.js";
import { createEngine } from "../../engine.js";
import { silentLogger } from "../../logging/logger.js";
import type { DnsData } from "./declaration.js";

// A resolver that lies, loops or never stops, asked about one name: the dns section must answer
// inside its budget with what it could read, or a bounded error, and never read without end.

const domain = "hostile.test";
const budgetMs = 3000;

async function dnsSection(resolver: string): Promise<SectionResult> {
  const engine = createEngine({
    keys: ["k"],
    logger: silentLogger,
    network: { resolvers: [resolver], allowPrivateAddresses: true, timeoutMs: budgetMs },
    probes: { whois: false, ssl: false, http: false, mail: false },
  });
  try {
    return (await engine.lookup(domain, "dns")) as SectionResult;
  } finally {
    await engine.close();
  }
}

/** Every query answered by `reply(id, question name, question type)` over UDP and TCP alike. */
const answering =
  (reply: (id: number, name: string, type: number) => Buffer): DnsHandler =>
  (query) => ({
    raw: reply(query.id ?? 0, query.questions?.[0]?.name ?? domain, questionType(query)),
  });

const a = (address: string) => Buffer.from(address.split(".").map(Number));

const malformed: [string, DnsHandler][] = [
  [
    "a compression pointer to itself (a loop)",
    answering((id, name, type) =>
      dnsReply({
        id,
        question: { name, type },
        answers: [(at) => dnsRecord(dnsPointer(at), 1, a("192.0.2.1"))],
      }),
    ),
  ],
  [
    "two pointers to each other",
    answering((id, name, type) =>
      dnsReply({
        id,
        question: { name, type },
        answers: [
          (at) => dnsRecord(dnsPointer(at + 16), 1, a("192.0.2.1")),
          (at) => dnsRecord(dnsPointer(at - 16), 1, a("192.0.2.2")),
        ],
      }),
    ),
  ],
  [
    "a pointer past the end of the message",
    answering((id, name, type) =>
      dnsReply({
        id,
        question: { name, type },
        answers: [() => dnsRecord(dnsPointer(0x3fff), 1, a("192.0.2.1"))],
      }),
    ),
  ],
  [
    "an answer count that claims 50 records and carries one",
    answering((id, name, type) =>
      dnsReply({
        id,
        question: { name, type },
        answers: [() => dnsRecord(dnsName(name), 1, a("192.0.2.1"))],
        answerCount: 50,
      }),
    ),
  ],
  [
    "an RDATA length beyond the message",
    answering((id, name, type) => {
      const record = dnsRecord(dnsName(name), 1, a("192.0.2.1"));
      record.writeUInt16BE(60_000, record.length - 6);
      return dnsReply({ id, question: { name, type }, answers: [() => record] });
    }),
  ],
  [
    "a label longer than 63 bytes",
    answering((id, name, type) =>
      dnsReply({
        id,
        question: { name, type },
        answers: [
          () => dnsRecord(Buffer.from([0x3f + 1, ...Buffer.alloc(64, 0x61), 0]), 1, a("192.0.2.1")),
        ],
      }),
    ),
  ],
  [
    "12 bytes of header and nothing else",
    answering((id) => dnsReply({ id, question: { name: "", type: 1 } }).subarray(0, 12)),
  ],
  [
    "an answer with the wrong id",
    answering((id, name, type) => dnsReply({ id: id ^ 0xffff, question: { name, type } })),
  ],
];

describe("dns section against a hostile resolver", () => {
  it.each(malformed)(
    "%s: answers inside its budget, never an error of ours",
    async (_case, handler) => {
      const server = await startDnsServer(handler);
      try {
        const result = await dnsSection(server.address);
        expect(await hostileProblems({ result, budgetMs })).toEqual([]);
        // Nothing read from a malformed message is taken as a record.
        if (result.status === "ok") expect((result.data as DnsData).records.A).toEqual([]);
      } finally {
        await server.close();
      }
    },
  );

  it("takes only the records of the question, never those of other names it was sent", async () => {
    const server = await startDnsServer((query) => {
      const question = query.questions![0]!;
      const answers: packet.Answer[] = [
        { type: "A", name: "bank.test", ttl: 60, data: "6.6.6.6" },
        { type: "NS", name: "test", ttl: 60, data: "ns.evil.test" },
      ];
      if (question.type === "A" && question.name === domain)
        answers.push({ type: "A", name: domain, ttl: 60, data: "192.0.2.7" });
      return {
        type: "response",
        flags: packet.RECURSION_AVAILABLE | packet.RECURSION_DESIRED,
        answers,
        additionals: [{ type: "A", name: "ns.evil.test", ttl: 60, data: "6.6.6.7" }],
      };
    });
    try {
      const result = await dnsSection(server.address);
      expect(await hostileProblems({ result, budgetMs, outcomes: /^data$/ })).toEqual([]);
      const data = result.data as DnsData;
      expect(data.records.A.map((record) => record.address)).toEqual(["192.0.2.7"]);
      expect(data.records.NS).toEqual([]);
      expect(JSON.stringify(data.records)).not.toMatch(/6\.6\.6\.[67]|evil/);
    } finally {
      await server.close();
    }
  });

  /** A TCP reply (length-prefixed) to the framed `query`, its answers built by `answers`. */
  const framedReply = (
    query: Buffer,
    answers: DnsReplyBytes["answers"] = [],
    size?: number,
  ): Buffer => {
    const asked = packet.decode(query.subarray(2));
    let message = dnsReply({
      id: asked.id ?? 0,
      question: { name: domain, type: questionType(asked) },
      answers,
    });
    if (size) message = Buffer.concat([message, Buffer.alloc(size - message.length)]);
    return Buffer.concat([Buffer.from([message.length >> 8, message.length & 0xff]), message]);
  };
  const text = Buffer.concat([Buffer.from([255]), Buffer.alloc(255, 0x78)]);
  const txt = dnsRecord(dnsName(domain), "TXT", text);

  const overTcp: [string, (query: Buffer) => readonly HostileAct[]][] = [
    [
      "a 65,535-byte message (the most TCP framing allows)",
      // As many 280-byte records as fit, then zeros: exactly 65,535 bytes.
      (query) => [
        {
          send: framedReply(
            query,
            Array.from({ length: Math.floor(65_000 / txt.length) }, () => () => txt),
            65_535,
          ),
        },
        { hang: true },
      ],
    ],
    ["an answer a byte a second", (query) => [{ drip: framedReply(query), everyMs: 1000 }]],
    [
      "messages without end",
      () => [{ flood: Buffer.concat([Buffer.from([0, 12]), Buffer.alloc(12)]) }],
    ],
    [
      "a length prefix and then silence",
      () => [{ send: Buffer.from([0xff, 0xff, 0x12]) }, { hang: true }],
    ],
  ];

  it.each(overTcp)(
    "%s over TCP after a truncated UDP answer: bounded in time and in bytes read",
    async (_case, script) => {
      const server = await startTruncatingDns(script);
      try {
        const result = await dnsSection(server.address);
        expect(await hostileProblems({ result, budgetMs, peer: server.tcp })).toEqual([]);
        await expect.poll(() => server.tcp.open(), { timeout: 2000 }).toBe(0);
      } finally {
        await server.close();
      }
    },
  );
});
