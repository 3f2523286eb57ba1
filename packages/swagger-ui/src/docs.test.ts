import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { createEngine, type Engine, type EngineOptions, silentLogger } from "@domain-intel/engine";
import { createNodeHandler } from "@domain-intel/engine/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { swaggerUi } from "./index.js";

const options: EngineOptions = { keys: ["docs-test-key"], logger: silentLogger };
const swaggerFile = (name: string) =>
  readFileSync(createRequire(import.meta.url).resolve(`swagger-ui-dist/${name}`));

async function listen(engine: Engine): Promise<{ server: Server; url: string }> {
  const server = createServer(createNodeHandler(engine));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let on: { server: Server; url: string };
let off: { server: Server; url: string };

beforeAll(async () => {
  on = await listen(createEngine({ ...options, routes: [swaggerUi()] }));
  off = await listen(createEngine({ ...options, docs: false }));
});

afterAll(() => {
  on?.server.close();
  off?.server.close();
});

describe("GET {basePath}/docs", () => {
  it("serves the page without a key, with a strict CSP and no inline code", async () => {
    const response = await fetch(`${on.url}/api/v1/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toContain("unsafe-eval");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const html = await response.text();
    // Every script is a file and every URL is relative, so the page works under any mount.
    expect(html.match(/<script\b[^>]*>/g)).toEqual([
      '<script src="docs/swagger-ui-bundle.js">',
      '<script src="docs/init.js">',
    ]);
    expect(html).not.toMatch(/(?:src|href)="(?:\/|https?:)/);
    expect(html).not.toContain("style=");
  });

  it("serves Swagger UI's files byte for byte from swagger-ui-dist", async () => {
    for (const [asset, type] of [
      ["swagger-ui-bundle.js", "text/javascript; charset=utf-8"],
      ["swagger-ui.css", "text/css; charset=utf-8"],
    ] as const) {
      const response = await fetch(`${on.url}/api/v1/docs/${asset}`);
      expect(response.status, asset).toBe(200);
      expect(response.headers.get("content-type")).toBe(type);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.equals(swaggerFile(asset)), asset).toBe(true);
      expect(response.headers.get("content-length")).toBe(String(bytes.byteLength));
    }
    const init = await fetch(`${on.url}/api/v1/docs/init.js`);
    expect(init.status).toBe(200);
    expect(await init.text()).toContain("SwaggerUIBundle(");
  });

  it("answers HEAD with the GET headers, other methods with 405, unknown assets with 404", async () => {
    const head = await fetch(`${on.url}/api/v1/docs/swagger-ui.css`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(
      String(swaggerFile("swagger-ui.css").byteLength),
    );
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const post = await fetch(`${on.url}/api/v1/docs`, { method: "POST", body: "x" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
    for (const path of ["docs/index.html", "docs/", "docs/swagger-ui-bundle.js.map", "docs/a/b"]) {
      const missing = await fetch(`${on.url}/api/v1/${path}`);
      expect(missing.status, path).toBe(404);
      expect(missing.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
      expect(((await missing.json()) as { code: string }).code).toBe("not_found");
    }
  });

  it("is not served without swaggerUi() (docs: false still accepted), leaving openapi.json alone", async () => {
    for (const path of ["docs", "docs/swagger-ui-bundle.js", "docs/init.js"]) {
      const response = await fetch(`${off.url}/api/v1/${path}`);
      expect(response.status, path).toBe(404);
      expect(((await response.json()) as { code: string }).code).toBe("not_found");
    }
    expect((await fetch(`${off.url}/api/v1/openapi.json`)).status).toBe(200);
  });

  it("rejects a docs option that is not a boolean", () => {
    expect(() => createEngine({ ...options, docs: "no" as never })).toThrow(TypeError);
    expect(() => createEngine({ ...options, docs: "no" as never })).toThrow("options.docs");
  });

  it("says where the old docs option went", () => {
    const old = () => createEngine({ ...options, docs: true as never });
    expect(old).toThrow(TypeError);
    expect(old).toThrow(
      "options.docs has moved: add routes: [swaggerUi()] from @domain-intel/swagger-ui",
    );
  });

  it("is one route an engine can serve once: a second one on /docs is refused", () => {
    const twice = () => createEngine({ ...options, routes: [swaggerUi(), swaggerUi()] });
    expect(twice).toThrow(TypeError);
    expect(twice).toThrow('options.routes[1].path "/docs" overlaps options.routes[0].path');
  });
});
