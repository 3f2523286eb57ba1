import { readFileSync } from "node:fs";
import type { ContractRequest } from "../contract-suite/contract-suite.js";

export type FixtureName =
  | "rest-api-v1"
  | "rest-api-v1-custom-domain"
  | "http-api-v2"
  | "http-api-v2-stage"
  | "function-url";

/** A fresh copy of a stored sample event (lambda/fixtures/*.json). */
// biome-ignore lint/suspicious/noExplicitAny: sample events are edited field by field in tests.
export function fixture(name: FixtureName): Record<string, any> {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), "utf8"));
}

function split(path: string): [string, string] {
  const mark = path.indexOf("?");
  return mark === -1 ? [path, ""] : [path.slice(0, mark), path.slice(mark + 1)];
}

/** The fixture's headers without its Authorization, plus the request's. */
function mergeHeaders(base: Record<string, string>, extra: Readonly<Record<string, string>>) {
  const kept = Object.entries(base).filter(([name]) => name.toLowerCase() !== "authorization");
  return { ...Object.fromEntries(kept), ...extra };
}

/**
 * The request as API Gateway's REST API would hand it on (payload 1.0): the path below
 * `prefix` (a custom-domain base path) still encoded, the query decoded, both header maps.
 */
export function restApiEvent(
  request: ContractRequest,
  options: { fixture?: FixtureName; prefix?: string } = {},
) {
  const event = fixture(options.fixture ?? "rest-api-v1");
  const [path, query] = split(request.path);
  const method = request.method ?? "GET";
  event.httpMethod = method;
  event.path = `${options.prefix ?? ""}${path}`;
  event.pathParameters = { proxy: path.slice(1) };
  event.requestContext.httpMethod = method;
  event.requestContext.path = `${options.prefix ?? `/${event.requestContext.stage}`}${path}`;
  event.headers = mergeHeaders(event.headers, request.headers ?? {});
  event.multiValueHeaders = Object.fromEntries(
    Object.entries(event.headers).map(([name, value]) => [name, [value]]),
  );
  const params = [...new URLSearchParams(query)];
  // No prototype: a query parameter may be called "valueOf" or "__proto__".
  const multi: Record<string, string[]> = Object.create(null);
  for (const [name, value] of params) multi[name] = [...(multi[name] ?? []), value];
  event.multiValueQueryStringParameters = params.length > 0 ? multi : null;
  event.queryStringParameters =
    params.length > 0
      ? Object.fromEntries(params.map(([name]) => [name, multi[name]!.at(-1)]))
      : null;
  event.body = request.body ?? null;
  event.isBase64Encoded = false;
  return event;
}

/**
 * The request as an HTTP API or function URL hands it on (payload 2.0): raw path (after
 * `prefix`, a named stage) and query, lower-case headers, a body in base64.
 */
export function httpApiEvent(
  request: ContractRequest,
  options: { fixture?: FixtureName; prefix?: string } = {},
) {
  const event = fixture(options.fixture ?? "http-api-v2");
  const [path, query] = split(request.path);
  event.rawPath = `${options.prefix ?? ""}${path}`;
  event.rawQueryString = query;
  event.requestContext.http.method = request.method ?? "GET";
  event.requestContext.http.path = event.rawPath;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(mergeHeaders(event.headers, request.headers ?? {})))
    headers[name.toLowerCase()] = value;
  event.headers = headers;
  const params = [...new URLSearchParams(query)];
  if (params.length > 0) {
    const joined: Record<string, string> = Object.create(null);
    for (const [name, value] of params)
      joined[name] = joined[name] === undefined ? value : `${joined[name]},${value}`;
    event.queryStringParameters = joined;
  } else {
    delete event.queryStringParameters;
  }
  if (request.body === undefined) {
    delete event.body;
    event.isBase64Encoded = false;
  } else {
    event.body = Buffer.from(request.body).toString("base64");
    event.isBase64Encoded = true;
  }
  return event;
}

/**
 * What a client would receive from API Gateway for this result (a `LambdaHttpResult` of
 * @domain-intel/aws-lambda, which depends on this kit for its tests, so typed by shape here).
 */
export function resultBody<Result extends { body: string; isBase64Encoded: boolean }>(
  result: Result,
): Buffer {
  return Buffer.from(result.body, result.isBase64Encoded ? "base64" : "utf8");
}
