import type { EngineRequest } from "@domain-intel/engine";
import type { LambdaEventV1, LambdaEventV2 } from "./lambda-types.js";
import { escapePath, stripBasePath } from "./request-path.js";

export type PayloadVersion = "1.0" | "2.0";

export type EventMapping =
  | {
      readonly ok: true;
      readonly version: PayloadVersion;
      readonly request: EngineRequest;
      /** The decoded body, also passed on as `request.body` (the engine reads it for `POST /keys`). */
      readonly body: Uint8Array | undefined;
    }
  | { readonly ok: false; readonly version: PayloadVersion; readonly problem: string };

/** Thrown inside this module only; becomes `{ ok: false }`. */
class MalformedEvent extends Error {}

const methodToken = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,32}$/;
const base64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function check(condition: boolean, problem: string): asserts condition {
  if (!condition) throw new MalformedEvent(problem);
}

/** A map of names to T (or nothing: API Gateway sends null for "none"). */
function entries<T>(
  value: unknown,
  field: string,
  isValue: (item: unknown) => item is T,
): [string, T][] {
  if (value === undefined || value === null) return [];
  check(isObject(value), `${field} is not an object`);
  const result: [string, T][] = [];
  for (const [name, item] of Object.entries(value)) {
    if (item === undefined || item === null) continue;
    check(isValue(item), `${field}.${name} has the wrong type`);
    result.push([name, item]);
  }
  return result;
}

const isString = (item: unknown): item is string => typeof item === "string";
const isStrings = (item: unknown): item is string[] =>
  Array.isArray(item) && item.every((entry) => typeof entry === "string");

function joinHeader(name: string, values: readonly string[]): string {
  return values.join(name === "cookie" ? "; " : ", ");
}

function decodeBody(body: unknown, isBase64Encoded: unknown): Uint8Array | undefined {
  if (body === undefined || body === null || body === "") return undefined;
  check(typeof body === "string", "body is not a string");
  check(
    isBase64Encoded === undefined || typeof isBase64Encoded === "boolean",
    "isBase64Encoded is not a boolean",
  );
  if (!isBase64Encoded) return Buffer.from(body, "utf8");
  check(base64.test(body), "body is marked base64 but is not");
  return Buffer.from(body, "base64");
}

function engineUrl(rawPath: unknown, query: string, basePath: string): string {
  check(typeof rawPath === "string" && rawPath.startsWith("/"), "the path is missing");
  let path: string;
  try {
    path = stripBasePath(escapePath(rawPath), basePath);
  } catch {
    throw new MalformedEvent("the path is not valid text");
  }
  return query === "" ? path : `${path}?${query}`;
}

function fromV1(event: Record<string, unknown>, basePath: string) {
  const { httpMethod } = event as Partial<LambdaEventV1>;
  check(typeof httpMethod === "string" && methodToken.test(httpMethod), "httpMethod is missing");
  // Each multi-value map holds every value; its single-value twin only the last of each.
  const headers: Record<string, string> = {};
  for (const [name, value] of entries(event.headers, "headers", isString))
    headers[name.toLowerCase()] = value;
  for (const [name, values] of entries(event.multiValueHeaders, "multiValueHeaders", isStrings)) {
    if (values.length > 0) headers[name.toLowerCase()] = joinHeader(name.toLowerCase(), values);
  }
  const multi = entries(
    event.multiValueQueryStringParameters,
    "multiValueQueryStringParameters",
    isStrings,
  );
  const single = entries(event.queryStringParameters, "queryStringParameters", isString);
  // REST APIs decode the query; URLSearchParams encodes it again.
  const query = new URLSearchParams(
    multi.length > 0
      ? multi.flatMap(([name, values]) => values.map((value): [string, string] => [name, value]))
      : single,
  ).toString();
  const context = (event as Partial<LambdaEventV1>).requestContext;
  const sourceIp =
    isObject(context) && isObject(context.identity) ? context.identity.sourceIp : undefined;
  return {
    request: {
      method: httpMethod,
      url: engineUrl(event.path, query, basePath),
      headers,
      ...(typeof sourceIp === "string" ? { clientAddress: sourceIp } : {}),
    },
    body: decodeBody(event.body, event.isBase64Encoded),
  };
}

function fromV2(event: Record<string, unknown>, basePath: string) {
  const context = event.requestContext as Partial<LambdaEventV2["requestContext"]> | undefined;
  const method = isObject(context) && isObject(context.http) ? context.http.method : undefined;
  check(typeof method === "string" && methodToken.test(method), "requestContext.http.method");
  const headers: Record<string, string> = {};
  for (const [name, value] of entries(event.headers, "headers", isString))
    headers[name.toLowerCase()] = value;
  // Payload 2.0 moves cookies out of the headers.
  if (event.cookies !== undefined) {
    check(isStrings(event.cookies), "cookies is not a list of strings");
    if (event.cookies.length > 0) headers.cookie = joinHeader("cookie", event.cookies);
  }
  const rawQuery = event.rawQueryString ?? "";
  check(typeof rawQuery === "string", "rawQueryString is not a string");
  const sourceIp = isObject(context) && isObject(context.http) ? context.http.sourceIp : undefined;
  return {
    request: {
      method,
      url: engineUrl(event.rawPath, rawQuery, basePath),
      headers,
      ...(typeof sourceIp === "string" ? { clientAddress: sourceIp } : {}),
    },
    body: decodeBody(event.body, event.isBase64Encoded),
  };
}

/**
 * A Lambda HTTP event to the engine's request: payload 2.0 (HTTP API, function URL) when
 * `version` is "2.0", else payload 1.0 (REST API, or HTTP API set to 1.0). Pure: no I/O.
 */
export function eventToRequest(event: unknown, options: { basePath: string }): EventMapping {
  const version: PayloadVersion =
    isObject(event) && event.version === "2.0" ? "2.0" : ("1.0" as const);
  try {
    check(isObject(event), "the event is not an object");
    check(
      event.version === undefined || event.version === "1.0" || event.version === "2.0",
      "the payload version is not 1.0 or 2.0",
    );
    const mapped =
      version === "2.0" ? fromV2(event, options.basePath) : fromV1(event, options.basePath);
    const request = mapped.body ? { ...mapped.request, body: mapped.body } : mapped.request;
    return { ok: true, version, request, body: mapped.body };
  } catch (error) {
    if (!(error instanceof MalformedEvent)) throw error;
    return { ok: false, version, problem: error.message };
  }
}
