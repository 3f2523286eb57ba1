import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { countingProbe, parsePrometheusText } from "@domain-intel/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { type RunningServer, serve } from "./serve.js";

const key = "observability-key-1";
let running: RunningServer | undefined;
let folder: string | undefined;
/** Stops the server, which writes out the log lines still buffered. */
async function stop() {
  await running?.close();
  running = undefined;
}
afterEach(async () => {
  await stop();
  if (folder) await rm(folder, { recursive: true, force: true });
  folder = undefined;
});

async function start(env: Record<string, string>) {
  const lines: string[] = [];
  running = await serve({
    env: { PORT: "0", HOST: "127.0.0.1", DOMAIN_INTEL_KEYS: key, ...env },
    print: (line) => lines.push(line),
    engine: {
      probes: { whois: false, dns: false, ssl: false, echo: countingProbe().probe },
      logger: { warn: () => undefined, error: () => undefined },
    },
  });
  return { url: running.url, lines };
}

const get = (url: string, withKey = true) =>
  fetch(url, withKey ? { headers: { authorization: `Bearer ${key}` } } : {});

describe("serve: metrics and request logs", () => {
  it("answers GET /metrics in Prometheus text, outside the base path and without a key", async () => {
    const { url, lines } = await start({ DOMAIN_INTEL_METRICS: "1" });
    expect(lines.join("\n")).toContain("Observability: DOMAIN_INTEL_METRICS=yes");
    expect((await get(`${url}/api/v1/echo/shop.test`)).status).toBe(200);
    expect((await get(`${url}/api/v1/echo/shop.test`)).status).toBe(200);
    expect((await get(`${url}/api/v1/echo/shop.test`, false)).status).toBe(401);

    const scraped = await fetch(`${url}/metrics`);
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const metrics = parsePrometheusText(await scraped.text());
    expect(metrics.types).toMatchObject({
      domain_intel_http_requests_total: "counter",
      domain_intel_http_request_duration_seconds: "histogram",
      domain_intel_probe_duration_seconds: "histogram",
      domain_intel_cache_lookups_total: "counter",
      process_cpu_seconds_total: "counter",
    });
    const requests = (status: string) =>
      metrics.value("domain_intel_http_requests_total", { route: "/echo/{domain}", status });
    expect(requests("200")).toBe(2);
    expect(requests("401")).toBe(1);
    expect(
      metrics.value("domain_intel_http_request_duration_seconds_count", {
        route: "/echo/{domain}",
      }),
    ).toBe(3);
    expect(
      metrics.value("domain_intel_probe_duration_seconds_count", {
        section: "echo",
        outcome: "ok",
      }),
    ).toBe(1);
    for (const result of ["hit", "miss"]) {
      expect(metrics.value("domain_intel_cache_lookups_total", { section: "echo", result })).toBe(
        1,
      );
    }
    // No raw path, hence no domain, in any label.
    expect(metrics.samples.some((sample) => JSON.stringify(sample.labels).includes("shop"))).toBe(
      false,
    );
    expect((await fetch(`${url}/metrics`, { method: "POST" })).status).toBe(405);
  });

  it("has no /metrics unless DOMAIN_INTEL_METRICS is on", async () => {
    const { url, lines } = await start({});
    expect(lines.join("\n")).not.toContain("Observability");
    expect((await fetch(`${url}/metrics`)).status).toBe(404);
  });

  it("logs one JSON line a request with the route template and the key's id, never the key", async () => {
    folder = await mkdtemp(join(tmpdir(), "di-log-"));
    const file = join(folder, "requests.log");
    const { url } = await start({ DOMAIN_INTEL_LOG_REQUESTS: "yes", DOMAIN_INTEL_LOG_FILE: file });
    expect((await get(`${url}/api/v1/echo/shop.test`)).status).toBe(200);
    expect((await get(`${url}/api/v1/echo/shop.test`)).status).toBe(200);
    expect((await get(`${url}/api/v1/nothing/shop.test`)).status).toBe(404);
    await stop();
    const text = await readFile(file, "utf8");
    expect(text).not.toContain(key);
    expect(text).not.toContain("shop.test");
    const lines = text
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines).toMatchObject([
      {
        level: 30,
        msg: "request",
        method: "GET",
        route: "/echo/{domain}",
        status: 200,
        cache: "miss",
        keyId: expect.any(String),
      },
      { route: "/echo/{domain}", status: 200, cache: "hit" },
      { route: "unmatched", status: 404 },
    ]);
    for (const line of lines) {
      expect(Math.abs(line.time - Date.now())).toBeLessThan(60_000);
      expect(line.durationMs).toBeGreaterThanOrEqual(0);
    }
  });

  it("logs the domain only when asked, at the level asked", async () => {
    folder = await mkdtemp(join(tmpdir(), "di-log-"));
    const file = join(folder, "requests.log");
    const { url } = await start({
      DOMAIN_INTEL_LOG_REQUESTS: "1",
      DOMAIN_INTEL_LOG_FILE: file,
      DOMAIN_INTEL_LOG_DOMAINS: "1",
      DOMAIN_INTEL_LOG_LEVEL: "error",
    });
    await get(`${url}/api/v1/echo/shop.test`);
    await stop();
    // An answered request is info: below the level asked, so nothing is written.
    expect(await readFile(file, "utf8").catch(() => "")).toBe("");
    const { url: second } = await start({
      DOMAIN_INTEL_LOG_REQUESTS: "1",
      DOMAIN_INTEL_LOG_FILE: file,
      DOMAIN_INTEL_LOG_DOMAINS: "1",
    });
    await get(`${second}/api/v1/echo/Shop.Test`);
    await stop();
    expect(JSON.parse(await readFile(file, "utf8"))).toMatchObject({ domain: "shop.test" });
  });

  it("refuses a log level it does not know, naming the variable", async () => {
    await expect(
      start({ DOMAIN_INTEL_LOG_REQUESTS: "1", DOMAIN_INTEL_LOG_LEVEL: "loud" }),
    ).rejects.toThrow(/^DOMAIN_INTEL_LOG_LEVEL: "loud" must be one of/);
    await expect(start({ DOMAIN_INTEL_METRICS: "sure" })).rejects.toThrow(/^DOMAIN_INTEL_METRICS/);
  });
});
