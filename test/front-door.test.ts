import { readdir, readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";

const root = new URL("../", import.meta.url);

describe("the root README is a front door", () => {
  it("stays at most 250 lines and links every guide and reference page", async () => {
    const readme = await readFile(new URL("README.md", root), "utf8");
    expect(readme.trimEnd().split("\n").length).toBeLessThanOrEqual(250);
    for (const folder of ["docs/guide", "docs/reference"]) {
      const pages = (await readdir(new URL(folder, root))).filter((name) => name.endsWith(".md"));
      expect(pages.length).toBeGreaterThan(0);
      for (const page of pages)
        expect(readme, `${folder}/${page}`).toContain(`](${folder}/${page})`);
    }
    expect(readme).toContain("](docs/performance.md)");
  });
});
