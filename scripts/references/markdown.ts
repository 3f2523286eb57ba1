/** A cell's text: pipes escaped, line breaks joined, so a row stays one line. */
const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\s*\n\s*/g, " ");

/** A Markdown table: one line a row, every row as wide as the header. */
export function markdownTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  const line = (cells: readonly string[]) => `| ${cells.map(cell).join(" | ")} |`;
  return [line(header), `|${header.map(() => "---").join("|")}|`, ...rows.map(line)].join("\n");
}

/** `text` as inline code. */
export const code = (text: string) => `\`${text}\``;

const begin = (name: string) => new RegExp(`<!-- BEGIN GENERATED ${name}(?:[: ][^>]*)? -->\\n`);
const end = (name: string) => `<!-- END GENERATED ${name} -->`;

/**
 * `document` with the block between `<!-- BEGIN GENERATED name ... -->` and `<!-- END GENERATED
 * name -->` replaced by `content`. A document without the markers is an error: a generated
 * block is placed by hand once, then kept by the generator.
 */
export function replaceBlock(document: string, name: string, content: string): string {
  const start = begin(name).exec(document);
  const stop = document.indexOf(end(name), start ? start.index : 0);
  if (!start || stop === -1)
    throw new Error(`no generated block "${name}" (its BEGIN and END markers)`);
  const from = start.index + start[0].length;
  return `${document.slice(0, from)}${content}\n${document.slice(stop)}`;
}
