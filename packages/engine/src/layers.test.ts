import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
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
  ["protocols"],
  ["probes"],
  ["sections"],
  ["report", "watch"],
  ["batch"],
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

/** The section folder a file sits in (`probes/<section>/...`), or null. */
function sectionOf(file: string): string | null {
  const parts = relative(root, file).split(sep);
  return parts[0] === "probes" && parts.length > 2 ? parts[1]! : null;
}

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** Every relative import of every source file, type-only imports included. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sources(root)) {
    const text = readFileSync(file, "utf8");
    const targets = [...text.matchAll(/from\s+["'](\.{1,2}\/[^"']+)["']/g)]
      .map(([, specifier]) => resolve(dirname(file), specifier!.replace(/\.js$/, ".ts")))
      .filter((target) => target.endsWith(".ts"));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

describe("engine layers", () => {
  const graph = importGraph();
  const edges = [...graph].flatMap(([file, targets]) => targets.map((target) => [file, target]));
  const name = (file: string) => relative(root, file);

  it("import only downward", () => {
    const upward = edges
      .filter(([file, target]) => layerOf(target!) > layerOf(file!))
      .map(([file, target]) => `${name(file!)} -> ${name(target!)}`);
    expect(upward).toEqual([]);
  });

  it("keep sections apart: a section shares code through protocols/, never by importing another", () => {
    const across = edges
      .filter(([file, target]) => {
        const from = sectionOf(file!);
        const to = sectionOf(target!);
        return from !== null && to !== null && from !== to;
      })
      .map(([file, target]) => `${name(file!)} -> ${name(target!)}`);
    expect(across).toEqual([]);
  });

  it("have no import circle", () => {
    const circles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const path: string[] = [];
    const visit = (file: string) => {
      state.set(file, "open");
      path.push(file);
      for (const target of graph.get(file) ?? []) {
        if (state.get(target) === "open")
          circles.push([...path.slice(path.indexOf(target)), target].map(name).join(" -> "));
        else if (!state.has(target)) visit(target);
      }
      path.pop();
      state.set(file, "done");
    };
    for (const file of graph.keys()) if (!state.has(file)) visit(file);
    expect(circles).toEqual([]);
  });
});
