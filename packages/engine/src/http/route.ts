export type Route =
  | { kind: "openapi" }
  | { kind: "report"; rawDomain: string }
  | { kind: "section"; section: string; rawDomain: string }
  /** The API reference page (`asset` undefined) or one of its assets. */
  | { kind: "docs"; asset: string | undefined }
  /** `POST {basePath}/keys`, the key-issuing route (when the host turns it on). */
  | { kind: "keys" }
  | { kind: "not_found" };

export interface ParsedUrl {
  pathname: string;
  /** The query string without its `?`; parse it only when it is not empty. */
  search: string;
}

export function parseUrl(url: string): ParsedUrl {
  const mark = url.indexOf("?");
  return mark === -1
    ? { pathname: url, search: "" }
    : { pathname: url.slice(0, mark), search: url.slice(mark + 1) };
}

export function isUnderBasePath(pathname: string, basePath: string): boolean {
  return basePath === "" || pathname === basePath || pathname.startsWith(`${basePath}/`);
}

/**
 * Matches `{basePath}/openapi.json`, `{basePath}/docs[/{asset}]`, `{basePath}/keys`,
 * `{basePath}/domain/{d}` and `{basePath}/{section}/{d}`.
 */
export function matchRoute(
  pathname: string,
  basePath: string,
  sections: ReadonlySet<string>,
): Route {
  if (!isUnderBasePath(pathname, basePath)) return { kind: "not_found" };
  const segments = pathname.slice(basePath.length).split("/").slice(1);
  if (segments.length === 1 && segments[0] === "openapi.json") return { kind: "openapi" };
  if (segments.length === 1 && segments[0] === "keys") return { kind: "keys" };
  if (segments[0] === "docs" && segments.length <= 2) return { kind: "docs", asset: segments[1] };
  const [name, rawDomain = "", ...rest] = segments;
  if (rest.length > 0 || name === undefined) return { kind: "not_found" };
  if (name === "domain") return { kind: "report", rawDomain };
  if (sections.has(name)) return { kind: "section", section: name, rawDomain };
  return { kind: "not_found" };
}
