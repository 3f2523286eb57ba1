// `pnpm docs:reference`: writes the generated parts of the documentation again.
import { readFile, writeFile } from "node:fs/promises";
import { withBlocks } from "./docs/generated-blocks.js";
import { generatedPages, generators } from "./docs/reference-pages.js";

for (const page of generatedPages) {
  const url = new URL(`../${page}`, import.meta.url);
  const before = await readFile(url, "utf8");
  const after = await withBlocks(before, generators);
  if (after !== before) {
    await writeFile(url, after);
    console.log(`wrote ${page}`);
  }
}
