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

const notFound: Route = { kind: "not_found" };
const openapi: Route = { kind: "openapi" };

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
  if (!isUnderBasePath(pathname, basePath)) return notFound;
  const below = pathname.slice(basePath.length);
  if (below === "/openapi.json") return openapi;
  const plugin = findEngineRoute(routes, below);
  if (plugin) return { kind: "plugin", ...plugin };
  // `/{name}` or `/{name}/{domain}`: a missing domain is the data route's error to give.
  if (below.length < 2) return notFound;
  const slash = below.indexOf("/", 1);
  const name = slash === -1 ? below.slice(1) : below.slice(1, slash);
  const rawDomain = slash === -1 ? "" : below.slice(slash + 1);
  if (rawDomain.includes("/")) return notFound;
  if (name === "domain") return { kind: "report", rawDomain };
  if (sections.has(name)) return { kind: "section", section: name, rawDomain };
  return notFound;
}
