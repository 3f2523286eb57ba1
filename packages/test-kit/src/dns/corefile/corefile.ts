/**
 * CoreDNS's configuration language, as far as Zonemaster's test zones use it: server blocks
 * (`zone[:port] ... { ... }`), directives with arguments and one level of nested blocks
 * (`template`, `acl`, `header`, `view`, `unbound`), quoted strings, `#` comments and `import`.
 */

export interface Directive {
  readonly name: string;
  readonly args: readonly string[];
  readonly block: readonly Directive[] | null;
}

export interface ServerBlock {
  /** Zones the block serves, lower case without the trailing dot (root: `.`). */
  readonly zones: readonly string[];
  readonly port: number;
  readonly directives: readonly Directive[];
}

type Token = string | { quoted: string } | "{" | "}" | "\n";

function lex(text: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    if (char === "#") {
      while (index < text.length && text[index] !== "\n") index++;
    } else if (char === "\n") {
      tokens.push("\n");
      index++;
    } else if (/\s/.test(char)) {
      index++;
    } else if (char === "{" || char === "}") {
      tokens.push(char);
      index++;
    } else if (char === '"') {
      let value = "";
      index++;
      while (index < text.length && text[index] !== '"') {
        if (text[index] === "\\" && text[index + 1] === '"') index++;
        value += text[index++]!;
      }
      index++;
      tokens.push({ quoted: value });
    } else {
      let value = "";
      while (index < text.length && !/[\s{}"]/.test(text[index]!)) value += text[index++]!;
      tokens.push(value);
    }
  }
  return tokens;
}

const word = (token: Token) => (typeof token === "string" ? token : token.quoted);

/** A file's text, by its path as written in the configuration. */
export type ReadConfigFile = (path: string, from: string) => { text: string; path: string };

/** Directives up to the closing brace, imports expanded in place. */
function directives(
  tokens: Token[],
  position: { index: number },
  read: ReadConfigFile,
  file: string,
): Directive[] {
  const found: Directive[] = [];
  while (position.index < tokens.length) {
    const token = tokens[position.index]!;
    if (token === "}") {
      position.index++;
      return found;
    }
    if (token === "\n" || token === "{") {
      position.index++;
      continue;
    }
    const line: string[] = [];
    while (position.index < tokens.length) {
      const next = tokens[position.index]!;
      if (next === "\n" || next === "{" || next === "}") break;
      line.push(word(next));
      position.index++;
    }
    let block: Directive[] | null = null;
    if (tokens[position.index] === "{") {
      position.index++;
      block = directives(tokens, position, read, file);
    }
    const [name, ...args] = line;
    if (name === "import") {
      const imported = read(args[0]!, file);
      found.push(...directives(lex(imported.text), { index: 0 }, read, imported.path));
    } else {
      found.push({ name: name!, args, block });
    }
  }
  return found;
}

const zoneName = (text: string) => {
  const name = text.toLowerCase().replace(/\.$/, "");
  return name === "" ? "." : name;
};

/** The server blocks of a Corefile, top-level imports expanded. */
export function parseCorefile(options: {
  text: string;
  path: string;
  read: ReadConfigFile;
}): ServerBlock[] {
  const { read } = options;
  const blocks: ServerBlock[] = [];
  const walk = (text: string, file: string) => {
    const tokens = lex(text);
    const position = { index: 0 };
    while (position.index < tokens.length) {
      const token = tokens[position.index]!;
      if (token === "\n") {
        position.index++;
        continue;
      }
      const keys: string[] = [];
      while (position.index < tokens.length && tokens[position.index] !== "{") {
        const next = tokens[position.index]!;
        if (next !== "\n") keys.push(word(next));
        position.index++;
        if (keys[0] === "import" && (next === "\n" || position.index >= tokens.length)) break;
      }
      if (keys[0] === "import") {
        const imported = read(keys[1]!, file);
        walk(imported.text, imported.path);
        continue;
      }
      position.index++;
      const body = directives(tokens, position, read, file);
      const parsed = keys.map((key) => {
        const [zone, port] = key.replace(/^dns:\/\//, "").split(":");
        return { zone: zoneName(zone!), port: port ? Number(port) : 53 };
      });
      blocks.push({
        zones: parsed.map((key) => key.zone),
        port: parsed[0]?.port ?? 53,
        directives: body,
      });
    }
  };
  walk(options.text, options.path);
  return blocks;
}
