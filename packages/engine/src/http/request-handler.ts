import QuickLRU from "quick-lru";
import type { KeyIdentity, KeyVerifier } from "../auth/key-verifier.js";
import { DomainIntelError, isDomainIntelError } from "../contract/domain-intel-error.js";
import { isPromiseLike, type MaybePromise } from "../contract/maybe-promise.js";
import type { SectionResult } from "../contract/section-result.js";
import { normalizeDomain } from "../domain/normalize-domain.js";
import { describeError, type Logger } from "../logging/logger.js";
import type { RateLimitOutcome } from "../ratelimit/rate-limiter.js";
import type { ReportAnswer } from "../report/report-service.js";
import type { Freshness, SectionAnswer } from "../sections/section-service.js";
import { authenticate } from "./authenticate.js";
import {
  cacheTiming,
  contentLength,
  matchesIfNoneMatch,
  reportEtag,
  sectionEtag,
} from "./cache-headers.js";
import type { EngineHandler, EngineRequest, EngineResponse } from "./engine-http.js";
import type { EngineRoute, EngineRouteContext } from "./engine-route.js";
import { jsonResponse, problemResponse } from "./responses.js";
import { matchRoute, parseUrl, type Route } from "./route.js";

export interface RequestHandlerOptions {
  basePath: string;
  sections: ReadonlySet<string>;
  verifier: KeyVerifier;
  openApiJson: string;
  logger: Logger;
  staleGraceMs: number;
  section(section: string, domain: string, refresh: boolean): MaybePromise<SectionAnswer>;
  report(domain: string, refresh: boolean): MaybePromise<ReportAnswer>;
  /** Charges the request to the caller's rate limit; absent when rate limiting is off. */
  rateLimit?(identity: KeyIdentity, refresh: boolean): MaybePromise<RateLimitOutcome>;
  /** Routes that plugins add under the base path (`options.routes`). */
  routes: readonly EngineRoute[];
  routeContext: EngineRouteContext;
}

const sectionErrorCodes = {
  timeout: "upstream_timeout",
  upstream_error: "upstream_error",
  internal: "internal",
} as const;

const readMethods = new Set(["GET", "HEAD"]);
const emptyBody = new Uint8Array(0);

function decodeDomain(raw: string): string {
  if (raw === "")
    throw new DomainIntelError("invalid_domain", "The domain is missing from the path.");
  try {
    return normalizeDomain(decodeURIComponent(raw)).name;
  } catch (error) {
    if (isDomainIntelError(error)) throw error;
    throw new DomainIntelError("invalid_domain", "The domain is not validly percent-encoded.");
  }
}

// Normalisation (IDNA, public suffix lookup) is the costliest step of a cache hit; the same
// few path segments come back again and again, so remember their outcome.
const normalized = new QuickLRU<string, string | DomainIntelError>({ maxSize: 5_000 });

function domainOf(raw: string): string {
  let known = normalized.get(raw);
  if (known === undefined) {
    try {
      known = decodeDomain(raw);
    } catch (error) {
      if (!isDomainIntelError(error)) throw error;
      known = error;
    }
    if (raw.length <= 300) normalized.set(raw, known);
  }
  if (typeof known !== "string") throw new DomainIntelError(known.code, known.message);
  return known;
}

/**
 * 304 when the client already has this version, else the body. This is the path every cache
 * hit takes: the headers are one object literal, and the strings in it are made once per
 * answer (and second), not once per request.
 */
function conditional(
  request: EngineRequest,
  body: Buffer,
  freshness: Freshness,
  etag: string,
  graceSeconds: number,
  extra: Readonly<Record<string, string>>,
): EngineResponse {
  const timing = cacheTiming(freshness, graceSeconds, Date.now());
  const notModified = matchesIfNoneMatch(request.headers["if-none-match"], etag);
  const headers: Record<string, string> = notModified
    ? { "cache-control": timing.cacheControl, age: timing.age, etag }
    : {
        "cache-control": timing.cacheControl,
        age: timing.age,
        etag,
        "content-type": "application/json; charset=utf-8",
        "content-length": contentLength(body),
        "x-content-type-options": "nosniff",
      };
  for (const name in extra) headers[name] = extra[name]!;
  return notModified ? { status: 304, headers, body: emptyBody } : { status: 200, headers, body };
}

type DataRoute = Extract<Route, { kind: "report" | "section" }>;

const noLimits: RateLimitOutcome = { headers: {} };

/** An error on its way to the caller, with the caller's rate-limit headers added. */
function withHeaders(error: unknown, headers: Readonly<Record<string, string>>): unknown {
  if (!isDomainIntelError(error)) return error;
  return new DomainIntelError(error.code, error.message, {
    extensions: error.extensions ?? {},
    headers: { ...headers, ...error.headers },
  });
}

/** A wait's failure on its way to the caller, with the caller's rate-limit headers added. */
function withHeadersOnFailure<T>(
  waiting: Promise<T>,
  headers: Readonly<Record<string, string>>,
): Promise<T> {
  return waiting.catch((error: unknown) => {
    throw withHeaders(error, headers);
  });
}

/**
 * The engine's single HTTP entry point: routing, auth, errors and headers live here. Every
 * step that can answer at once does (a remembered key, an in-memory rate limit, a ready
 * report), so a cache hit makes no promise until the one handed back.
 */
export function createRequestHandler(options: RequestHandlerOptions): EngineHandler {
  const graceSeconds = Math.floor(options.staleGraceMs / 1000);
  const openApi = jsonResponse(200, options.openApiJson, {
    "cache-control": "public, max-age=3600",
  });

  // Matching is pure, and hits come back to the same few paths: remember recent outcomes.
  const routes = new Map<string, Route>();
  function routeOf(pathname: string): Route {
    let route = routes.get(pathname);
    if (route === undefined) {
      route = matchRoute(pathname, options.basePath, options.sections, options.routes);
      if (routes.size >= 5_000) routes.clear();
      if (pathname.length <= 300) routes.set(pathname, route);
    }
    return route;
  }

  function respond(request: EngineRequest): MaybePromise<EngineResponse> {
    const { pathname, search } = parseUrl(request.url);
    const route = routeOf(pathname);
    if (route.kind === "not_found") {
      throw new DomainIntelError("not_found", "No route matches this path.");
    }
    // A plugin's route checks its own method and callers (the docs page is public like
    // openapi.json; key issuing has its own secret and limits).
    if (route.kind === "plugin") {
      return route.route.handle({ ...request, subpath: route.subpath }, options.routeContext);
    }
    if (request.method !== "GET" && !readMethods.has(request.method.toUpperCase())) {
      throw new DomainIntelError(
        "method_not_allowed",
        `${request.method.slice(0, 16)} is not allowed here; use GET.`,
        {
          headers: { allow: "GET, HEAD" },
        },
      );
    }
    if (route.kind === "openapi") return openApi;

    const refresh = search !== "" && new URLSearchParams(search).get("refresh") === "true";
    const identity = authenticate(request.headers.authorization, options.verifier);
    return isPromiseLike(identity)
      ? Promise.resolve(identity).then((known) => charged(request, route, known, refresh))
      : charged(request, route, identity, refresh);
  }

  // Rate-limit headers ride on every answer to an authenticated caller, errors included.
  function charged(
    request: EngineRequest,
    route: DataRoute,
    identity: KeyIdentity,
    refresh: boolean,
  ): MaybePromise<EngineResponse> {
    const limits = options.rateLimit ? options.rateLimit(identity, refresh) : noLimits;
    return isPromiseLike(limits)
      ? Promise.resolve(limits).then((outcome) => answer(request, route, refresh, outcome.headers))
      : answer(request, route, refresh, limits.headers);
  }

  const fromReport = (
    request: EngineRequest,
    report: ReportAnswer,
    limits: Readonly<Record<string, string>>,
  ) => conditional(request, report.body, report, reportEtag(report), graceSeconds, limits);

  function fromSection(
    request: EngineRequest,
    section: SectionAnswer,
    limits: Readonly<Record<string, string>>,
  ): EngineResponse {
    if (!section.ok) throw sectionError(section);
    return conditional(request, section.body, section, sectionEtag(section), graceSeconds, limits);
  }

  // A hit takes the synchronous branches and makes no closure; only a wait builds the chain.
  function answer(
    request: EngineRequest,
    route: DataRoute,
    refresh: boolean,
    limits: Readonly<Record<string, string>>,
  ): MaybePromise<EngineResponse> {
    try {
      const domain = domainOf(route.rawDomain);
      if (route.kind === "report") {
        const report = options.report(domain, refresh);
        return isPromiseLike(report)
          ? withHeadersOnFailure(
              Promise.resolve(report).then((made) => fromReport(request, made, limits)),
              limits,
            )
          : fromReport(request, report, limits);
      }
      const section = options.section(route.section, domain, refresh);
      return isPromiseLike(section)
        ? withHeadersOnFailure(
            Promise.resolve(section).then((made) => fromSection(request, made, limits)),
            limits,
          )
        : fromSection(request, section, limits);
    } catch (error) {
      throw withHeaders(error, limits);
    }
  }

  function failed(error: unknown): EngineResponse {
    if (!isDomainIntelError(error)) {
      options.logger.error("request failed unexpectedly", { error: describeError(error) });
    }
    return problemResponse(
      isDomainIntelError(error)
        ? error
        : new DomainIntelError("internal", "An internal error occurred."),
    );
  }

  // HEAD answers the GET headers (content-length included) without the body.
  const finish = (request: EngineRequest, response: EngineResponse): EngineResponse =>
    request.method === "GET" || request.method.toUpperCase() !== "HEAD"
      ? response
      : { ...response, body: emptyBody };

  return (request) => {
    let response: MaybePromise<EngineResponse>;
    try {
      response = respond(request);
    } catch (error) {
      response = failed(error);
    }
    return isPromiseLike(response)
      ? Promise.resolve(response).then(
          (made) => finish(request, made),
          (error: unknown) => finish(request, failed(error)),
        )
      : Promise.resolve(finish(request, response));
  };
}

function sectionError(answer: SectionAnswer): DomainIntelError {
  const section = JSON.parse(answer.body.toString("utf8")) as SectionResult;
  const code = sectionErrorCodes[section.error?.code ?? "internal"];
  return new DomainIntelError(code, section.error?.message ?? "", { extensions: { section } });
}
