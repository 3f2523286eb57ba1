import { request } from "undici";
import { NoTimeLeftError } from "../contract/budget.js";
import type { ProbeContext } from "../contract/probe.js";
import { AddressNotAllowedError } from "./connect-target.js";
import { createGuardedDispatcher } from "./http-dispatcher.js";

export type BoundedFetch =
  | { ok: true; body: Buffer; contentType: string | null }
  | { ok: false; problem: string };

/**
 * One plain HTTP(S) request to a URL taken from data (an OCSP responder, a CRL distribution
 * point) through the guarded dispatcher: resolved through the configured resolvers, refused
 * where the address policy says so, within `timeoutMs` (connect, answer and body together) and
 * a slot of the engine's limit, no redirect followed, a 200 of at most `maxBytes`. Every
 * failure is an answer with the reason in words, never a throw.
 */
export async function fetchBounded(options: {
  url: string;
  context: ProbeContext;
  timeoutMs: number;
  maxBytes: number;
  method?: "GET" | "POST";
  body?: Buffer;
  contentType?: string;
}): Promise<BoundedFetch> {
  const { context, timeoutMs, maxBytes } = options;
  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    return { ok: false, problem: "the URL does not parse" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return { ok: false, problem: `${url.protocol} URLs are not fetched` };
  }
  if (timeoutMs <= 0) return { ok: false, problem: "no time was left in the budget to ask" };
  const dispatcher = createGuardedDispatcher({
    network: context.network,
    connectTimeoutMs: timeoutMs,
  });
  const signal = AbortSignal.any([context.signal, AbortSignal.timeout(timeoutMs)]);
  try {
    return await context.limit(async () => {
      const response = await request(url, {
        method: options.method ?? "GET",
        dispatcher,
        signal,
        ...(options.body
          ? {
              body: options.body,
              headers: { "content-type": options.contentType ?? "application/octet-stream" },
            }
          : {}),
      });
      if (response.statusCode !== 200) {
        discard(response.body);
        return { ok: false, problem: `it answered HTTP ${response.statusCode}` };
      }
      const declared = Number(response.headers["content-length"]);
      if (declared > maxBytes) {
        discard(response.body);
        return {
          ok: false,
          problem: `its answer of ${declared} bytes is over the ${maxBytes}-byte limit`,
        };
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response.body) {
        size += (chunk as Buffer).length;
        if (size > maxBytes) {
          discard(response.body);
          return { ok: false, problem: `its answer runs over the ${maxBytes}-byte limit` };
        }
        chunks.push(chunk as Buffer);
      }
      const type = response.headers["content-type"];
      return {
        ok: true,
        body: Buffer.concat(chunks),
        contentType: typeof type === "string" ? type : null,
      };
    });
  } catch (error) {
    return { ok: false, problem: problemOf(error, signal, timeoutMs) };
  } finally {
    await dispatcher.destroy().catch(() => undefined);
  }
}

function problemOf(error: unknown, signal: AbortSignal, timeoutMs: number): string {
  if (error instanceof NoTimeLeftError) return "no time was left in the budget to ask";
  if (error instanceof AddressNotAllowedError)
    return `the address policy refused it (${error.message})`;
  if (signal.aborted) return `no answer within ${timeoutMs} ms`;
  const code = (error as NodeJS.ErrnoException).code;
  return `it could not be reached (${code ?? (error as Error).message})`;
}

/** Drops a body unread; undici then emits an AbortError on it, which nobody must miss. */
function discard(body: { on(event: "error", listener: () => void): unknown; destroy(): unknown }) {
  body.on("error", () => undefined);
  body.destroy();
}
