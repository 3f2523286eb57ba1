import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bin, type CliLab, runCli, startCliLab } from "@domain-intel/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let lab: CliLab;
let list: string;

beforeAll(async () => {
  lab = await startCliLab(["shop.test", "blog.test", "news.test"]);
  list = join(lab.directory, "domains.txt");
  writeFileSync(
    list,
    [
      "# our domains",
      "shop.test",
      "",
      "BLOG.test.   # the same as blog.test",
      "blog.test",
      "not a domain",
      "news.test",
    ].join("\n"),
  );
});
afterAll(() => lab?.close());

describe("domain-intel audit", () => {
  it("CSV: one row a domain, duplicates once, invalid names reported and skipped", async () => {
    const output = join(lab.directory, "audit.csv");
    const { code, stdout, stderr } = await runCli(
      ["audit", list, "--format", "csv", "--output", output, "--concurrency", "2"],
      lab.env,
    );
    expect(stdout).toBe("");
    expect(stderr).toMatch(/line 6: "not a domain" skipped/);
    expect(stderr).toMatch(/3 of 3 domains audited, \d+ fail, \d+ warn, 1 invalid names skipped/);
    const [header, ...rows] = readFileSync(output, "utf8").trim().split("\n");
    expect(header).toBe(
      "domain,whois_status,whois_grade,dns_status,dns_grade,ssl_status,ssl_grade,fail,warn,failing,error",
    );
    expect(rows.map((row) => row.split(",")[0])).toEqual(["shop.test", "blog.test", "news.test"]);
    for (const row of rows) {
      const cells = row.split(",");
      expect(cells[1]).toBe("ok");
      expect(Number(cells[7])).toBeGreaterThan(0);
      expect(cells[9]).toContain("ssl.unreachable");
    }
    expect(code).toBe(1);
  });

  it("--sections, ndjson and json from standard input; --fail-on never exits 0", async () => {
    const ndjson = await runCli(
      ["audit", list, "--sections", "whois", "--format", "ndjson", "--fail-on", "never"],
      lab.env,
    );
    expect(ndjson.code).toBe(0);
    const lines = ndjson.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.map((report) => [report.domain, Object.keys(report.sections)])).toEqual([
      ["shop.test", ["whois"]],
      ["blog.test", ["whois"]],
      ["news.test", ["whois"]],
    ]);
    const child = spawn(
      process.execPath,
      [bin, "audit", "-", "--sections", "dns", "--format", "json"],
      {
        env: lab.env,
      },
    );
    child.stdin.end("news.test\n");
    let stdout = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    const code = await new Promise((resolve) => child.on("close", resolve));
    expect(JSON.parse(stdout)).toMatchObject([
      { domain: "news.test", sections: { dns: { status: "ok" } } },
    ]);
    expect(code).toBe(1);
  });

  it("a table by default; exits 3 when a section could not be probed, 2 for bad usage", async () => {
    const table = await runCli(["audit", list, "--sections", "dns"], {
      ...lab.env,
      DOMAIN_INTEL_RESOLVERS: "127.0.0.1:9",
    });
    expect(table.stdout.split("\n")[0]).toMatch(/^domain +dns +fail +warn$/);
    expect(table.stdout).toMatch(/^shop\.test +error +0 +0$/m);
    expect(table.code).toBe(3);
    const bad = await Promise.all([
      runCli(["audit"], lab.env),
      runCli(["audit", list, "--sections", "nope"], lab.env),
      runCli(["audit", list, "--format", "xml"], lab.env),
      runCli(["audit", list, "--concurrency", "0"], lab.env),
      runCli(["audit", join(lab.directory, "missing.txt")], lab.env),
    ]);
    expect(bad.map((result) => result.code)).toEqual([2, 2, 2, 2, 2]);
  });
});
