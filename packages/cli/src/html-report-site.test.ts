import { createEngine, type Engine, type Report, silentLogger } from "@domain-intel/engine";
import { type CliLab, type SitePeers, startCliLab, startSitePeers } from "@domain-intel/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configFromEnv } from "./config-from-env.js";
import { htmlReport } from "./html-report.js";

let site: SitePeers;
let lab: CliLab;
let engine: Engine;
let page: string;

beforeAll(async () => {
  site = await startSitePeers("shop.test");
  lab = await startCliLab([], { zones: site.zones, rdap: { "shop.test": site.rdap } });
  engine = createEngine({
    ...configFromEnv(lab.env).engine,
    keys: ["page-key"],
    logger: silentLogger,
    probes: site.probes,
  });
  page = htmlReport([(await engine.lookup("shop.test")) as Report]);
}, 60_000);

afterAll(async () => {
  await engine?.close();
  await lab?.close();
  await site?.close();
});

const tableOf = (name: string) =>
  new RegExp(`<table class="${name}">[\\s\\S]*?</table>`).exec(page)?.[0] ?? "";
const row = (...cells: Array<string | RegExp>) =>
  new RegExp(
    `<tr>${cells.map((cell) => `<td>${typeof cell === "string" ? cell.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") : cell.source}</td>`).join("")}`,
  );

describe("the report page of a whole site (loopback web, TLS and SMTP peers)", () => {
  it("lists the mail policy records as TXT rows at their own names, not as a record type", () => {
    const records = tableOf("records");
    expect(records).toMatch(
      row("_dmarc.shop.test", "TXT", "v=DMARC1; p=none; rua=mailto:dmarc@shop.test", "3600"),
    );
    expect(records).toMatch(row("shop.test", "MX", "10 mail.shop.test", "3600"));
    expect(records).not.toContain("mailPolicies");
    expect(records).not.toContain("dmarc=");
  });

  it("draws the chain and the registration on one timeline, the certificate running past it", () => {
    const timeline = /<svg class="timeline"[\s\S]*?<\/svg>/.exec(page)?.[0] ?? "";
    expect(timeline).toContain("certificate shop.test:");
    expect(timeline).toContain("CA Shop Test Intermediate:");
    expect(timeline).toContain("registration of shop.test: 2019-03-02 to");
    expect(timeline).toMatch(/<text class="domain-end"[^>]*>registration ends \d{4}-\d\d-\d\d</);
    // The leaf's last 15 days (and the intermediate's years) lie beyond the registration.
    expect(timeline).toContain("valid 15 days after the registration ends");
  });

  it("shows the redirect chain from http to https, one row a request", () => {
    const redirects = tableOf("redirects");
    expect(redirects).toMatch(
      row("http://", "1", /http:\/\/shop\.test:\d+\//, "301", /https:\/\/shop\.test:\d+\//),
    );
    expect(redirects).toMatch(row("http://", "2", /https:\/\/shop\.test:\d+\//, "200", ""));
    // https:// answered at once: no chain to draw, its key fact says where.
    expect(redirects).not.toContain("<td>https://</td>");
    expect(page).toMatch(/<dt>HTTPS<\/dt><dd>https:\/\/shop\.test:\d+\/ 200<\/dd>/);
    expect(page).not.toContain("<dt>from http</dt>");
  });

  it("shows each MX host with its STARTTLS state, and marks the mail section by its failure", () => {
    const hosts = tableOf("mx");
    expect(hosts).toMatch(row("10", "mail.shop.test", "127.0.0.1", "TLSv1.3"));
    expect(hosts).toMatch(row("20", "mx2.shop.test", "127.0.0.2", "not offered"));
    // No grade of its own: the failing check is the mark, never "ok".
    expect(page).toMatch(/<div class="mark g-bad"><b>fail<\/b>mail</);
  });
});
