import {
  type DnsHandler,
  engineGet,
  startDnsServer,
  type TestDnsServer,
} from "@domain-intel/test-kit";
import type * as packet from "dns-packet";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normalizeDomain } from "../../domain/normalize-domain.js";
import { createEngine, type Engine } from "../../engine.js";
import { silentLogger } from "../../logging/logger.js";
import { dnsProbe } from "./dns-probe.js";

const key = "long-names-key";

/**
 * A resolver for which every name exists and is its own zone apex, with address, mail and SPF
 * records, so a long name goes through the whole assessment, its mail checks included. Every
 * address is loopback: with private addresses not allowed, no name server is ever asked.
 */
const everyNameExists: DnsHandler = (query) => {
  const question = query.questions?.[0];
  const base = { type: "response" as const, flags: 0x180 };
  if (!question) return { ...base, rcode: "FORMERR" } as packet.Packet;
  const name = question.name;
  const soa: packet.Answer = {
    type: "SOA",
    name,
    ttl: 300,
    data: {
      mname: "ns.lab.example",
      rname: "hostmaster.lab.example",
      serial: 1,
      refresh: 14_400,
      retry: 3_600,
      expire: 1_209_600,
      minimum: 300,
    },
  };
  const byType: Record<string, packet.Answer[]> = {
    SOA: [soa],
    A: [{ type: "A", name, ttl: 300, data: "127.0.0.1" }],
    NS: [{ type: "NS", name, ttl: 300, data: "ns.lab.example" }],
    MX: [{ type: "MX", name, ttl: 300, data: { preference: 10, exchange: "mx.lab.example" } }],
    TXT: [
      {
        type: "TXT",
        name,
        ttl: 300,
        data: name.startsWith("_dmarc.") ? "v=DMARC1; p=reject" : "v=spf1 mx -all",
      },
    ],
  };
  const answers = byType[question.type];
  return answers ? { ...base, answers } : { ...base, answers: [], authorities: [soa] };
};

let resolver: TestDnsServer;
let engine: Engine;
beforeAll(async () => {
  resolver = await startDnsServer(everyNameExists);
  engine = createEngine({
    keys: [key],
    probes: { dns: dnsProbe(), whois: false, ssl: false, mail: false, hosting: false },
    network: { resolvers: [resolver.address], timeoutMs: 5000 },
    rateLimit: false,
    logger: silentLogger,
  });
});
afterAll(async () => {
  await resolver.close();
});

const letters = "abcdefghijklmnopqrstuvwxyz0123456789-";

/**
 * Valid host names of 4 to 253 characters, most of them near the limit: labels of 1 to 63
 * characters filled up to a chosen length, then kept only when the engine accepts them.
 */
const validName = fc
  .record({
    length: fc.oneof(fc.integer({ min: 236, max: 253 }), fc.integer({ min: 4, max: 253 })),
    sizes: fc.array(fc.integer({ min: 1, max: 63 }), { minLength: 1, maxLength: 8 }),
    text: fc.string({ unit: fc.constantFrom(...letters), minLength: 253, maxLength: 253 }),
    suffix: fc.constantFrom("com", "co.uk", "example", "de"),
  })
  .map(({ length, sizes, text, suffix }) => {
    const labels: string[] = [];
    let used = suffix.length;
    for (let index = 0; length - used - 1 >= 1; index++) {
      const size = Math.min(sizes[index % sizes.length]!, length - used - 1);
      const label = text.slice(used, used + size).replace(/^-|-$/g, "a");
      labels.push(label);
      used += size + 1;
    }
    return [...labels, suffix].join(".");
  })
  .filter((name) => {
    try {
      return normalizeDomain(name).name === name;
    } catch {
      return false;
    }
  });

describe("the dns section for long names", () => {
  it("answers a 253-character name with data, skipping the checks of names that cannot exist", async () => {
    const name = `${"a".repeat(63)}.${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(57)}.com`;
    expect(name).toHaveLength(253);

    const answer = await engineGet(engine, `/api/v1/dns/${name}`, key);

    expect(answer.status).toBe(200);
    const { data } = answer.body;
    expect(data.exists).toBe(true);
    expect(data.records.A).toEqual([{ address: "127.0.0.1", ttl: 300 }]);
    expect(data.records.SRV).toEqual([]);
    expect(data.records.mailPolicies).toEqual({ dmarc: [], mtaSts: [], tlsRpt: [] });
    const check = (id: string) =>
      data.health.checks.find((finding: { id: string }) => finding.id === id);
    for (const [id, prefix] of [
      ["dns.mta-sts.present", "_mta-sts"],
      ["dns.tls-rpt.present", "_smtp._tls"],
    ] as const) {
      expect(check(id), id).toMatchObject({
        status: "skipped",
        message: `Not checked: ${prefix}.${name} cannot exist: it would be ${name.length + prefix.length + 1} characters long, more than the 253 a DNS name may have.`,
      });
    }
    // The domain's own `_dmarc` cannot exist, so the organizational domain's record applies.
    expect(check("dns.dmarc.present")).toMatchObject({
      status: "pass",
      details: { location: `_dmarc.${name.split(".").slice(-2).join(".")}` },
    });
    // Nothing over 253 characters was ever sent.
    expect(resolver.queries.length).toBeGreaterThan(0);
    expect(resolver.queries.filter((query) => query.name.length > 253)).toEqual([]);
  });

  it("answers 200 with data for every valid name up to 253 characters", async () => {
    await fc.assert(
      fc.asyncProperty(validName, async (name) => {
        const answer = await engineGet(engine, `/api/v1/dns/${name}`, key);
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        expect(answer.body.data.exists).toBe(true);
        expect(answer.body.data.health.checks.length).toBeGreaterThan(30);
      }),
      { numRuns: 60 },
    );
  }, 60_000);
});
