/*
 * Parts of the documentation written by code: between `<!-- generated:NAME -->` and
 * `<!-- /generated:NAME -->` in a Markdown file, the text a generator makes from the schemas
 * and tables the engine and the CLI run on. `pnpm docs:reference` writes them; a test fails
 * when a page and its generators differ.
 */

export type Generator = () => string | Promise<string>;

const block = /<!-- generated:([a-z-]+) -->\n[\s\S]*?<!-- \/generated:\1 -->/g;

/** The names of the generated blocks in `text`, in order. */
export function blockNames(text: string): string[] {
  return [...text.matchAll(block)].map((match) => match[1]!);
}

/** `text` with every generated block made again; a block without a generator is an error. */
export async function withBlocks(
  text: string,
  generators: Readonly<Record<string, Generator>>,
): Promise<string> {
  const made = new Map<string, string>();
  for (const name of blockNames(text)) {
    const generate = generators[name];
    if (!generate) throw new Error(`no generator for the block "${name}"`);
    made.set(name, (await generate()).trimEnd());
  }
  return text.replace(
    block,
    (_whole, name: string) =>
      `<!-- generated:${name} -->\n${made.get(name)}\n<!-- /generated:${name} -->`,
  );
}

/** A Markdown table; `|` in a cell is escaped, line breaks become spaces. */
export function markdownTable(
  head: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  const cell = (value: string) => value.replaceAll("|", "\\|").replace(/\s*\n\s*/g, " ");
  const line = (cells: readonly string[]) => `| ${cells.map(cell).join(" | ")} |`;
  return [line(head), line(head.map(() => "---")), ...rows.map(line)].join("\n");
}
