import { engineGet, noBuiltInProbes } from "@domain-intel/test-kit";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Probe } from "../contract/probe.js";
import { createEngine } from "../engine.js";
import { silentLogger } from "../logging/logger.js";

const key = "cache-headers-key-0123456789";
const ttlMs = 60_000;

function engine() {
  const probe: Probe = { run: (domain) => ({ domain }), ttlMs: () => ttlMs };
  return createEngine({
    keys: [key],
    probes: { ...noBuiltInProbes, echo: probe },
    rateLimit: false,
    caching: { staleGraceMs: 600_000 },
    logger: silentLogger,
  });
}

/** What an HTTP cache in front of the API concludes: seconds of freshness left (RFC 9111 4.2). */
function freshnessLeft(headers: Readonly<Record<string, string>>): number {
  const maxAge = Number(/max-age=(\d+)/.exec(headers["cache-control"] ?? "")?.[1]);
  return maxAge - Number(headers.age);
}

afterEach(() => {
  vi.useRealTimers();
});

describe("Cache-Control and Age", () => {
  it.each(["/api/v1/echo/example.com", "/api/v1/domain/example.com"])(
    "agree with expiresAt for fresh and stale answers of %s",
    async (path) => {
      vi.useFakeTimers({ toFake: ["Date"] });
      const start = new Date("2026-11-24T10:00:00.250Z").getTime();
      vi.setSystemTime(start);
      const api = engine();
      const first = await engineGet(api, path, key);
      expect(first.status).toBe(200);
      // max-age is the whole lifetime, not what is left of it.
      expect(first.headers["cache-control"]).toBe(
        "private, max-age=60, stale-while-revalidate=600",
      );
      for (const elapsedMs of [0, 999, 1_000, 30_400, 59_999, 61_000, 62_000, 200_000]) {
        vi.setSystemTime(start + elapsedMs);
        const answer = await engineGet(api, path, key);
        expect(answer.status, `${elapsedMs} ms`).toBe(200);
        const envelope = path.includes("/domain/") ? answer.body.sections.echo : answer.body;
        const left = (Date.parse(envelope.expiresAt) - Date.now()) / 1000;
        expect(Math.abs(freshnessLeft(answer.headers) - left), `${elapsedMs} ms`).toBeLessThan(1);
        const age = Math.floor((Date.now() - Date.parse(envelope.fetchedAt)) / 1000);
        expect(answer.headers.age).toBe(String(age));
        if (elapsedMs === 61_000) {
          expect(answer.body.cache ?? answer.body.sections.echo.cache).toBe("stale");
          expect(freshnessLeft(answer.headers)).toBeLessThan(0);
        }
      }
    },
  );

  it("tells caches not to reuse a failure without asking", async () => {
    const failing: Probe = {
      run: () => {
        throw new Error("boom");
      },
    };
    const api = createEngine({
      keys: [key],
      probes: { ...noBuiltInProbes, echo: failing },
      rateLimit: false,
      logger: silentLogger,
    });
    const report = await engineGet(api, "/api/v1/domain/example.com", key);
    expect(report.status).toBe(200);
    expect(report.headers["cache-control"]).toBe("private, no-cache");
  });
});
