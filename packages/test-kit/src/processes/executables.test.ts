import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startRedisServer } from "../redis/redis-server.js";
import { requireExecutable } from "./executables.js";

const emptyPath = () => mkdtempSync(join(tmpdir(), "di-no-bin-"));

/** A directory holding one program `name` made of `script` (a shell script). */
function pathWith(name: string, script: string, mode = 0o755): string {
  const directory = mkdtempSync(join(tmpdir(), "di-bin-"));
  writeFileSync(join(directory, name), `#!/bin/sh\n${script}\n`);
  chmodSync(join(directory, name), mode);
  return directory;
}

describe("a program the tests need", () => {
  it("names the Debian package when redis-server or chromium is not installed", () => {
    const searchPath = emptyPath();
    expect(() =>
      requireExecutable("redis-server", { debianPackage: "redis-server", searchPath }),
    ).toThrow("redis-server is not installed (not on PATH): apt-get install redis-server");
    expect(() => requireExecutable("chromium", { debianPackage: "chromium", searchPath })).toThrow(
      "apt-get install chromium",
    );
  });

  it("is found on the search path only when it can be run", () => {
    const runnable = pathWith("tool", "exit 0");
    expect(requireExecutable("tool", { debianPackage: "tool", searchPath: runnable })).toBe(
      join(runnable, "tool"),
    );
    const notRunnable = pathWith("tool", "exit 0", 0o644);
    expect(() =>
      requireExecutable("tool", { debianPackage: "tool", searchPath: notRunnable }),
    ).toThrow("apt-get install tool");
  });

  it("fails a Redis test at once without redis-server, not after waiting for its port", async () => {
    const started = performance.now();
    await expect(startRedisServer({ searchPath: emptyPath() })).rejects.toThrow(
      "apt-get install redis-server",
    );
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("fails at once when redis-server exits before it listens", async () => {
    const started = performance.now();
    await expect(
      startRedisServer({ searchPath: pathWith("redis-server", "exit 3") }),
    ).rejects.toThrow("redis-server exited (3) before listening");
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
