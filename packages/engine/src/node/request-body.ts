import type { Readable } from "node:stream";
import { maxBatchBodyBytes } from "../batch/batch-request.js";

export interface ReadRequestBodyOptions {
  /** The request stream (node:http's IncomingMessage, or a framework's payload stream). */
  readonly request: Readable & { readonly body?: unknown };
  /** Most bytes kept. Default: one more than the engine reads, so it can refuse a larger body. */
  readonly limit?: number;
}

function fromParsed(body: unknown, limit: number): Uint8Array | undefined {
  if (body === undefined || body === null) return undefined;
  const bytes =
    body instanceof Uint8Array
      ? body
      : Buffer.from(typeof body === "string" ? body : JSON.stringify(body), "utf8");
  return bytes.byteLength === 0 ? undefined : bytes.subarray(0, limit);
}

/**
 * Reads a request body, keeping at most `limit` bytes; the rest is drained unread so the
 * connection stays usable and memory stays bounded whatever the client sends. When a host's
 * body parser already consumed the stream (Express with `express.json()`), its parsed
 * `request.body` is used instead. Resolves undefined for an empty body; never rejects (a body
 * cut short by the client is passed on as far as it came: the answer goes nowhere anyway).
 */
export function readRequestBody(options: ReadRequestBodyOptions): Promise<Uint8Array | undefined> {
  const { request } = options;
  const limit = options.limit ?? maxBatchBodyBytes + 1;
  if (request.body !== undefined) return Promise.resolve(fromParsed(request.body, limit));
  if (request.readableEnded || request.destroyed) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = () => {
      request.off("data", onData);
      request.off("end", finish);
      request.off("error", finish);
      request.off("close", finish);
      const body = Buffer.concat(chunks, size);
      resolve(size === 0 ? undefined : body.subarray(0, limit));
    };
    const onData = (chunk: Buffer | string) => {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
      chunks.push(bytes);
      size += bytes.byteLength;
      if (size > limit) {
        finish();
        // Keep the stream flowing with no listener: the rest is read and dropped.
        request.resume();
      }
    };
    request.on("data", onData);
    request.once("end", finish);
    request.once("error", finish);
    request.once("close", finish);
  });
}
