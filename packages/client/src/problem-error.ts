import type { components } from "./generated/openapi.js";

/** The API's `application/problem+json` answer (RFC 9457) with its stable `code`. */
export type Problem = components["schemas"]["Problem"];

/**
 * What every call rejects with when the API answers an error status: the status, and the
 * problem document when the answer was one (a proxy in front of the API may answer otherwise).
 */
export class DomainIntelProblemError extends Error {
  override readonly name = "DomainIntelProblemError";
  readonly status: number;
  /** The problem the API sent; null when the body was not problem+json. */
  readonly problem: Problem | null;
  /** `problem.code`, or null. */
  readonly code: Problem["code"] | null;

  constructor(status: number, problem: Problem | null, fallback: string) {
    super(problem ? `${problem.title}: ${problem.detail}` : fallback);
    this.status = status;
    this.problem = problem;
    this.code = problem?.code ?? null;
  }
}

const isProblem = (value: unknown): value is Problem =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as Problem).status === "number" &&
  typeof (value as Problem).code === "string" &&
  typeof (value as Problem).title === "string";

/** The error for a response that is not a success, from the body openapi-fetch read. */
export function problemError(response: Response, body: unknown): DomainIntelProblemError {
  const type = response.headers.get("content-type") ?? "";
  const problem = type.startsWith("application/problem+json") && isProblem(body) ? body : null;
  return new DomainIntelProblemError(
    response.status,
    problem,
    `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""} without a problem document`,
  );
}

export function isDomainIntelProblemError(value: unknown): value is DomainIntelProblemError {
  return value instanceof DomainIntelProblemError;
}
