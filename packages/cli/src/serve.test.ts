import { afterEach, describe, expect, it } from "vitest";
import { type RunningServer, serve } from "./serve.js";

let running: RunningServer | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

describe("domain-intel serve", () => {
  it("generates a key when none is configured, prints it once, and accepts only it", async () => {
    const lines: string[] = [];
    running = await serve({
      env: { PORT: "0", HOST: "127.0.0.1" },
      print: (line) => lines.push(line),
    });
    const printed = lines.join("\n");
    const key = /(di_[0-9A-Za-z]{32})/.exec(printed)?.[1];
    expect(key).toBeDefined();
    expect(printed.split(key!).length - 1).toBe(1);
    expect(printed).toContain("generated");

    const missing = await fetch(`${running.url}/api/v1/dns/example.com`);
    expect(missing.status).toBe(401);
    const wrong = await fetch(`${running.url}/api/v1/dns/127.0.0.1`, {
      headers: { authorization: "Bearer di_wrong" },
    });
    expect(wrong.status).toBe(401);
    const invalid = await fetch(`${running.url}/api/v1/dns/127.0.0.1`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { code: string }).code).toBe("invalid_domain");
    const spec = await fetch(`${running.url}/api/v1/openapi.json`);
    expect(spec.status).toBe(200);
    expect(((await spec.json()) as { openapi: string }).openapi).toBe("3.1.0");
    const outside = await fetch(`${running.url}/elsewhere`);
    expect(outside.status).toBe(404);
    expect(outside.headers.get("content-type")).toContain("application/problem+json");
  });

  it("uses the configured keys and generates none", async () => {
    const lines: string[] = [];
    running = await serve({
      env: { PORT: "0", HOST: "127.0.0.1", DOMAIN_INTEL_KEYS: "configured-key-1" },
      print: (line) => lines.push(line),
    });
    expect(lines.join("\n")).not.toMatch(/di_[0-9A-Za-z]{32}/);
    expect(lines.join("\n")).not.toContain("configured-key-1");
    const response = await fetch(`${running.url}/api/v1/whois/com`, {
      headers: { authorization: "Bearer configured-key-1" },
    });
    expect(response.status).toBe(400);
  });

  it("serves the API reference page by default, from @domain-intel/swagger-ui", async () => {
    running = await serve({
      env: { PORT: "0", HOST: "127.0.0.1", DOMAIN_INTEL_KEYS: "configured-key-1" },
      print: () => undefined,
    });
    const page = await fetch(`${running.url}/api/v1/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await page.text()).toContain('src="docs/swagger-ui-bundle.js"');
    const bundle = await fetch(`${running.url}/api/v1/docs/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
  });

  it("serves the report page at /view, its renderer's modules with it", async () => {
    running = await serve({
      env: { PORT: "0", HOST: "127.0.0.1", DOMAIN_INTEL_KEYS: "configured-key-1" },
      print: () => undefined,
    });
    const page = await fetch(`${running.url}/api/v1/view`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(await page.text()).toContain('src="view/view-page.js"');
    const renderer = await fetch(`${running.url}/api/v1/view/html-report.js`);
    expect(renderer.status).toBe(200);
    expect(await renderer.text()).toContain("export function reportArticles");
    expect((await fetch(`${running.url}/api/v1/view/config-from-env.js`)).status).toBe(404);
  });

  it("serves the fleet page at /fleet and the watch list's summary behind the key", async () => {
    running = await serve({
      env: { PORT: "0", HOST: "127.0.0.1", DOMAIN_INTEL_KEYS: "configured-key-1" },
      print: () => undefined,
    });
    const page = await fetch(`${running.url}/api/v1/fleet`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(await page.text()).toContain('src="fleet/fleet-page.js"');
    const view = await fetch(`${running.url}/api/v1/fleet/fleet-view.js`);
    expect(await view.text()).toContain("export function sortFleetRows");
    expect((await fetch(`${running.url}/api/v1/watch`)).status).toBe(401);
    const summary = await fetch(`${running.url}/api/v1/watch`, {
      headers: { authorization: "Bearer configured-key-1" },
    });
    expect(await summary.json()).toMatchObject({ domains: [], changes: [] });
  });

  it("turns the report and fleet pages off with DOMAIN_INTEL_VIEW=0, every page with DOMAIN_INTEL_DOCS=0 or docs: false", async () => {
    const statuses = async (env: Record<string, string>, engine = {}) => {
      running = await serve({
        env: { PORT: "0", HOST: "127.0.0.1", DOMAIN_INTEL_KEYS: "configured-key-1", ...env },
        engine,
        print: () => undefined,
      });
      const answer = await Promise.all(
        ["/api/v1/docs", "/api/v1/view", "/api/v1/view/html-report.js", "/api/v1/fleet"].map(
          async (path) => (await fetch(`${running!.url}${path}`)).status,
        ),
      );
      await running.close();
      running = undefined;
      return answer;
    };
    expect(await statuses({ DOMAIN_INTEL_VIEW: "0" })).toEqual([200, 404, 404, 404]);
    expect(await statuses({ DOMAIN_INTEL_DOCS: "no" })).toEqual([404, 404, 404, 404]);
    expect(await statuses({}, { docs: false })).toEqual([404, 404, 404, 404]);
    expect(await statuses({ DOMAIN_INTEL_VIEW: "yes" })).toEqual([200, 200, 200, 200]);
  });
});
