import { describe, expect, it } from "vitest";
import type { SslCertificate } from "../../protocols/x509/certificate-types.js";
import type { SslData } from "./declaration.js";
import { sslTtlMs } from "./ttl.js";

const minute = 60_000;
const hour = 60 * minute;
const now = Date.parse("2026-11-22T10:00:00.000Z");

function dataValid(options: { from: number; to: number }): SslData {
  const certificate = {
    notBefore: new Date(now + options.from).toISOString(),
    notAfter: new Date(now + options.to).toISOString(),
  } as SslCertificate;
  return { reachable: true, certificate } as SslData;
}

describe("sslTtlMs", () => {
  it("keeps unreachable results five minutes", () => {
    const data = { reachable: false, certificate: null } as SslData;
    expect(sslTtlMs({ data, now })).toBe(5 * minute);
  });

  it("keeps a result an hour while expiry is far", () => {
    expect(sslTtlMs({ data: dataValid({ from: -hour, to: 90 * 24 * hour }), now })).toBe(hour);
  });

  it("shortens to a tenth of the remaining validity, not below five minutes", () => {
    expect(sslTtlMs({ data: dataValid({ from: -hour, to: 5 * hour }), now })).toBe(30 * minute);
    expect(sslTtlMs({ data: dataValid({ from: -hour, to: 20 * minute }), now })).toBe(5 * minute);
  });

  it("never outlives the expiry or the start of validity", () => {
    expect(sslTtlMs({ data: dataValid({ from: -hour, to: 2 * minute }), now })).toBe(2 * minute);
    expect(sslTtlMs({ data: dataValid({ from: 10 * minute, to: 90 * 24 * hour }), now })).toBe(
      10 * minute,
    );
  });

  it("keeps an expired result five minutes", () => {
    expect(sslTtlMs({ data: dataValid({ from: -48 * hour, to: -hour }), now })).toBe(5 * minute);
  });
});
