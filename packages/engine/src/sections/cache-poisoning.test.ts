import { engineGet, noBuiltInProbes } from "@domain-intel/test-kit";
import { describe, expect, it } from "vitest";
import { type Probe, ProbeError } from "../contract/probe.js";
import { createEngine } from "../engine.js";
import { silentLogger } from "../logging/logger.js";

/**
 * What one client can do to the answers every other client gets: nothing in a request but the
 * section and the normalised name chooses a cache entry, and a refresh that fails (however it
 * was provoked) answers its caller without replacing a good answer for everyone else.
 */

const key = "cache-poisoning-key-0123456789";

/** A section whose upstream can be switched between answering and failing. */
function switchableEngine(ttlMs = 60_000) {
  const state = { failing: false, runs: [] as string[] };
  const probe: Probe<{ name: string; run: number }> = {
    run: (domain) => {
      state.runs.push(domain);
      if (state.failing) throw new ProbeError("upstream_error", "every upstream refused");
      return { name: domain, run: state.runs.length };
    },
    ttlMs: () => ttlMs,
  };
  const engine = createEngine({
    keys: [key],
    probes: { ...noBuiltInProbes, echo: probe },
    rateLimit: false,
    logger: silentLogger,
  });
  return { engine, state };
}

describe("cache poisoning", () => {
  it("answers a failed refresh=true to its caller only; everyone else keeps the good answer", async () => {
    const { engine, state } = switchableEngine();
    const good = await engineGet(engine, "/api/v1/echo/example.com", key);
    expect(good.status).toBe(200);

    state.failing = true;
    const refused = await engineGet(engine, "/api/v1/echo/example.com?refresh=true", key);
    expect(refused.status).toBe(502);
    expect(refused.body.code).toBe("upstream_error");

    const after = await engineGet(engine, "/api/v1/echo/example.com", key);
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ cache: "hit", data: { run: 1 } });
    const report = await engineGet(engine, "/api/v1/domain/example.com", key);
    expect(report.body.sections.echo).toMatchObject({ status: "ok", data: { run: 1 } });
    expect(state.runs).toHaveLength(2);

    // A refresh that works replaces the entry for everyone.
    state.failing = false;
    expect((await engineGet(engine, "/api/v1/echo/example.com?refresh=true", key)).status).toBe(
      200,
    );
    expect((await engineGet(engine, "/api/v1/echo/example.com", key)).body.data.run).toBe(3);
  });

  it("keeps a stale good answer through a failed refresh=true", async () => {
    const { engine, state } = switchableEngine(50);
    expect((await engineGet(engine, "/api/v1/echo/example.com", key)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 80));

    state.failing = true;
    expect((await engineGet(engine, "/api/v1/echo/example.com?refresh=true", key)).status).toBe(
      502,
    );

    const after = await engineGet(engine, "/api/v1/echo/example.com", key);
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ cache: "stale", data: { run: 1 } });
  });

  it("still remembers a failure briefly when there was no good answer to keep", async () => {
    const { engine, state } = switchableEngine();
    state.failing = true;
    expect((await engineGet(engine, "/api/v1/echo/example.com?refresh=true", key)).status).toBe(
      502,
    );
    expect((await engineGet(engine, "/api/v1/echo/example.com", key)).status).toBe(502);
    // The failure was cached (error TTL): the upstream was asked once.
    expect(state.runs).toHaveLength(1);
  });

  it("chooses the entry by section and normalised name only, whatever else the request says", async () => {
    const { engine, state } = switchableEngine();
    const spellings = [
      "example.com",
      "EXAMPLE.com",
      "Example.Com.",
      "example.com.",
      "%65xample.com",
      "example.com?a=1",
      "example.com?refresh=false",
      "example.com?refresh=TRUE",
    ];
    const bodies = new Set<string>();
    for (const spelling of spellings) {
      const response = await engine.handle({
        method: "GET",
        url: `/api/v1/echo/${spelling}`,
        headers: {
          authorization: `Bearer ${key}`,
          host: "evil.test",
          "x-forwarded-host": "evil.test",
          "accept-language": "de",
          cookie: "session=1",
        },
      });
      expect(response.status, spelling).toBe(200);
      const body = JSON.parse(Buffer.from(response.body).toString());
      expect(body.domain).toBe("example.com");
      bodies.add(JSON.stringify(body.data));
    }
    expect(state.runs).toEqual(["example.com"]);
    expect([...bodies]).toEqual([JSON.stringify({ name: "example.com", run: 1 })]);
    // An IDN and its punycode spelling share one entry too.
    await engineGet(engine, "/api/v1/echo/b%C3%BCcher.de", key);
    await engineGet(engine, "/api/v1/echo/xn--bcher-kva.de", key);
    expect(state.runs).toEqual(["example.com", "xn--bcher-kva.de"]);
  });
});
