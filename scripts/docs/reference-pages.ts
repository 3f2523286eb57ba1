import { findingsTables } from "./findings-table.js";
import type { Generator } from "./generated-blocks.js";
import { engineOptionsTable } from "./options-table.js";

/** The pages that hold generated blocks, from the repository's root. */
export const generatedPages = ["docs/reference/options.md", "docs/reference/findings.md"] as const;

export const generators: Readonly<Record<string, Generator>> = {
  "engine-options": engineOptionsTable,
  findings: findingsTables,
};
