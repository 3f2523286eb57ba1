import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { blockNames, withBlocks } from "../scripts/docs/generated-blocks.js";
import { generatedPages, generators } from "../scripts/docs/reference-pages.js";

describe("the generated reference pages", () => {
  for (const page of generatedPages) {
    it(`${page} says what the schemas and tables say (pnpm docs:reference writes it)`, async () => {
      const text = await readFile(new URL(`../${page}`, import.meta.url), "utf8");
      expect(blockNames(text).length).toBeGreaterThan(0);
      const fresh = await withBlocks(text, generators);
      expect(text.split("\n")).toEqual(fresh.split("\n"));
    });
  }

  it("notices a page that drifted from its generator", async () => {
    const page =
      "# Page\n<!-- generated:engine-options -->\n| stale |\n<!-- /generated:engine-options -->\n";
    const fresh = await withBlocks(page, generators);
    expect(fresh).not.toBe(page);
    expect(fresh).toContain("| `network.timeoutMs` |");
    await expect(
      withBlocks("<!-- generated:nope -->\n<!-- /generated:nope -->", generators),
    ).rejects.toThrow('no generator for the block "nope"');
  });
});
