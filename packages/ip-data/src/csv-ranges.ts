import { ipv4Number, ipv6Words } from "./ip-number.js";
import { type RangeTable, type RangeTableBuilder, rangeTableBuilder } from "./range-table.js";

/**
 * Reads ip-location-db's CSV form, one range a line: `start,end,value...`, the bounds as
 * addresses (`1.0.0.0`, `2001:200::`) or as decimal numbers (the `-num` files; `numericFamily`
 * says which family those are). `value` turns what follows the bounds into an index of the
 * caller's value table. A line that does not read throws a SyntaxError naming `source` and the
 * line: a broken data file must stop loading, not give wrong answers.
 */
export interface CsvInput {
  readonly text: string;
  /** Named in errors: the file's path, or what the text is. */
  readonly source: string;
  /** The family of decimal bounds (default 4). */
  readonly numericFamily?: 4 | 6;
}

export function readCsvRanges(options: {
  inputs: readonly CsvInput[];
  value: (rest: string) => number;
}): { ipv4: RangeTable; ipv6: RangeTable } {
  const builders = { 4: rangeTableBuilder(4), 6: rangeTableBuilder(6) };
  for (const input of options.inputs) readInput(input, builders, options.value);
  return buildTables(options.inputs, builders);
}

function buildTables(inputs: readonly CsvInput[], builders: Record<4 | 6, RangeTableBuilder>) {
  const sources = inputs.map((input) => input.source).join(", ");
  try {
    return { ipv4: builders[4].build(), ipv6: builders[6].build() };
  } catch (error) {
    throw new SyntaxError(`${sources}: ${(error as Error).message}`);
  }
}

/** Reads one input into the builders. */
function readInput(
  input: CsvInput,
  builders: Record<4 | 6, RangeTableBuilder>,
  toValue: (rest: string) => number,
): void {
  const { text, source } = input;
  const start = new Uint32Array(4);
  const end = new Uint32Array(4);
  let lineStart = 0;
  let lineNumber = 0;
  while (lineStart < text.length) {
    let lineEnd = text.indexOf("\n", lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    lineNumber++;
    const line = text.slice(lineStart, text.charCodeAt(lineEnd - 1) === 13 ? lineEnd - 1 : lineEnd);
    lineStart = lineEnd + 1;
    if (line === "" || line.startsWith("#")) continue;
    const first = line.indexOf(",");
    const second = first < 0 ? -1 : line.indexOf(",", first + 1);
    const fail = (why: string): never => {
      throw new SyntaxError(`${source}, line ${lineNumber}: ${why}: ${line.slice(0, 120)}`);
    };
    if (second < 0) fail("expected start,end,value");
    const from = bound(line.slice(0, first), start, input.numericFamily);
    const to = bound(line.slice(first + 1, second), end, input.numericFamily);
    if (from === 0 || from !== to) fail("the bounds are not two addresses of one family");
    const value = toValue(line.slice(second + 1));
    if (value < 0) fail("the value does not read");
    try {
      builders[from as 4 | 6].add(start, end, value);
    } catch (error) {
      fail((error as Error).message);
    }
  }
}

/** Writes one bound into `into` and answers its family, or 0 when it does not read. */
function bound(text: string, into: Uint32Array, numericFamily: 4 | 6 = 4): 0 | 4 | 6 {
  if (text.includes(":")) return ipv6Words(text, into) ? 6 : 0;
  if (text.includes(".")) {
    const value = ipv4Number(text);
    if (value < 0) return 0;
    into[0] = value;
    return 4;
  }
  if (!isDecimal(text)) return 0;
  if (numericFamily === 4) {
    const value = Number(text);
    if (value > 0xffffffff) return 0;
    into[0] = value;
    return 4;
  }
  let value = BigInt(text);
  if (value >> 128n !== 0n) return 0;
  for (let word = 3; word >= 0; word--) {
    into[word] = Number(value & 0xffffffffn);
    value >>= 32n;
  }
  return 6;
}

/** The CSV fields of a line's rest: commas split, double quotes group, `""` is a quote. */
export function csvFields(text: string): string[] {
  const fields: string[] = [];
  let index = 0;
  while (index <= text.length) {
    if (text.charCodeAt(index) === 34) {
      let value = "";
      index++;
      for (;;) {
        const close = text.indexOf('"', index);
        if (close < 0) return fields.concat(value + text.slice(index));
        value += text.slice(index, close);
        if (text.charCodeAt(close + 1) === 34) {
          value += '"';
          index = close + 2;
          continue;
        }
        index = close + 1;
        break;
      }
      fields.push(value);
      index = text.indexOf(",", index);
      if (index < 0) break;
      index++;
    } else {
      const comma = text.indexOf(",", index);
      fields.push(text.slice(index, comma < 0 ? undefined : comma));
      if (comma < 0) break;
      index = comma + 1;
    }
  }
  return fields;
}

function isDecimal(text: string): boolean {
  if (text.length === 0) return false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 48 || code > 57) return false;
  }
  return true;
}
