import { type EngineRoute, findEngineRoute } from "./engine-route.js";

export type Route =
  | { kind: "openapi" }
  | { kind: "report"; rawDomain: string }
  | { kind: "section"; section: string; rawDomain: string }
  /** A route a plugin added (`options.routes`); `subpath` is the path below its own. */
  | { kind: "plugin"; route: EngineRoute; subpath: string }
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
 * Matches `{basePath}/openapi.json`, a plugin's route and what lies below it,
 * `{basePath}/domain/{d}` and `{basePath}/{section}/{d}`.
 */
export function matchRoute(
  pathname: string,
  basePath: string,
  sections: ReadonlySet<string>,
  routes: readonly EngineRoute[],
): Route {
  if (!isUnderBasePath(pathname, basePath)) return { kind: "not_found" };
  const below = pathname.slice(basePath.length);
  const segments = below.split("/").slice(1);
  if (segments.length === 1 && segments[0] === "openapi.json") return { kind: "openapi" };
  const plugin = findEngineRoute(routes, below);
  if (plugin) return { kind: "plugin", ...plugin };
  const [name, rawDomain = "", ...rest] = segments;
  if (rest.length > 0 || name === undefined) return { kind: "not_found" };
  if (name === "domain") return { kind: "report", rawDomain };
  if (sections.has(name)) return { kind: "section", section: name, rawDomain };
  return { kind: "not_found" };
}
