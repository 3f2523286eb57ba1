import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const reporter = fileURLToPath(new URL("./summary-reporter.ts", import.meta.url));
const vitestBin = join(
  dirname(createRequire(import.meta.url).resolve("vitest/package.json")),
  "vitest.mjs",
);

const projects: string[] = [];
afterAll(() => {
  for (const project of projects) rmSync(project, { recursive: true, force: true });
});

/** Runs a real vitest over `files` (globals on: nothing to resolve from the temp dir). */
function runVitest(files: Record<string, string>): Promise<{ code: number; stdout: string }> {
  const project = mkdtempSync(join(tmpdir(), "di-summary-"));
  projects.push(project);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(project, name), text);
  writeFileSync(
    join(project, "vitest.config.mjs"),
    `export default { test: { globals: true, include: ["*.test.js"], reporters: [${JSON.stringify(reporter)}] } };\n`,
  );
  // The outer run's VITEST_* variables would make the inner one think it is a worker.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith("VITEST")),
  );
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [vitestBin, "run", "--root", project, "--config", join(project, "vitest.config.mjs")],
      { cwd: project, env, timeout: 60_000 },
      (error, stdout) => {
        if (error && typeof error.code !== "number") reject(error);
        else resolve({ code: error ? (error.code as number) : 0, stdout });
      },
    );
  });
}

const lastLine = (stdout: string) => stdout.trim().split("\n").at(-1);

describe("the summary line", { timeout: 90_000 }, () => {
  it("counts a file that does not load and a beforeAll that throws as failed", async () => {
    const { code, stdout } = await runVitest({
      "fine.test.js": `it("one", () => {}); it("two", () => {}); it.skip("later", () => {});\n`,
      "syntax.test.js": `it("never collected", () => {\n`,
      "hooks.test.js": [
        `beforeAll(() => { throw new Error("no server"); });`,
        `it("needs the server", () => {});`,
        `it("needs it too", () => {});`,
        `it.skip("skipped anyway", () => {});`,
      ].join("\n"),
    });
    expect(code).toBe(1);
    expect(lastLine(stdout)).toBe("tests: 2 passed, 3 failed, 2 skipped");
  });

  it("counts an afterAll that throws after passing tests as one failure", async () => {
    const { code, stdout } = await runVitest({
      "teardown.test.js": `afterAll(() => { throw new Error("close failed"); }); it("one", () => {});\n`,
    });
    expect(code).toBe(1);
    expect(lastLine(stdout)).toBe("tests: 1 passed, 1 failed, 0 skipped");
  });

  it("counts failed, passed and skipped tests as before", async () => {
    const { code, stdout } = await runVitest({
      "fine.test.js": `it("one", () => {}); it("fails", () => { throw new Error("no"); });\n`,
      "skip.test.js": `it.skip("later", () => {});\n`,
    });
    expect(code).toBe(1);
    expect(lastLine(stdout)).toBe("tests: 1 passed, 1 failed, 1 skipped");
  });
});
