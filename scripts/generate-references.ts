/**
 * Writes the references that are generated from code, so that they cannot drift from it: the
 * tables of findings in the engine README and the docs' findings page (from each section's ids
 * and their reference rows), the `serve` variables of the options page and the CLI README (from
 * the CLI's table), and the engine options of the options page (from `EngineOptionsSchema`).
 * Each is a block of a page written by hand, between `<!-- BEGIN GENERATED name -->` and
 * `<!-- END GENERATED name -->`.
 *
 *   pnpm references [--check]
 *
 * `--check` writes nothing and exits 1 when a file is not what it would write; `pnpm
 * docs:build` runs it first, and a test checks the committed files the same way.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { serveVariables } from "../packages/cli/src/serve-variables.js";
import { engineOptionsReference } from "./references/engine-options-reference.js";
import { findingsPage, findingTable, findingTables } from "./references/finding-tables.js";
import { relinked, replaceBlock } from "./references/markdown.js";
import { serveVariablesTable } from "./references/serve-variables-table.js";

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

const optionsPage = "docs/reference/options.md";

/** A generated block of a file and what it should hold, its links written from the root. */
interface Target {
  readonly file: string;
  readonly block: string;
  render(): string;
}

function targets(): Target[] {
  const findings = Object.entries(findingTables).map(([block, table]) => ({
    file: "packages/engine/README.md",
    block,
    render: () => findingTable(table),
  }));
  return [
    { file: optionsPage, block: "engine-options", render: engineOptionsReference },
    { file: optionsPage, block: "serve-variables", render: () => serveVariablesTable() },
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
    { file: "docs/reference/findings.md", block: "findings", render: findingsPage },
  ];
}

/** Each generated file as it is and as it should be. */
export function generatedFiles(): { file: string; current: string; expected: string }[] {
  const files = new Map<string, { current: string; expected: string }>();
  for (const target of targets()) {
    const path = resolve(root, target.file);
    const text = files.get(path)?.current ?? readFileSync(path, "utf8");
    const entry = files.get(path) ?? { current: text, expected: text };
    const content = relinked(target.render(), target.file);
    entry.expected = replaceBlock(entry.expected, target.block, content);
    files.set(path, entry);
  }
  return [...files].map(([file, entry]) => ({ file, ...entry }));
}

function main(): void {
  const { values } = parseArgs({ options: { check: { type: "boolean" } } });
  const stale = generatedFiles().filter((file) => file.current !== file.expected);
  for (const file of stale) {
    if (values.check) console.error(`stale: ${file.file}`);
    else writeFileSync(file.file, file.expected);
  }
  if (values.check && stale.length > 0) process.exitCode = 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
