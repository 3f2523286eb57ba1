import type {
  OpenAPIObject,
  PathItemObject,
  ResponseObject,
  SchemaObject,
  SecuritySchemeObject,
  TagObject,
} from "openapi3-ts/oas31";
import type { KeyIdentity } from "../auth/key-verifier.js";
import type { ErrorCode } from "../contract/error-codes.js";
import type { MaybePromise } from "../contract/maybe-promise.js";
import type { Problem } from "../contract/resolve-options.js";
import { Methods, Type } from "../contract/schema.js";
import type { Report, SectionResult } from "../contract/section-result.js";
import type { Logger } from "../logging/logger.js";
import type { RateLimitStore } from "../ratelimit/rate-limit-store.js";
import type { EngineRequest, EngineResponse } from "./engine-http.js";

/*
 * The hook for routes that plugins add under the engine's base path (`@domain-intel/api-keys`'s
 * `keyIssuing()`, `@domain-intel/swagger-ui`'s `swaggerUi()`), passed as
 * `createEngine({ routes: [...] })`. The engine matches the path and turns a thrown
 * DomainIntelError into problem+json; the route does the rest, so the engine carries none of
 * their weight.
 */

/** What the engine lends its routes. One object per engine, given to every call. */
export interface EngineRouteContext {
  readonly logger: Logger;
  /**
   * The engine's rate-limit store, or an in-memory one when `rateLimit` is false, so a route
   * that must stay limited (issuing keys) is limited either way.
   */
  readonly rateLimitStore: RateLimitStore;
  /** The names of `rateLimit.plans` (`default` included); undefined when rate limiting is off. */
  readonly plans: ReadonlySet<string> | undefined;
  /** The engine's OpenAPI document, every route's own paths included. */
  readonly openApiDocument: OpenAPIObject;
  /**
   * The engine's own gate for a request: its Bearer key checked (failures limited per client
   * address) and one request charged to the key's rate limit, as the data routes do. Throws
   * the 401 or 429 DomainIntelError; gives the key's identity and its rate-limit headers.
   */
  authorize(
    request: EngineRequest,
    options?: { refresh?: boolean },
  ): MaybePromise<{ identity: KeyIdentity; headers: Readonly<Record<string, string>> }>;
  /** The sections the engine serves, and `engine.lookup` (for routes that answer data). */
  readonly sections: readonly string[];
  lookup(
    domain: string,
    section: string,
    options?: {
      refresh?: boolean;
      query?: Readonly<Record<string, string | readonly string[]>>;
    },
  ): Promise<Report | SectionResult>;
}

/** The request as a route sees it. */
export interface EngineRouteRequest extends EngineRequest {
  /**
   * The path below the route's own, without the query: `""` for `{basePath}/docs` itself,
   * `"/init.js"` for `{basePath}/docs/init.js`.
   */
  readonly subpath: string;
}

/** What a route adds to the OpenAPI document; paths are relative to the base path. */
export interface EngineRouteOpenApi {
  /** Only the route's own path and paths below it. */
  readonly paths: Readonly<Record<string, PathItemObject>>;
  readonly schemas?: Readonly<Record<string, SchemaObject>>;
  readonly securitySchemes?: Readonly<Record<string, SecuritySchemeObject>>;
  readonly tags?: readonly TagObject[];
}

/** Helpers for a route describing itself the way the engine describes its own routes. */
export interface EngineRouteOpenApiTools {
  /** A problem+json response whose example is what the engine would send for `code`. */
  problem(options: {
    readonly code: ErrorCode;
    readonly description: string;
    readonly detail: string;
  }): ResponseObject;
}

export interface EngineRoute {
  /**
   * Where it answers under the base path, e.g. `/keys`: that path and every path below it.
   * Not `/openapi.json`, `/domain` or a section's name, and not another route's path.
   */
  readonly path: string;
  /**
   * Answers any method (the route checks its own) and any caller: the engine asks no API key
   * here, so a route checks its own callers. A thrown DomainIntelError becomes its problem+json
   * answer; anything else is logged and answered 500.
   */
  handle(request: EngineRouteRequest, context: EngineRouteContext): MaybePromise<EngineResponse>;
  /** What the route adds to `openapi.json`; called once, when the engine is created. */
  openApi?(tools: EngineRouteOpenApiTools): EngineRouteOpenApi;
}

const routePath = /^(?:\/[A-Za-z0-9._~-]+)+$/;

const overlaps = (a: string, b: string) =>
  a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);

/**
 * What is wrong with `options.routes`, at its path below them, or undefined. `taken` holds the
 * first path segments the engine answers itself (`domain`, `openapi.json`, the sections).
 */
export function engineRoutesProblem(
  routes: readonly EngineRoute[],
  taken: ReadonlySet<string>,
): Problem | undefined {
  for (const [index, route] of routes.entries()) {
    const at = `[${index}]`;
    const { path } = route;
    if (typeof path !== "string" || !routePath.test(path) || /\/\.\.?(?:\/|$)/.test(path)) {
      return {
        at: `${at}.path`,
        problem: 'must be a path like "/keys": "/" and segments, no trailing "/"',
      };
    }
    const first = path.split("/")[1]!;
    if (taken.has(first))
      return { at: `${at}.path`, problem: `"${path}" is taken by the engine's own /${first}` };
    const earlier = routes.findIndex((other) => overlaps(other.path, path));
    if (earlier < index) {
      return {
        at: `${at}.path`,
        problem: `"${path}" overlaps options.routes[${earlier}].path "${routes[earlier]!.path}"`,
      };
    }
    if (route.openApi !== undefined && typeof route.openApi !== "function")
      return { at: `${at}.openApi`, problem: "must be a function" };
  }
  return undefined;
}

/** `options.routes`: each a route object; where they answer is checked with the sections known. */
export const EngineRoutesSchema = Type.Array(
  Methods<EngineRoute>(["handle"], {
    expect: "a route: { path, handle(request, context), openApi? }",
  }),
  {
    expect: "an array of routes",
    description:
      "Routes that plugins add under the base path, e.g. `[swaggerUi()]` from `@domain-intel/swagger-ui` (the reference page at `{basePath}/docs`) or `[keyIssuing({ store, adminSecret })]` from `@domain-intel/api-keys` (`POST {basePath}/keys`).",
  },
);

/** The route that answers `rest` (the path below the base path), and the part below its own. */
export function findEngineRoute(
  routes: readonly EngineRoute[],
  rest: string,
): { route: EngineRoute; subpath: string } | undefined {
  for (const route of routes) {
    if (rest === route.path || rest.startsWith(`${route.path}/`)) {
      return { route, subpath: rest.slice(route.path.length) };
    }
  }
  return undefined;
}
