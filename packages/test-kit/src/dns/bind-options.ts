import type { AuthoritativeBehaviour } from "./dns-zone-handlers.js";

/**
 * A reader of the subset of BIND's `named.conf` `options { }` statements that the name
 * servers' fixes set, so a lab server takes its behaviour from a configuration as BIND would.
 * Anything else is an error: a fix line the lab cannot read fails its proof.
 */
export interface BindOptions {
  readonly statements: ReadonlyMap<string, string>;
}

/** The statements of `text` (the body of `options { }`), by name; later ones replace earlier. */
export function readBindOptions(text: string): BindOptions {
  const statements = new Map<string, string>();
  for (const statement of splitStatements(text.replace(/(#|\/\/)[^\n]*/g, ""))) {
    const [name = "", ...rest] = statement.split(/\s+/);
    if (!known.has(name)) throw new Error(`named.conf: the lab reads no "${name}" statement`);
    const value = rest.join(" ");
    known.get(name)!(value);
    statements.set(name, value);
  }
  return { statements };
}

/** `options` with the statements of `lines` set (replacing a statement of the same name). */
export function setBindOptions(options: BindOptions, lines: string): BindOptions {
  return { statements: new Map([...options.statements, ...readBindOptions(lines).statements]) };
}

/** Top-level statements, each without its `;`; braces nest (`allow-transfer { none; };`). */
function splitStatements(text: string): string[] {
  const statements: string[] = [];
  let depth = 0;
  let current = "";
  for (const char of text) {
    if (char === "{") depth++;
    if (char === "}") depth--;
    if (depth < 0) throw new Error("named.conf: an unbalanced }");
    if (char === ";" && depth === 0) {
      if (current.trim()) statements.push(current.trim().replace(/\s+/g, " "));
      current = "";
    } else current += char;
  }
  if (depth !== 0 || current.trim())
    throw new Error(`named.conf: unterminated "${current.trim()}"`);
  return statements;
}

const yesNo = (value: string) => {
  if (value !== "yes" && value !== "no") throw new Error(`named.conf: "${value}" is not yes or no`);
};
const addressList = (value: string) => {
  if (!/^\{( ?[^{};]+;)* ?\}$/.test(value))
    throw new Error(`named.conf: "${value}" is not an address match list`);
};
const quotedOrNone = (value: string) => {
  if (value !== "none" && !/^"[^"]*"$/.test(value))
    throw new Error(`named.conf: "${value}" is neither none nor a quoted string`);
};

/** The statements the lab reads, each with the check of its value's form. */
const known = new Map<string, (value: string) => void>([
  ["recursion", yesNo],
  ["allow-recursion", addressList],
  ["allow-transfer", addressList],
  ["version", quotedOrNone],
  ["hostname", quotedOrNone],
  ["server-id", quotedOrNone],
  ["answer-cookie", yesNo],
  ["notify", (value) => (value === "explicit" ? undefined : yesNo(value))],
  ["also-notify", addressList],
]);

/** The elements of an address match list: `{ any; }` -> ["any"]. */
const elements = (list: string) =>
  list
    .replace(/[{}]/g, "")
    .split(";")
    .map((entry) => entry.trim())
    .filter(Boolean);

/**
 * What a server configured with `options` does for an outsider (the probe is no secondary and
 * not on the server's networks), given the software's own version string. Defaults as BIND
 * 9.18: recursion only for localhost and localnets, no transfers, its version answered.
 */
export function bindBehaviour(options: BindOptions, software?: string): AuthoritativeBehaviour {
  const get = (name: string) => options.statements.get(name);
  const recursion = (get("recursion") ?? "yes") === "yes";
  const version = get("version");
  const nsid = get("server-id");
  return {
    openRecursion: recursion && elements(get("allow-recursion") ?? "{}").includes("any"),
    allowTransfer: elements(get("allow-transfer") ?? "{}").includes("any"),
    version:
      version === undefined ? software : version === "none" ? undefined : version.slice(1, -1),
    ...(nsid && nsid !== "none" ? { nsid: nsid.slice(1, -1) } : {}),
    ...(get("answer-cookie") === "no" ? { noCookie: true, malformedCookie: false } : {}),
  };
}

/** Whether a primary configured with `options` sends NOTIFY to the zone's NS servers. */
export const notifiesSecondaries = (options: BindOptions): boolean =>
  (options.statements.get("notify") ?? "yes") === "yes";
