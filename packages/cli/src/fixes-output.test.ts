import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PassThrough, Writable } from "node:stream";
import { type FixEntry, type FixGroup, RemediationSchema } from "@domain-intel/engine";
import { type CliLab, startCliLab } from "@domain-intel/test-kit";
import { Value } from "@sinclair/typebox/value";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditCli } from "./audit-cli.js";
import { fixesText } from "./fixes-output.js";
import { reportCli, UsageError } from "./report-cli.js";

let lab: CliLab;
beforeAll(async () => {
  // No SPF, no DMARC, no CAA: dns findings that fail with record fixes.
  lab = await startCliLab(["fix.test"]);
});
afterAll(() => lab?.close());

/** `domain-intel report <args>` in this process, its standard output and exit code. */
async function report(args: string[]) {
  let stdout = "";
  const sink = () =>
    new Writable({
      write(chunk, _encoding, done) {
        stdout += String(chunk);
        done();
      },
    });
  const code = await reportCli(args, { stdout: sink(), stderr: sink(), env: lab.env });
  return { code, stdout };
}

describe("domain-intel report --fixes", () => {
  it("prints the zone-file lines of the failing findings' fixes, and the same fixes as JSON", async () => {
    const json = await report(["fix.test", "-s", "dns", "--fixes", "--format", "json"]);
    const fixes = JSON.parse(json.stdout) as FixEntry[];
    expect(fixes.map((fix) => fix.id)).toEqual(
      expect.arrayContaining(["dns.spf.present", "dns.dmarc.present"]),
    );
    for (const fix of fixes) {
      expect(fix).toMatchObject({ domain: "fix.test", section: "dns" });
      expect(["fail", "warn"]).toContain(fix.status);
      expect(Value.Check(RemediationSchema, fix.remediation)).toBe(true);
    }

    const text = await report(["fix.test", "-s", "dns", "--fixes"]);
    const zoneLines = fixes.flatMap((fix) =>
      fix.remediation.changes.flatMap((change) =>
        change.kind === "dns-record" && change.action !== "remove" ? [change.zoneLine] : [],
      ),
    );
    expect(zoneLines.length).toBeGreaterThan(0);
    // An MTA-STS policy id is the time of the run: the two runs differ there only.
    const sameRun = (line: string) => line.replace(/id=\d+/, "id=<run>");
    const lines = text.stdout.split("\n").map(sameRun);
    // Every record line is there uncommented, ready to paste; everything else is a comment.
    for (const line of zoneLines) expect(lines).toContain(sameRun(line));
    for (const line of zoneLines) expect(line).toMatch(/^\S+\.\s+\d+\s+IN\s+[A-Z]+\s+\S/);
    // The SPF record names the domain's own MX, from its data.
    expect(zoneLines.find((line) => line.includes('"v=spf1'))).toMatch(/^fix\.test\. .*\bmx\b/);
    expect(text.stdout).toMatch(/^# fix\.test dns\.dmarc\.present \(warn\): /m);
    // The exit code still follows --fail-on.
    expect(text.code).toBe(1);
  });

  it("prints one server's lines with --server, each server's under its name without", () => {
    const entry: FixEntry = {
      domain: "fix.test",
      section: "http",
      id: "http.headers.nosniff",
      status: "warn",
      message: "No X-Content-Type-Options: nosniff.",
      remediation: {
        summary: "Send X-Content-Type-Options: nosniff.",
        changes: [
          {
            kind: "http-header",
            name: "X-Content-Type-Options",
            value: "nosniff",
            servers: {
              nginx: 'add_header X-Content-Type-Options "nosniff" always;',
              apache: 'Header always set X-Content-Type-Options "nosniff"',
              caddy: 'header X-Content-Type-Options "nosniff"',
              iis: '<add name="X-Content-Type-Options" value="nosniff" />',
            },
          },
        ],
        steps: ["Reload the server."],
        references: [],
      },
    };
    expect(fixesText([entry], "nginx")).toBe(
      '# fix.test http.headers.nosniff (warn): Send X-Content-Type-Options: nosniff.\nadd_header X-Content-Type-Options "nosniff" always;\n# Reload the server.\n',
    );
    const all = fixesText([entry]).split("\n");
    expect(all).toContain("# apache:");
    expect(all[all.indexOf("# caddy:") + 1]).toBe('header X-Content-Type-Options "nosniff"');
    expect(fixesText([])).toBe("# No failing or warning finding has a fix.\n");
  });

  it("refuses what it cannot print", async () => {
    await expect(report(["fix.test", "--fixes", "--format", "html"])).rejects.toThrow(UsageError);
    await expect(report(["fix.test", "--server", "nginx"])).rejects.toThrow(
      /--server goes with --fixes/,
    );
    await expect(report(["fix.test", "--fixes", "--server", "lighttpd"])).rejects.toThrow(
      /--server: "lighttpd" is not one of nginx, apache, caddy, iis, haproxy/,
    );
  });
});

describe("domain-intel audit --fixes", () => {
  it("writes the same fix for many domains once, with {{domain}} for each", async () => {
    const fleet = await startCliLab(["one.test", "two.test"]);
    try {
      const list = join(fleet.directory, "domains.txt");
      writeFileSync(list, "one.test\ntwo.test\n");
      const json = join(fleet.directory, "fixes.json");
      const text = join(fleet.directory, "fixes.txt");
      const io = { stdout: new PassThrough(), stderr: new PassThrough(), env: fleet.env };
      await auditCli(
        [list, "--sections", "dns", "--fixes", json, "-o", join(fleet.directory, "out")],
        io,
      );
      await auditCli(
        [list, "--sections", "dns", "--fixes", text, "-o", join(fleet.directory, "out")],
        io,
      );

      const groups = JSON.parse(readFileSync(json, "utf8")) as FixGroup[];
      const spf = groups.find((group) => group.id === "dns.spf.present");
      expect(spf?.domains).toEqual(["one.test", "two.test"]);
      expect(spf?.remediation.changes[0]).toMatchObject({
        zoneLine: '{{domain}}. 3600 IN TXT "v=spf1 mx -all"',
      });
      // Each domain's fixes are all there, in one group or another.
      for (const domain of ["one.test", "two.test"])
        expect(groups.filter((group) => group.domains.includes(domain)).length).toBeGreaterThan(2);
      expect(readFileSync(text, "utf8")).toMatch(
        /^# 2 domains \(one\.test, two\.test\): dns\.spf\.present \(warn\): .*\n# fill in \{\{domain\}\}: .*\n\{\{domain\}\}\. 3600 IN TXT "v=spf1 mx -all"$/m,
      );
    } finally {
      await fleet.close();
    }
  });
});
