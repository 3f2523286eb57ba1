import QuickLRU from "quick-lru";
import type { KeyIdentity, KeyVerifier } from "../auth/key-verifier.js";
import { DomainIntelError, isDomainIntelError } from "../contract/domain-intel-error.js";
import { andThen, isPromiseLike, type MaybePromise } from "../contract/maybe-promise.js";
import { sectionErrorCode } from "../contract/probe.js";
import type { CacheStatus } from "../contract/section-result.js";
import { normalizeDomain } from "../domain/normalize-domain.js";
import type { EngineHooks, RequestEvent } from "../logging/engine-hooks.js";
import { describeError, type Logger } from "../logging/logger.js";
import type { RateLimitOutcome } from "../ratelimit/rate-limiter.js";
import type { ReportAnswer } from "../report/report-service.js";
import type { Freshness, SectionAnswer } from "../sections/section-service.js";
import { authenticate } from "./authenticate.js";
import {
  ageHeader,
  cacheControl,
  matchesIfNoneMatch,
  reportEtag,
  sectionEtag,
} from "./cache-headers.js";
import type { EngineHandler, EngineRequest, EngineResponse } from "./engine-http.js";
import type { EngineRoute, EngineRouteContext } from "./engine-route.js";
import { jsonResponse, problemResponse } from "./responses.js";
import { matchRoute, parseUrl, type Route } from "./route.js";
import { untilClientLeaves } from "./until-client-leaves.js";

export interface RequestHandlerOptions {
  basePath: string;
  sections: ReadonlySet<string>;
  verifier: KeyVerifier;
  openApiJson: string;
  logger: Logger;
  hooks?: EngineHooks;
  staleGraceMs: number;
  section(section: string, domain: string, refresh: boolean): MaybePromise<SectionAnswer>;
  report(domain: string, refresh: boolean): MaybePromise<ReportAnswer>;
  /** The error for a failed authentication: the 401, or a 429 once the client sent too many. */
  failedAuth?(
    clientAddress: string | undefined,
    unauthorized: DomainIntelError,
  ): MaybePromise<DomainIntelError>;
  /** Charges the request to the caller's rate limit; absent when rate limiting is off. */
  rateLimit?(identity: KeyIdentity, refresh: boolean): MaybePromise<RateLimitOutcome>;
  /** Routes that plugins add under the base path (`options.routes`). */
  routes: readonly EngineRoute[];
  /** What plugin routes get; `authorize` is added here, from the data routes' own gate. */
  routeContext: Omit<EngineRouteContext, "authorize">;
}

const readMethods = new Set(["GET", "HEAD"]);
const emptyBody = new Uint8Array(0);
const noLimits: RateLimitOutcome = { headers: {} };

type Limits = Readonly<Record<string, string>>;
type DataRoute = Extract<Route, { kind: "report" | "section" }>;

/** Who passed the gate, and the rate-limit headers their answers carry. */
interface Passed {
  readonly identity: KeyIdentity;
  readonly limits: Limits;
}

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

// Normalisation (IDNA, public suffix lookup) costs 3-6 µs, over a tenth of a hit's CPU; the
// same few path segments come back again and again, so remember their outcome.
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

/** A section that could not be probed: its envelope's failure, as the problem's status. */
function sectionFailure(answer: SectionAnswer): DomainIntelError {
  const { error } = answer.result;
  return new DomainIntelError(sectionErrorCode[error?.code ?? "internal"], error?.message ?? "", {
    extensions: { section: answer.result },
  });
}

/**
 * What a request showed on its way through, handed to the `onRequest` hook as its event once
 * answered: made only when someone listens, so an unobserved request allocates nothing for it,
 * and an observed one a single object.
 */
class RequestNote implements RequestEvent {
  route = "unmatched";
  status = 0;
  durationMs = 0;
  cache: CacheStatus | undefined = undefined;
  keyId: string | undefined = undefined;
  domain: string | undefined = undefined;
  constructor(readonly method: string) {}
}

/** The route's template, never the raw path: bounded, fit for a metric label. */
function routeTemplate(route: Route): string {
  switch (route.kind) {
    case "openapi":
      return "/openapi.json";
    case "report":
      return "/domain/{domain}";
    case "section":
      return `/${route.section}/{domain}`;
    case "plugin":
      return route.subpath === "" ? route.route.path : `${route.route.path}/*`;
    default:
      return "unmatched";
  }
}

/** An error on its way to the caller, with the caller's rate-limit headers added. */
function withLimits(error: unknown, limits: Limits): unknown {
  if (!isDomainIntelError(error)) return error;
  return new DomainIntelError(error.code, error.message, {
    extensions: error.extensions ?? {},
    headers: { ...limits, ...error.headers },
  });
}

/**
 * The engine's single HTTP entry point. A request goes through named steps, each answering at
 * once when it can (a remembered key, an in-memory rate limit, a ready answer), so a cache hit
 * makes no promise until the one handed back:
 * route -> gate (authenticate, charge the rate limit) -> answerData (section or report) ->
 * respondWith.
 */
export function createRequestHandler(options: RequestHandlerOptions): EngineHandler {
  const graceSeconds = Math.floor(options.staleGraceMs / 1000);
  const openApi = jsonResponse(200, options.openApiJson, {
    "cache-control": "public, max-age=3600",
  });

  // The steps of a data route test isPromiseLike themselves instead of chaining with andThen:
  // a cache hit then makes no closure, 7 % of its CPU (`pnpm bench:engine`, 1.07x -> 1.00x).

  /** Routes the request; answers public routes; sends data routes on to authentication. */
  function route(
    request: EngineRequest,
    note: RequestNote | undefined,
  ): MaybePromise<EngineResponse> {
    const { pathname, search } = parseUrl(request.url);
    const matched = matchRoute(pathname, options.basePath, options.sections, options.routes);
    if (note) note.route = routeTemplate(matched);
    if (matched.kind === "not_found") {
      throw new DomainIntelError("not_found", "No route matches this path.");
    }
    // A plugin's route checks its own method and callers (the docs page is public like
    // openapi.json; key issuing has its own secret and limits).
    if (matched.kind === "plugin") {
      return matched.route.handle({ ...request, subpath: matched.subpath }, routeContext);
    }
    if (request.method !== "GET" && !readMethods.has(request.method.toUpperCase())) {
      throw new DomainIntelError(
        "method_not_allowed",
        `${request.method.slice(0, 16)} is not allowed here; use GET.`,
        { headers: { allow: "GET, HEAD" } },
      );
    }
    if (matched.kind === "openapi") return openApi;

    const refresh = search !== "" && new URLSearchParams(search).get("refresh") === "true";
    const passed = gate(request, refresh);
    return isPromiseLike(passed)
      ? Promise.resolve(passed).then((known) => answerData(request, matched, refresh, known, note))
      : answerData(request, matched, refresh, passed, note);
  }

  /**
   * The one gate of every authenticated route, data routes and plugin routes alike: the key
   * checked (a failure counted against the client's address), then one request charged to the
   * key's rate limit, whose headers ride on every answer to it, errors included.
   */
  function gate(request: EngineRequest, refresh: boolean): MaybePromise<Passed> {
    let identity: MaybePromise<KeyIdentity>;
    try {
      identity = authenticate(request.headers.authorization, options.verifier);
    } catch (error) {
      return refusal(request, error);
    }
    if (isPromiseLike(identity)) {
      return Promise.resolve(identity).then(
        (known) => charge(known, refresh),
        (error: unknown) => refusal(request, error),
      );
    }
    return charge(identity, refresh);
  }

  /** One request charged to the key's rate limit. */
  function charge(identity: KeyIdentity, refresh: boolean): MaybePromise<Passed> {
    if (!options.rateLimit) return { identity, limits: noLimits.headers };
    const outcome = options.rateLimit(identity, refresh);
    return isPromiseLike(outcome)
      ? Promise.resolve(outcome).then((settled) => ({ identity, limits: settled.headers }))
      : { identity, limits: outcome.headers };
  }

  /** A failed authentication, counted against the client's address. */
  function refusal(request: EngineRequest, error: unknown): MaybePromise<never> {
    if (!options.failedAuth || !isDomainIntelError(error) || error.code !== "unauthorized")
      throw error;
    return andThen(options.failedAuth(request.clientAddress, error), (decided) => {
      throw decided;
    });
  }

  /** The data routes' gate, lent to plugin routes. */
  const authorize: EngineRouteContext["authorize"] = (request, { refresh = false } = {}) =>
    andThen(gate(request, refresh), ({ identity, limits }) => ({ identity, headers: limits }));
  const routeContext: EngineRouteContext = { ...options.routeContext, authorize };

  /** The section or the report: at once for a ready answer, else once it is made. */
  function answerData(
    request: EngineRequest,
    route: DataRoute,
    refresh: boolean,
    { identity, limits }: Passed,
    note: RequestNote | undefined,
  ): MaybePromise<EngineResponse> {
    if (note) note.keyId = identity.id;
    try {
      const domain = domainOf(route.rawDomain);
      if (note) note.domain = domain;
      if (route.kind === "report") {
        const report = options.report(domain, refresh);
        // A report is ready (a hit) or gathered from its sections.
        if (note) note.cache = isPromiseLike(report) ? "miss" : "hit";
        return isPromiseLike(report)
          ? ready(request, report, limits).then((made) => fromReport(request, made, limits))
          : fromReport(request, report, limits);
      }
      const section = options.section(route.section, domain, refresh);
      return isPromiseLike(section)
        ? ready(request, section, limits).then((made) => fromSection(request, made, limits, note))
        : fromSection(request, section, limits, note);
    } catch (error) {
      throw withLimits(error, limits);
    }
  }

  /**
   * An answer being made, waited for until the client goes away: the probe run goes on for the
   * others waiting on it and for the cache.
   */
  function ready<T>(request: EngineRequest, answer: PromiseLike<T>, limits: Limits): Promise<T> {
    return untilClientLeaves(Promise.resolve(answer), request.signal).catch((error: unknown) => {
      throw withLimits(error, limits);
    });
  }

  const fromReport = (request: EngineRequest, report: ReportAnswer, limits: Limits) =>
    respondWith(request, report.body, report, reportEtag(report), limits);

  function fromSection(
    request: EngineRequest,
    section: SectionAnswer,
    limits: Limits,
    note: RequestNote | undefined,
  ) {
    if (note) note.cache = section.cache;
    if (!section.ok) throw withLimits(sectionFailure(section), limits);
    return respondWith(request, section.body, section, sectionEtag(section), limits);
  }

  /** 200 with the answer's bytes, or 304 when the client already has this version. */
  function respondWith(
    request: EngineRequest,
    body: Buffer,
    freshness: Freshness,
    etag: string,
    limits: Limits,
  ): EngineResponse {
    const notModified = matchesIfNoneMatch(request.headers["if-none-match"], etag);
    const headers: Record<string, string> = notModified
      ? {
          "cache-control": cacheControl(freshness, graceSeconds),
          age: ageHeader(freshness, Date.now()),
          etag,
        }
      : {
          "cache-control": cacheControl(freshness, graceSeconds),
          age: ageHeader(freshness, Date.now()),
          etag,
          "content-type": "application/json; charset=utf-8",
          "content-length": String(body.byteLength),
          "x-content-type-options": "nosniff",
        };
    for (const name in limits) headers[name] = limits[name]!;
    return notModified ? { status: 304, headers, body: emptyBody } : { status: 200, headers, body };
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
      : { status: response.status, headers: response.headers, body: emptyBody };

  const onRequest = options.hooks?.onRequest;

  /** Tells the `onRequest` hook, when there is one, what was answered. */
  function answered(
    response: EngineResponse,
    note: RequestNote | undefined,
    started: number,
  ): EngineResponse {
    if (note && onRequest) {
      note.status = response.status;
      note.durationMs = performance.now() - started;
      if (response.status >= 400) note.cache = undefined;
      onRequest(note);
    }
    return response;
  }

  const handle: EngineHandler = (request) => {
    const note = onRequest ? new RequestNote(request.method) : undefined;
    const started = note ? performance.now() : 0;
    let response: MaybePromise<EngineResponse>;
    try {
      response = route(request, note);
    } catch (error) {
      response = failed(error);
    }
    return isPromiseLike(response)
      ? Promise.resolve(response).then(
          (made) => answered(finish(request, made), note, started),
          (error: unknown) => answered(finish(request, failed(error)), note, started),
        )
      : Promise.resolve(answered(finish(request, response), note, started));
  };
  // A tracer's hook runs each request inside its span's context, so that the probe runs the
  // request starts (and its onRequest) see that span as the active one.
  const around = options.hooks?.aroundRequest;
  return around ? (request) => around(() => handle(request)) : handle;
}
