import { mkdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { createEngine, type Report, silentLogger } from "@domain-intel/engine";
import { createNodeHandler } from "@domain-intel/engine/node";
import {
  type CliLab,
  launchChromium,
  type SitePeers,
  startCliLab,
  startSitePeers,
  watchedPage,
} from "@domain-intel/test-kit";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configFromEnv } from "./config-from-env.js";
import { reportPage } from "./report-page-route.js";
import { findingsIn } from "./report-view.js";

const outputDirectory = fileURLToPath(new URL("../test-output/", import.meta.url));
let lab: CliLab;
let site: SitePeers;
let server: Server;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(outputDirectory, { recursive: true });
  // shop.test is a whole site (chain, redirect, two MX hosts); broken.test is in no zone.
  site = await startSitePeers("shop.test");
  lab = await startCliLab([], { zones: site.zones, rdap: { "shop.test": site.rdap } });
  const { engine: fromEnv } = configFromEnv(lab.env);
  // Under a prefix, as a host app would mount it, to prove the page uses relative URLs only.
  const handle = createNodeHandler(
    createEngine({
      ...fromEnv,
      keys: ["view-key"],
      basePath: "/tools/intel",
      logger: silentLogger,
      probes: site.probes,
      routes: [reportPage()],
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
  await lab?.close();
  await site?.close();
});

/**
 * The failing and warning findings on the page carry their fixes as the JSON API gives them: the
 * summary, each change's lines in a block with a copy button that puts exactly those lines on
 * the clipboard, and steps as a list. Returns how many changes it copied (one, or none).
 */
async function expectFixesShown(page: Page, domain: string): Promise<number> {
  const answer = (await (
    await fetch(`${origin}/tools/intel/domain/${domain}`, {
      headers: { authorization: "Bearer view-key" },
    })
  ).json()) as Report;
  const fixed = Object.values(answer.sections)
    .flatMap((section) => findingsIn(section.data))
    .filter((finding) => finding.remediation && ["fail", "warn"].includes(finding.status));
  expect(fixed.length).toBeGreaterThan(0);
  const blocks = page.locator(".finding .fix");
  expect(await blocks.count()).toBe(fixed.length);
  const summaries = await page.$$eval(".fix .fix-summary", (elements) =>
    elements.map((element) => element.textContent),
  );
  expect(summaries.sort()).toEqual(
    fixed.map((finding) => `Fix: ${finding.remediation!.summary}`).sort(),
  );
  const steps = fixed.flatMap((finding) => finding.remediation!.steps ?? []);
  expect(await page.locator(".fix ol.steps li").count()).toBe(steps.length);
  const withChanges = fixed.filter((finding) => finding.remediation!.changes.length > 0);
  const changes = withChanges.flatMap((finding) => finding.remediation!.changes);
  expect(await page.locator(".fix .change").count()).toBe(changes.length);
  const change = changes[0];
  if (!change) return 0;
  const block = page.locator(`.fix .change.${change.kind}`).first();
  const lines = (await block.locator("pre").textContent()) ?? "";
  if (change.kind === "dns-record") expect(lines).toContain(change.zoneLine);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await block.locator("button.copy").click();
  await expect.poll(() => block.locator("button.copy").textContent()).toBe("Copied");
  expect(await page.evaluate("navigator.clipboard.readText()")).toBe(lines);
  return 1;
}

describe("the report page at /view in headless Chromium", () => {
  it("renders a registered and a broken domain from the JSON API, with no console error", async () => {
    const { context, page, problems, requested } = await watchedPage(browser);

    const response = await page.goto(`${origin}/tools/intel/view`);
    let copied = 0;
    expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
    for (const [domain, file] of [
      ["shop.test", "report-page-registered.png"],
      ["broken.test", "report-page-broken.png"],
    ] as const) {
      await page.fill("#domain", domain);
      await page.fill("#key", "view-key");
      await page.click("button[type=submit]");
      await page.waitForSelector(`article.report h1:text-is("${domain}")`, { timeout: 30_000 });
      const marks = await page.$$eval(".band .mark", (elements) =>
        elements.map((element) => element.textContent),
      );
      expect(marks.join(" ")).toMatch(/whois[\s\S]*dns[\s\S]*ssl[\s\S]*http[\s\S]*mail/);
      if (domain === "shop.test") {
        // The facts drawn: the leaf running past the registration's end, the redirect from
        // http to https, the backup MX without STARTTLS.
        expect(await page.locator("svg.timeline rect.outlives").count()).toBeGreaterThan(0);
        expect(await page.textContent("svg.timeline")).toContain("registration ends");
        expect(await page.textContent("#section-http table.redirects")).toMatch(/301.*https:/);
        expect(await page.textContent("#section-mail table.mx")).toMatch(
          /mail\.shop\.test.*TLSv1\.3.*mx2\.shop\.test.*not offered/,
        );
      }
      copied += await expectFixesShown(page, domain);
      await page.screenshot({ path: `${outputDirectory}${file}`, fullPage: true });
    }
    expect(copied).toBeGreaterThan(0);
    // The broken name's failing DNS finding is shown first in its section, with its id.
    expect(await page.textContent("#section-dns .finding.fail")).toContain("dns.zone.exists");
    // Requests that got no answer are no redirect chain: the key facts say why.
    expect(await page.locator("#section-http table.redirects").count()).toBe(0);
    expect(await page.textContent("#section-http dl.facts")).toContain("no_address");
    expect(requested.filter((url) => !url.startsWith(`${origin}/tools/intel/`))).toEqual([]);
    expect(problems).toEqual([]);

    // The key is kept for this tab's session only: no cookie, nothing in localStorage, and a
    // new session starts without it.
    expect(await context.cookies()).toEqual([]);
    expect(await page.evaluate("Object.keys(localStorage)")).toEqual([]);
    await context.close();
    const fresh = await browser.newContext();
    const again = await fresh.newPage();
    await again.goto(`${origin}/tools/intel/view`);
    expect(await again.inputValue("#key")).toBe("");
    await fresh.close();
  }, 90_000);

  it("shows the API's refusal of a wrong key", async () => {
    const page = await browser.newPage();
    await page.goto(`${origin}/tools/intel/view`);
    await page.fill("#domain", "shop.test");
    await page.fill("#key", "wrong-key");
    await page.click("button[type=submit]");
    await page.waitForFunction(
      'document.getElementById("state").textContent.includes("Unauthorized")',
    );
    expect(await page.locator("article.report").count()).toBe(0);
    await page.close();
  }, 60_000);
});
