import type { EngineResponse } from "@domain-intel/engine";
import type { LambdaHttpResult } from "./lambda-types.js";

// A REST API passes a base64 body through as text unless its binaryMediaTypes say otherwise,
// so everything textual goes out as text and only the rest as base64.
const textual =
  /^(?:text\/|application\/(?:[\w.+-]*\+)?(?:json|x-ndjson|ndjson|javascript|xml)\b)/i;

/** The engine's response to a Lambda result; the same shape serves payload 1.0 and 2.0. */
export function responseToResult(response: EngineResponse): LambdaHttpResult {
  const bytes = Buffer.from(
    response.body.buffer,
    response.body.byteOffset,
    response.body.byteLength,
  );
  const binary = bytes.byteLength > 0 && !textual.test(response.headers["content-type"] ?? "");
  return {
    statusCode: response.status,
    headers: { ...response.headers },
    body: bytes.toString(binary ? "base64" : "utf8"),
    isBase64Encoded: binary,
  };
}
