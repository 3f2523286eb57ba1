export type Route =
  | { kind: "openapi" }
  | { kind: "report"; rawDomain: string }
  | { kind: "section"; section: string; rawDomain: string }
  /** The API reference page (`asset` undefined) or one of its assets. */
  | { kind: "docs"; asset: string | undefined }
  | { kind: "not_found" };

export interface ParsedUrl {
  pathname: string;
  query: URLSearchParams;
}

export function parseUrl(url: string): ParsedUrl {
  const mark = url.indexOf("?");
  const pathname = mark === -1 ? url : url.slice(0, mark);
  return { pathname, query: new URLSearchParams(mark === -1 ? "" : url.slice(mark + 1)) };
}

export function isUnderBasePath(pathname: string, basePath: string): boolean {
  return basePath === "" || pathname === basePath || pathname.startsWith(`${basePath}/`);
}

/**
 * Matches `{basePath}/openapi.json`, `{basePath}/docs[/{asset}]`, `{basePath}/domain/{d}` and
 * `{basePath}/{section}/{d}`.
 */
export function matchRoute(
  pathname: string,
  basePath: string,
  sections: ReadonlySet<string>,
): Route {
  if (!isUnderBasePath(pathname, basePath)) return { kind: "not_found" };
  const segments = pathname.slice(basePath.length).split("/").slice(1);
  if (segments.length === 1 && segments[0] === "openapi.json") return { kind: "openapi" };
  if (segments[0] === "docs" && segments.length <= 2) return { kind: "docs", asset: segments[1] };
  const [name, rawDomain = "", ...rest] = segments;
  if (rest.length > 0 || name === undefined) return { kind: "not_found" };
  if (name === "domain") return { kind: "report", rawDomain };
  if (sections.has(name)) return { kind: "section", section: name, rawDomain };
  return { kind: "not_found" };
}
