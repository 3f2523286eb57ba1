import { describe, expect, it } from "vitest";
import { minTtlMs, settledTtlMs, unsettledTtlMs, whoisTtlMs } from "./ttl.js";
import type { WhoisData } from "./whois-data.js";

const dayMs = 86_400_000;
const now = Date.parse("2026-11-22T10:00:00.000Z");

function registration(overrides: Partial<WhoisData>): WhoisData {
  return {
    queriedDomain: "example.test",
    registered: true,
    source: "rdap",
    registrar: null,
    statuses: [{ code: "ok", meaning: null }],
    createdAt: null,
    updatedAt: null,
    expiresAt: null,
    expiresInDays: null,
    nameservers: [],
    dnssec: { delegationSigned: null, dsData: [] },
    transferLock: false,
    registrant: null,
    privacy: null,
    redacted: [],
    raw: null,
    servers: [],
    findings: [],
    ...overrides,
  };
}
const expiringIn = (ms: number) => registration({ expiresAt: new Date(now + ms).toISOString() });

describe("whoisTtlMs", () => {
  it("keeps a settled registration 6 h", () => {
    expect(whoisTtlMs({ data: expiringIn(400 * dayMs), now })).toBe(settledTtlMs);
    expect(whoisTtlMs({ data: registration({}), now })).toBe(settledTtlMs);
  });

  it("keeps unregistered names, names being deleted and names expiring soon 1 h", () => {
    expect(whoisTtlMs({ data: registration({ registered: false }), now })).toBe(unsettledTtlMs);
    const deleting = registration({
      statuses: [{ code: "redemptionPeriod", meaning: null }],
      expiresAt: new Date(now + 400 * dayMs).toISOString(),
    });
    expect(whoisTtlMs({ data: deleting, now })).toBe(unsettledTtlMs);
    expect(whoisTtlMs({ data: expiringIn(20 * dayMs), now })).toBe(unsettledTtlMs);
  });

  it("ends when an expiry finding would flip", () => {
    // Two hours before the 30-day mark, the 7-day mark and expiry itself.
    expect(whoisTtlMs({ data: expiringIn(30 * dayMs + 7_200_000), now })).toBe(7_200_000);
    expect(whoisTtlMs({ data: expiringIn(7 * dayMs + 1_800_000), now })).toBe(1_800_000);
    expect(whoisTtlMs({ data: expiringIn(600_000), now })).toBe(600_000);
  });

  it("never goes under a minute", () => {
    expect(whoisTtlMs({ data: expiringIn(5_000), now })).toBe(minTtlMs);
    expect(whoisTtlMs({ data: expiringIn(-dayMs), now })).toBe(unsettledTtlMs);
  });
});
