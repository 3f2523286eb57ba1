import { relative } from "node:path";
import { describe, expect, it } from "vitest";
import { engineOptionSchema } from "../packages/engine/src/engine-options.js";
import { generatedFiles, root } from "../scripts/generate-references.js";
import { engineOptionsReference } from "../scripts/references/engine-options-reference.js";
import {
  type FindingTable,
  findingTable,
  findingTables,
  referenceGaps,
} from "../scripts/references/finding-tables.js";
import { replaceBlock } from "../scripts/references/markdown.js";

describe("the references generated from code", () => {
  it("are committed as the generator writes them (run pnpm references after a change)", () => {
    const files = generatedFiles();
    expect(files.map(({ file }) => relative(root, file)).sort()).toEqual([
      "README.md",
      "docs/reference/engine-options.md",
      "packages/cli/README.md",
      "packages/engine/README.md",
    ]);
    for (const { file, current, expected } of files) {
      expect(current, `${relative(root, file)} is stale: run pnpm references`).toBe(expected);
    }
  });

  it.each(Object.entries(findingTables))(
    "%s: one row a finding id, none without an id",
    (_, table) => {
      expect(referenceGaps(table)).toEqual({ missing: [], extra: [] });
      const rows = findingTable(table).split("\n").slice(2);
      expect(rows.map((row) => /^\| `([^`]+)` \|/.exec(row)?.[1])).toEqual([...table.ids]);
    },
  );

  it("lists an id added before its row, marked, and says which rows are missing or extra", () => {
    const table: FindingTable = {
      ids: ["x.a.one", "x.a.new"],
      reference: { "x.a.one": { when: "fail: one | two" }, "x.a.gone": { when: "warn" } },
    };
    expect(findingTable(table)).toBe(
      [
        "| id | when it does not pass |",
        "|---|---|",
        "| `x.a.one` | fail: one \\| two |",
        "| `x.a.new` | (not described yet) |",
      ].join("\n"),
    );
    expect(referenceGaps(table)).toEqual({ missing: ["x.a.new"], extra: ["x.a.gone"] });
  });

  it("replaces only its own block, and refuses a document without it", () => {
    const document = [
      "intro",
      "<!-- BEGIN GENERATED a: from somewhere -->",
      "old a",
      "<!-- END GENERATED a -->",
      "<!-- BEGIN GENERATED b -->",
      "old b",
      "<!-- END GENERATED b -->",
      "outro",
    ].join("\n");
    expect(replaceBlock(document, "a", "new a")).toBe(document.replace("old a", "new a"));
    expect(replaceBlock(document, "b", "new b")).toBe(document.replace("old b", "new b"));
    expect(() => replaceBlock(document, "c", "x")).toThrow('no generated block "c"');
  });

  it("gives every engine option with what it takes and its default, from the schema", () => {
    const rows = new Map(
      engineOptionsReference()
        .split("\n")
        .filter((line) => line.startsWith("| `"))
        .map((line) => {
          const [path, ...cells] = line.slice(2, -2).split(" | ");
          return [path!.replaceAll("`", ""), cells] as const;
        }),
    );
    for (const path of rows.keys()) expect(() => engineOptionSchema(path), path).not.toThrow();
    expect(rows.get("mail.smtpPort")?.slice(0, 2)).toEqual(["an integer from 1 to 65535", "`25`"]);
    expect(rows.get("network.timeoutMs")?.slice(0, 2)).toEqual([
      "an integer from 1 to 300000",
      "`10000`",
    ]);
    expect(rows.get("keys")?.[1]).toBe("required");
    expect([...rows.keys()]).toEqual(
      expect.arrayContaining(["dns.trustAnchors", "ssl.ca", "rdap.whoisHints", "webhooks.secret"]),
    );
  });
});
