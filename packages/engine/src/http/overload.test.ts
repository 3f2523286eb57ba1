import http from "node:http";
import type { AddressInfo } from "node:net";
import {
  engineGet,
  noBuiltInProbes,
  openApiResponseValidator,
  until,
} from "@domain-intel/test-kit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Probe } from "../contract/probe.js";
import { createEngine } from "../engine.js";
import type { EngineOptions } from "../engine-options.js";
import { silentLogger } from "../logging/logger.js";

/**
 * The engine's bounds on cold work: at most `network.maxConcurrency` outbound operations at
 * once (the rest queue), at most `network.maxPendingProbes` probe runs in progress; beyond
 * that a request needing a new run answers 503 `overloaded` with Retry-After at once, while
 * cache hits, stale answers and requests joining a run in progress are still served.
 *
 * The probe is a custom section (a public feature) that asks a real upstream on loopback,
 * under the engine's concurrency limit; the upstream holds every request until released.
 */

const key = "overload-key-0123456789";

interface HeldUpstream {
  readonly url: string;
  /** Requests being held right now, and the most ever held at once. */
  readonly held: () => number;
  readonly peak: () => number;
  readonly paths: string[];
  /** Answers every held request (and, while `open`, every later one at once). */
  release(): void;
  open: boolean;
  close(): Promise<void>;
}

async function startHeldUpstream(): Promise<HeldUpstream> {
  const waiting = new Set<() => void>();
  let peak = 0;
  const paths: string[] = [];
  const server = http.createServer((request, response) => {
    paths.push(request.url ?? "/");
    const answer = () => {
      waiting.delete(answer);
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ path: request.url }));
    };
    if (upstream.open) return answer();
    waiting.add(answer);
    peak = Math.max(peak, waiting.size);
    response.on("close", () => waiting.delete(answer));
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const upstream: HeldUpstream = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    held: () => waiting.size,
    peak: () => peak,
    paths,
    open: false,
    release: () => {
      for (const answer of [...waiting]) answer();
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return upstream;
}

/** GET `url` with node:http (no pooled sockets), honouring the probe's signal. */
function fetchText(url: string, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, signal }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        text += chunk;
      });
      response.on("end", () => resolve(text));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

// A fresh upstream per test: nothing one test holds shows in the next one's counts.
let upstream: HeldUpstream;
beforeEach(async () => {
  upstream = await startHeldUpstream();
});
afterEach(async () => {
  upstream.release();
  await upstream.close();
});

/** A section whose probe asks the upstream once per run, under the engine's limit. */
function upstreamSection(ttlMs = 60_000) {
  const runs: string[] = [];
  const probe: Probe<{ answer: string }> = {
    async run(domain, context) {
      runs.push(domain);
      const answer = await context.limit(() =>
        fetchText(`${upstream.url}/${domain}`, context.signal),
      );
      return { answer };
    },
    ttlMs: () => ttlMs,
  };
  return { probe, runs };
}

function engineWith(
  probe: Probe<unknown>,
  network: EngineOptions["network"] = {},
  caching: EngineOptions["caching"] = {},
) {
  return createEngine({
    keys: [key],
    probes: { ...noBuiltInProbes, up: probe },
    network: { allowPrivateAddresses: true, timeoutMs: 5000, ...network },
    caching,
    rateLimit: false,
    logger: silentLogger,
  });
}

describe("concurrency bounds", () => {
  it("queues runs behind maxConcurrency, then answers 503 overloaded with Retry-After", async () => {
    const { probe, runs } = upstreamSection();
    const engine = engineWith(probe, { maxConcurrency: 2, maxPendingProbes: 4 });
    const validate = openApiResponseValidator(engine.openApiDocument);
    upstream.open = true;
    expect((await engineGet(engine, "/api/v1/up/cached.test", key)).status).toBe(200);
    upstream.open = false;

    // Four cold runs: two reach the upstream, two wait for an outbound slot.
    const cold = ["a", "b", "c", "d"].map((name) =>
      engineGet(engine, `/api/v1/up/${name}.test`, key),
    );
    await until(() => upstream.held() === 2 && runs.length === 5, "two held requests");

    const refused = await engineGet(engine, "/api/v1/up/e.test", key);
    expect(refused.status).toBe(503);
    expect(refused.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
    expect(refused.body).toMatchObject({
      type: "https://domain-intel.dev/problems/overloaded",
      title: "Overloaded",
      status: 503,
      code: "overloaded",
    });
    expect(refused.body.detail).toMatch(/^Too many lookups are in progress; retry in \d+ s\./);
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(Number.isInteger(retryAfter)).toBe(true);
    // Within the time budget of the oldest run in progress (5 s).
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(5);
    expect(refused.headers["cache-control"]).toBe("no-store");
    expect(validate("/up/{domain}", 503, refused.body)).toEqual([]);
    // Refused at once, without waiting for anything.
    expect(refused.elapsedMs).toBeLessThan(1000);

    // A full report needing new runs is refused the same way.
    const report = await engineGet(engine, "/api/v1/domain/f.test", key);
    expect(report.status).toBe(503);
    expect(report.body.code).toBe("overloaded");
    expect(validate("/domain/{domain}", 503, report.body)).toEqual([]);

    // Cache hits are served while the queue is full, and a request for a run in progress joins it.
    const hit = await engineGet(engine, "/api/v1/up/cached.test", key);
    expect(hit.status).toBe(200);
    expect(hit.body.cache).toBe("hit");
    const joined = engineGet(engine, "/api/v1/up/a.test", key);

    upstream.open = true;
    upstream.release();
    const answers = await Promise.all([...cold, joined]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    // Never more than maxConcurrency requests upstream; e and f never ran while full.
    expect(upstream.peak()).toBe(2);
    expect(runs).toEqual(["cached.test", "a.test", "b.test", "c.test", "d.test"]);

    // Once the queue drained, the refused name is served.
    expect((await engineGet(engine, "/api/v1/up/e.test", key)).status).toBe(200);
  });

  it("serves a stale answer while full, without queueing its refresh", async () => {
    const { probe, runs } = upstreamSection(100);
    const engine = engineWith(probe, { maxConcurrency: 1, maxPendingProbes: 1 });
    upstream.open = true;
    expect((await engineGet(engine, "/api/v1/up/stale.test", key)).status).toBe(200);
    upstream.open = false;
    const blocking = engineGet(engine, "/api/v1/up/blocker.test", key);
    await until(() => upstream.held() === 1, "the blocking run");
    await new Promise((resolve) => setTimeout(resolve, 150));

    const stale = await engineGet(engine, "/api/v1/up/stale.test", key);

    expect(stale.status).toBe(200);
    expect(stale.body.cache).toBe("stale");
    expect(runs).toEqual(["stale.test", "blocker.test"]);
    upstream.release();
    expect((await blocking).status).toBe(200);
    // With room again, the next stale answer starts its refresh.
    upstream.open = true;
    expect((await engineGet(engine, "/api/v1/up/stale.test", key)).body.cache).toBe("stale");
    await until(() => runs.length === 3, "the background refresh");
  });

  it("admits at most maxPendingProbes of a burst of distinct cold names and refuses the rest", async () => {
    const { probe, runs } = upstreamSection();
    const engine = engineWith(probe, { maxConcurrency: 8, maxPendingProbes: 50 });

    const burst = Array.from({ length: 2000 }, (_, index) =>
      engineGet(engine, `/api/v1/up/burst-${index}.test`, key),
    );
    await until(() => upstream.held() === 8, "eight held requests");
    // Every request was decided: admitted ones wait, the others already have their 503.
    const settled = await Promise.race([
      Promise.all(burst.slice(50)).then((answers) => answers.map((answer) => answer.status)),
      new Promise<"pending">((resolve) => setTimeout(() => resolve("pending"), 2000)),
    ]);
    expect(settled).not.toBe("pending");
    expect(new Set(settled as number[])).toEqual(new Set([503]));
    expect(runs).toHaveLength(50);

    upstream.open = true;
    upstream.release();
    const admitted = await Promise.all(burst.slice(0, 50));
    expect(admitted.every((answer) => answer.status === 200)).toBe(true);
    expect(upstream.paths).toHaveLength(50);
  });

  it("counts a probe that ignores its budget until it really ends", async () => {
    const runs: string[] = [];
    // Asks the upstream without the run's signal: the engine's budget cannot stop it.
    const stubborn: Probe<{ answer: string }> = {
      async run(domain, context) {
        runs.push(domain);
        const answer = await context.limit(() =>
          fetchText(`${upstream.url}/${domain}`, new AbortController().signal),
        );
        return { answer };
      },
    };
    const engine = engineWith(stubborn, { maxPendingProbes: 2, timeoutMs: 200 });

    const late = await Promise.all(
      ["a", "b"].map((name) => engineGet(engine, `/api/v1/up/${name}.test`, key)),
    );
    // The engine stopped waiting at the budget...
    expect(late.map((answer) => answer.status)).toEqual([504, 504]);
    expect(upstream.held()).toBe(2);
    // ...but the two probes still run, so there is no room for a third.
    const refused = await engineGet(engine, "/api/v1/up/c.test", key);
    expect(refused.status).toBe(503);
    expect(refused.headers["retry-after"]).toBe("1");
    expect(runs).toEqual(["a.test", "b.test"]);

    upstream.open = true;
    upstream.release();
    await until(() => upstream.held() === 0, "the stubborn probes to end");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await engineGet(engine, "/api/v1/up/c.test", key)).status).toBe(200);
  });

  it("rejects a bad maxPendingProbes, naming it", () => {
    for (const value of [0, -1, 1.5, 2_000_000, "10", Number.NaN]) {
      expect(() =>
        createEngine({ keys: [key], network: { maxPendingProbes: value as number } }),
      ).toThrow(
        new TypeError(
          "createEngine: options.network.maxPendingProbes must be an integer from 1 to 1000000",
        ),
      );
    }
    expect(() => createEngine({ keys: [key], network: { maxPendingProbes: 1 } })).not.toThrow();
  });
});
