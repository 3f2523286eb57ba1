#!/usr/bin/env node
// `pnpm domain-intel <args>` from a clone: builds first when a package's sources are newer
// than its build (or it was never built), then runs the CLI with the arguments as given.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const bin = join(root, "packages/cli/dist/bin.js");

function newest(directory) {
  let latest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

function stale() {
  if (!existsSync(bin)) return true;
  const built = statSync(bin).mtimeMs;
  const packages = join(root, "packages");
  return readdirSync(packages).some((name) => {
    const source = join(packages, name, "src");
    return (
      existsSync(join(packages, name, "tsconfig.build.json")) &&
      existsSync(source) &&
      newest(source) > built
    );
  });
}

if (stale()) {
  // Build output goes to stderr: stdout is the CLI's (JSON, CSV) and may be piped.
  const build = spawnSync("pnpm", ["run", "build"], { cwd: root, stdio: ["ignore", 2, 2] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const run = spawnSync(process.execPath, [bin, ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(run.status ?? (run.signal === "SIGINT" ? 130 : 1));
