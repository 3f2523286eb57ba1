/**
 * Writes the references that are generated from code, so that they cannot drift from it: the
 * tables of findings in the engine README (from each section's ids and their reference rows),
 * the `serve` variables of the README and the CLI README (from the CLI's table), and the
 * options reference (from `EngineOptionsSchema`).
 *
 *   pnpm references [--check] [--options-file PATH]
 *
 * `--check` writes nothing and exits 1 when a file is not what it would write. A test checks
 * the committed files the same way.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { serveVariables } from "../packages/cli/src/serve-variables.js";
import { engineOptionsReference } from "./references/engine-options-reference.js";
import { findingTable, findingTables } from "./references/finding-tables.js";
import { replaceBlock } from "./references/markdown.js";
import { serveVariablesTable } from "./references/serve-variables-table.js";

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Where the options reference goes unless told: the docs site picks it up there. */
export const defaultOptionsFile = "docs/reference/engine-options.md";

/** A generated file, or a block of one, and what it should hold. */
interface Target {
  readonly file: string;
  /** The block's name; none: the whole file. */
  readonly block?: string;
  render(): string;
}

function targets(optionsFile: string): Target[] {
  const findings = Object.entries(findingTables).map(([block, table]) => ({
    file: "packages/engine/README.md",
    block,
    render: () => findingTable(table),
  }));
  return [
    { file: "README.md", block: "serve-variables", render: () => serveVariablesTable() },
    {
      file: "packages/cli/README.md",
      block: "observability-variables",
      render: () =>
        serveVariablesTable(
          serveVariables.filter((variable) => variable.line === "observability"),
          { optionColumn: false },
        ),
    },
    ...findings,
    { file: optionsFile, render: engineOptionsReference },
  ];
}

/** Each generated file as it is and as it should be. */
export function generatedFiles(
  options: { optionsFile?: string } = {},
): { file: string; current: string; expected: string }[] {
  const files = new Map<string, { current: string; expected: string }>();
  for (const target of targets(options.optionsFile ?? defaultOptionsFile)) {
    const path = resolve(root, target.file);
    const entry = files.get(path) ?? { current: readOrEmpty(path), expected: readOrEmpty(path) };
    entry.expected = target.block
      ? replaceBlock(entry.expected, target.block, target.render())
      : target.render();
    files.set(path, entry);
  }
  return [...files].map(([file, entry]) => ({ file, ...entry }));
}

function readOrEmpty(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}

function main(): void {
  const { values } = parseArgs({
    options: { check: { type: "boolean" }, "options-file": { type: "string" } },
  });
  const optionsFile = values["options-file"];
  const stale = generatedFiles(optionsFile ? { optionsFile } : {}).filter(
    (file) => file.current !== file.expected,
  );
  for (const file of stale) {
    if (values.check) console.error(`stale: ${file.file}`);
    else {
      mkdirSync(dirname(file.file), { recursive: true });
      writeFileSync(file.file, file.expected);
    }
  }
  if (values.check && stale.length > 0) process.exitCode = 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
