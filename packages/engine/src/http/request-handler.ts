import type { KeyVerifier } from "../auth/key-verifier.js";
import { normalizeDomain } from "../domain/normalize-domain.js";
import { DomainIntelError, isDomainIntelError } from "../errors/domain-intel-error.js";
import { describeError, type Logger } from "../logging/logger.js";
import type { Report, SectionResult } from "../sections/section-result.js";
import { authenticate } from "./authenticate.js";
import type { EngineHandler, EngineRequest, EngineResponse } from "./engine-http.js";
import { jsonResponse, problemResponse } from "./responses.js";
import { matchRoute, parseUrl } from "./route.js";

export interface RequestHandlerOptions {
  basePath: string;
  sections: ReadonlySet<string>;
  verifier: KeyVerifier;
  openApiJson: string;
  logger: Logger;
  section(section: string, domain: string, refresh: boolean): Promise<SectionResult>;
  report(domain: string, refresh: boolean): Promise<Report>;
}

const sectionErrorCodes = {
  timeout: "upstream_timeout",
  upstream_error: "upstream_error",
  internal: "internal",
} as const;

const readMethods = new Set(["GET", "HEAD"]);

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

function secondsUntil(iso: string): number {
  return Math.max(0, Math.floor((Date.parse(iso) - Date.now()) / 1000));
}

function cacheControl(maxAge: number): string {
  return maxAge > 0 ? `private, max-age=${maxAge}` : "no-store";
}

/** The engine's single HTTP entry point: routing, auth, errors and headers live here. */
export function createRequestHandler(options: RequestHandlerOptions): EngineHandler {
  const openApi = jsonResponse(200, options.openApiJson, {
    "cache-control": "public, max-age=3600",
  });

  async function respond(request: EngineRequest): Promise<EngineResponse> {
    const { pathname, query } = parseUrl(request.url);
    const route = matchRoute(pathname, options.basePath, options.sections);
    if (route.kind === "not_found") {
      throw new DomainIntelError("not_found", "No route matches this path.");
    }
    if (!readMethods.has(request.method.toUpperCase())) {
      throw new DomainIntelError(
        "method_not_allowed",
        `${request.method.slice(0, 16)} is not allowed here; use GET.`,
        {
          headers: { allow: "GET, HEAD" },
        },
      );
    }
    if (route.kind === "openapi") return openApi;

    await authenticate(request.headers.authorization, options.verifier);
    const domain = decodeDomain(route.rawDomain);
    const refresh = query.get("refresh") === "true";

    if (route.kind === "report") {
      const report = await options.report(domain, refresh);
      const maxAge = Math.min(
        ...Object.values(report.sections).map((section) =>
          section.status === "ok" ? secondsUntil(section.expiresAt) : 0,
        ),
      );
      return jsonResponse(200, JSON.stringify(report), { "cache-control": cacheControl(maxAge) });
    }

    const result = await options.section(route.section, domain, refresh);
    if (result.status === "error") {
      throw new DomainIntelError(
        sectionErrorCodes[result.error?.code ?? "internal"],
        result.error?.message ?? "",
        {
          extensions: { section: result },
        },
      );
    }
    return jsonResponse(200, JSON.stringify(result), {
      "cache-control": cacheControl(secondsUntil(result.expiresAt)),
    });
  }

  return async (request) => {
    let response: EngineResponse;
    try {
      response = await respond(request);
    } catch (error) {
      if (!isDomainIntelError(error)) {
        options.logger.error("request failed unexpectedly", { error: describeError(error) });
      }
      response = problemResponse(
        isDomainIntelError(error)
          ? error
          : new DomainIntelError("internal", "An internal error occurred."),
      );
    }
    // HEAD answers the GET headers (content-length included) without the body.
    return request.method.toUpperCase() === "HEAD"
      ? { ...response, body: new Uint8Array(0) }
      : response;
  };
}
