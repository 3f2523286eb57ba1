import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { bin, type CliLab, runCli, startCliLab } from "@domain-intel/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configFromEnv } from "./config-from-env.js";

let lab: CliLab;
let env: NodeJS.ProcessEnv;
let directory: string;

beforeAll(async () => {
  lab = await startCliLab(["shop.test", "blog.test"]);
  env = lab.env;
  directory = lab.directory;
});
afterAll(() => lab?.close());

describe("domain-intel report", () => {
  it("prints a readable summary of every section and exits 1 for a failing finding", async () => {
    const { code, stdout, stderr } = await runCli(["report", "shop.test"], env);
    expect(stderr).toBe("");
    const lines = stdout.split("\n");
    expect(lines[0]).toBe("shop.test");
    for (const section of ["whois", "dns", "ssl"]) {
      expect(stdout).toMatch(new RegExp(`^  ${section} `, "m"));
    }
    // Nothing listens on 127.0.0.1:443: a failing finding, its message and id.
    expect(stdout).toMatch(/^ {4}FAIL .+\(ssl\.[a-z.-]+\)$/m);
    expect(stdout).toMatch(/registrar: Example Registrar, Inc\./);
    expect(stdout).toMatch(/MX hosts: mail\.shop\.test \(10\)/);
    expect(stdout).not.toContain("\u001b[");
    expect(lines.at(-2)).toMatch(/^\d+ fail, \d+ warn, \d+ pass, \d+ info, \d+ skipped$/);
    expect(code).toBe(1);
  });

  it("--fail-on never exits 0; --verbose lists passing checks; colour only when asked", async () => {
    const quiet = await runCli(["report", "shop.test", "-s", "whois", "--fail-on", "never"], env);
    expect(quiet.code).toBe(0);
    expect(quiet.stdout).not.toMatch(/PASS/);
    const verbose = await runCli(["report", "shop.test", "-s", "whois", "--verbose"], env);
    expect(verbose.stdout).toMatch(/^ {4}PASS .+\(whois\.domain\.not-registered\)$/m);
    const coloured = await runCli(["report", "shop.test", "-s", "whois"], {
      ...env,
      FORCE_COLOR: "1",
    });
    expect(coloured.stdout).toContain("\u001b[1mshop.test\u001b[22m");
    const noColour = await runCli(["report", "shop.test", "-s", "whois"], {
      ...env,
      FORCE_COLOR: "1",
      NO_COLOR: "1",
    });
    expect(noColour.stdout).not.toContain("\u001b[");
  });

  it("--json prints the API's JSON, one document a domain, for every domain given", async () => {
    const one = await runCli(["report", "shop.test", "--json", "--section", "dns"], env);
    expect(JSON.parse(one.stdout)).toMatchObject({
      domain: "shop.test",
      section: "dns",
      status: "ok",
    });
    const two = await runCli(
      ["report", "shop.test", "blog.test", "--format", "json", "-s", "dns"],
      env,
    );
    expect(JSON.parse(two.stdout).map((answer: { domain: string }) => answer.domain)).toEqual([
      "shop.test",
      "blog.test",
    ]);
    const text = await runCli(["report", "shop.test", "blog.test", "-s", "dns"], env);
    expect(text.stdout).toMatch(/^shop\.test$[\s\S]+^blog\.test$/m);
  });

  it("--format html writes a self-contained page to --output", async () => {
    const file = join(directory, "shop.html");
    const { code, stdout } = await runCli(
      ["report", "shop.test", "--format", "html", "--output", file],
      env,
    );
    expect(stdout).toBe("");
    expect(code).toBe(1);
    const page = readFileSync(file, "utf8");
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).toContain("<h1>shop.test</h1>");
    expect(page).toContain('id="section-ssl"');
    expect(page).toContain("Validity timeline");
    // No external asset: no src/href attribute, no url() in the style.
    expect(page).not.toMatch(/\s(src|href)=|url\(|@import/);
  });

  it("exits 3 when a section could not be probed", async () => {
    // A resolver port nothing listens on: the dns section cannot run at all.
    const { code, stdout } = await runCli(["report", "shop.test", "-s", "dns"], {
      ...env,
      DOMAIN_INTEL_RESOLVERS: "127.0.0.1:9",
    });
    expect(stdout).toMatch(/dns +could not be probed/);
    expect(code).toBe(3);
  });

  it("exits 2 for bad usage, with the reason", async () => {
    const calls = [
      ["report"],
      ["report", "shop.test", "--format", "pdf"],
      ["report", "shop.test", "--fail-on", "sometimes"],
      ["report", "shop.test", "--bogus"],
      ["report", "127.0.0.1"],
      ["frobnicate"],
    ];
    const results = await Promise.all(calls.map((args) => runCli(args, env)));
    results.forEach(({ code, stderr }, index) => {
      expect({ args: calls[index], code }).toEqual({ args: calls[index], code: 2 });
      expect(stderr).toMatch(/^domain-intel: /);
    });
  });

  it("--ns and --ds run the dns section's undelegated test, refusing malformed values", async () => {
    const bad = await Promise.all(
      [
        ["report", "shop.test", "--ns", "ns1.shop.test/300.0.0.1"],
        ["report", "shop.test", "--ds", "1,13,2"],
        ["report", "shop.test", "--ns", "ns1.shop.test", "--section", "ssl"],
      ].map((args) => runCli(args, env)),
    );
    expect(bad.map(({ code, stderr }) => [code, stderr.trim()])).toEqual([
      [
        2,
        expect.stringMatching(/^domain-intel: ns: "ns1\.shop\.test\/300\.0\.0\.1" has no valid IP/),
      ],
      [
        2,
        expect.stringMatching(
          /^domain-intel: ds: "1,13,2" is not "keytag,algorithm,digesttype,digest"/,
        ),
      ],
      [2, expect.stringMatching(/^domain-intel: --ns and --ds are options of the dns section/)],
    ]);
    // A documentation address is no public one: the section refuses to ask it, and says so.
    const refused = await runCli(
      ["report", "shop.test", "--ns", "ns1.shop.test/192.0.2.1", "--json"],
      { ...env, DOMAIN_INTEL_ALLOW_PRIVATE: "no" },
    );
    expect(JSON.parse(refused.stdout)).toMatchObject({
      section: "dns",
      status: "error",
      error: { message: expect.stringMatching(/address policy does not allow: 192\.0\.2\.1/) },
    });
  }, 60_000);

  it("--version, and each command's own --help", async () => {
    const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
    expect((await runCli(["--version"], env)).stdout).toBe(`domain-intel ${manifest.version}\n`);
    const serveHelp = await runCli(["serve", "--help"], env);
    expect(serveHelp.code).toBe(0);
    // Every variable whose value serve's start-up line shows, each on a line of its own.
    for (const name of Object.keys(configFromEnv({}).effective)) {
      expect(serveHelp.stdout).toMatch(new RegExp(`^  ${name} `, "m"));
    }
    expect((await runCli(["report", "--help"], env)).stdout).toMatch(/^Usage: domain-intel report/);
    expect((await runCli(["audit", "--help"], env)).stdout).toMatch(/^Usage: domain-intel audit/);
  });

  it("ends quietly when its reader stops early (| head)", async () => {
    const child = spawn(
      process.execPath,
      // Spellings of two names, each reported: several hundred KB of JSON.
      [
        bin,
        "report",
        "--json",
        "--fail-on",
        "never",
        "shop.test",
        "blog.test",
        "SHOP.test",
        "BLOG.test",
        "Shop.test.",
        "Blog.test.",
      ],
      { env },
    );
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    // The reader is gone before the report is written, as when head has read its lines.
    child.stdout.destroy();
    const code = await new Promise((resolve) => child.on("close", resolve));
    expect(stderr).toBe("");
    expect(code).toBe(0);
  });
});
