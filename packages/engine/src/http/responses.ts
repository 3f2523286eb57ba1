import type { DomainIntelError } from "../contract/domain-intel-error.js";
import { errorTitles } from "../contract/error-codes.js";
import type { EngineResponse } from "./engine-http.js";

const securityHeaders = { "x-content-type-options": "nosniff" } as const;

export function jsonResponse(
  status: number,
  body: string | Buffer,
  headers: Record<string, string> = {},
): EngineResponse {
  const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : body;
  return {
    status,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-length": String(bytes.byteLength),
      ...securityHeaders,
      ...headers,
    },
    body: bytes,
  };
}

export const problemTypeBase = "https://domain-intel.dev/problems/";

/** The one place that writes application/problem+json (RFC 9457). */
export function problemResponse(error: DomainIntelError, instance?: string): EngineResponse {
  const problem = {
    type: `${problemTypeBase}${error.code.replaceAll("_", "-")}`,
    title: errorTitles[error.code],
    status: error.status,
    detail: error.message,
    code: error.code,
    ...(instance ? { instance } : {}),
    ...error.extensions,
  };
  const headers: Record<string, string> = { "cache-control": "no-store", ...error.headers };
  const response = jsonResponse(error.status, JSON.stringify(problem), headers);
  return {
    ...response,
    headers: { ...response.headers, "content-type": "application/problem+json; charset=utf-8" },
  };
}
