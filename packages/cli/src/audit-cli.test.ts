import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  bin,
  type CliLab,
  runCli,
  startCliLab,
  startDnsServer,
  until,
  zoneHandler,
} from "@domain-intel/test-kit";
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
      "domain,whois_status,whois_grade,dns_status,dns_grade,ssl_status,ssl_grade,http_status,http_grade,mail_status,mail_grade,hosting_status,hosting_grade,fail,warn,failing,error",
    );
    const column = (name: string) => header!.split(",").indexOf(name);
    expect(rows.map((row) => row.split(",")[0])).toEqual(["shop.test", "blog.test", "news.test"]);
    for (const row of rows) {
      const cells = row.split(",");
      expect(cells[column("whois_status")]).toBe("ok");
      expect(Number(cells[column("fail")])).toBeGreaterThan(0);
      expect(cells[column("failing")]).toContain("ssl.unreachable");
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
    const json = await runCli(["audit", list, "--sections", "whois", "--format", "json"], lab.env);
    expect(json.stdout).toBe(`${JSON.stringify(JSON.parse(json.stdout), null, 2)}\n`);
    expect(JSON.parse(json.stdout).map((report: { domain: string }) => report.domain)).toEqual([
      "shop.test",
      "blog.test",
      "news.test",
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
      runCli(["audit", list, "--output", join(lab.directory, "no", "such", "dir.csv")], lab.env),
    ]);
    expect(bad.map((result) => result.code)).toEqual([2, 2, 2, 2, 2, 2]);
  });

  it("draws a progress bar on a terminal's standard error", async () => {
    // util-linux's script gives the command a terminal; the output comes back through it.
    const stdout = await new Promise<string>((resolve) => {
      const command = `${process.execPath} ${bin} audit ${list} --sections whois`;
      const child = spawn("script", ["-qfec", command, "/dev/null"], { env: lab.env });
      let output = "";
      child.stdout.on("data", (chunk) => {
        output += chunk;
      });
      child.on("close", () => resolve(output));
    });
    expect(stdout).toMatch(/\[#{24}\] 3\/3 [\d.]+\/s ETA 0s/);
    expect(stdout).toMatch(/^shop\.test +ok/m);
  });

  it("writes each domain as it is done; Ctrl-C stops at once, exits 3 (incomplete)", async () => {
    // news.test is never answered: the run is stuck on it until interrupted.
    const asked: string[] = [];
    const answer = zoneHandler({
      "shop.test": [{ type: "A", name: "shop.test", ttl: 60, data: "127.0.0.1" }],
    });
    const dns = await startDnsServer((query, transport) => {
      const name = query.questions?.[0]?.name ?? "";
      asked.push(name);
      return name.includes("news.test") ? { drop: true } : answer(query, transport);
    });
    try {
      const input = join(lab.directory, "stuck.txt");
      writeFileSync(input, "shop.test\nnews.test\n");
      const child = spawn(
        process.execPath,
        [bin, "audit", input, "--sections", "dns", "--concurrency", "1", "--format", "csv"],
        { env: { ...lab.env, DOMAIN_INTEL_RESOLVERS: dns.address } },
      );
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk) => {
        stdout += chunk;
      });
      child.stderr.on("data", (chunk) => {
        stderr += chunk;
      });
      const closed = new Promise<number | null>((resolve) => child.on("close", resolve));
      await until(
        () => asked.some((name) => name.includes("news.test")),
        "a query for news.test",
        10_000,
      );
      // Streamed: shop.test's row is out while the run is still stuck on news.test.
      await until(() => stdout.includes("\nshop.test,"), "shop.test's row before the end", 10_000);
      expect(stdout).not.toContain("news.test");
      expect(child.exitCode).toBe(null);
      const interruptedAt = Date.now();
      child.kill("SIGINT");
      expect(await closed).toBe(3);
      expect(Date.now() - interruptedAt).toBeLessThan(3000);
      expect(
        stdout
          .trim()
          .split("\n")
          .map((row) => row.split(",")[0]),
      ).toEqual(["domain", "shop.test"]);
      expect(stderr).toContain("Interrupted: 1 of 2 domains audited");
    } finally {
      await dns.close();
    }
  });
});
