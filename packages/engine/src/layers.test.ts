import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The engine's layers, bottom up (README: "How a request flows"): a file may import from its
 * own layer and the layers below it, never from one above.
 */
const layers: readonly (readonly string[])[] = [
  ["contract", "logging", "domain"],
  ["network"],
  ["cache", "auth", "ratelimit", "jobs", "history", "events"],
  ["probes"],
  ["sections"],
  ["report", "watch"],
  ["batch", "fleet"],
  ["http"],
  ["engine.ts", "engine-options.ts"],
  ["node", "index.ts"],
];

const root = dirname(fileURLToPath(import.meta.url));

function layerOf(file: string): number {
  const top = relative(root, file).split(/[\\/]/)[0]!;
  const rank = layers.findIndex((names) => names.includes(top));
  if (rank === -1) throw new Error(`${relative(root, file)} is in no layer: add its folder`);
  return rank;
}

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

describe("engine layers", () => {
  it("import only downward", () => {
    const upward: string[] = [];
    for (const file of sources(root)) {
      const text = readFileSync(file, "utf8");
      for (const [, specifier] of text.matchAll(/from\s+["'](\.{1,2}\/[^"']+)["']/g)) {
        const target = resolve(dirname(file), specifier!.replace(/\.js$/, ".ts"));
        if (layerOf(target) > layerOf(file))
          upward.push(`${relative(root, file)} -> ${relative(root, target)}`);
      }
    }
    expect(upward).toEqual([]);
  });
});
