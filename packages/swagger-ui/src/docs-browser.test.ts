import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createEngine, silentLogger } from "@domain-intel/engine";
import { createNodeHandler } from "@domain-intel/engine/node";
import { launchChromium } from "@domain-intel/test-kit";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { swaggerUi } from "./index.js";

let server: Server;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  // Mounted under a prefix, as a host app would, to prove the page only uses relative URLs.
  const handle = createNodeHandler(
    createEngine({
      keys: ["browser-key"],
      basePath: "/tools/intel",
      logger: silentLogger,
      routes: [swaggerUi()],
    }),
  );
  server = createServer((request, response) => handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  server?.close();
});

describe("the API reference page in headless Chromium", () => {
  it("renders the four operations from openapi.json under a strict CSP", async () => {
    const page = await browser.newPage();
    const requested: string[] = [];
    const violations: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    page.on("pageerror", (error) => violations.push(`page error: ${error.message}`));

    const response = await page.goto(`${origin}/tools/intel/docs`, { timeout: 60_000 });
    expect(response?.status()).toBe(200);
    await page.waitForSelector(".opblock-summary-path", { timeout: 60_000 });
    const paths = await page.$$eval(".opblock-get .opblock-summary-path", (elements) =>
      elements.map((element) => element.getAttribute("data-path")),
    );
    for (const path of ["/domain/{domain}", "/whois/{domain}", "/dns/{domain}", "/ssl/{domain}"]) {
      expect(paths).toContain(path);
    }
    expect(await page.textContent(".info .title")).toContain("domain-intel");

    // Everything came from this server, under the engine's base path: no CDN, no validator badge.
    expect(requested).toContain(`${origin}/tools/intel/openapi.json`);
    expect(requested).toContain(`${origin}/tools/intel/docs/swagger-ui-bundle.js`);
    expect(requested.filter((url) => !url.startsWith(`${origin}/tools/intel/`))).toEqual([]);
    expect(violations).toEqual([]);
    await page.close();
  }, 90_000);
});
