import { request } from "undici";
import { NoTimeLeftError, stepTimeoutMs } from "../../contract/budget.js";
import type { ProbeContext } from "../../contract/probe.js";
import { createGuardedDispatcher } from "../../network/http-dispatcher.js";

/** RFC 8461 3.3: the policy is at most 64 KiB. */
export const maxPolicyBytes = 64 * 1024;

export type PolicyFetch =
  | { ok: true; url: string; text: string }
  | { ok: false; url: string; problem: string };

/**
 * GET https://mta-sts.<domain>/.well-known/mta-sts.txt through network/'s guarded dispatcher:
 * a trusted certificate for that name (undici verifies it), no redirect followed (RFC 8461
 * 3.3), a 200 with at most 64 KiB of body, within the step's timeout.
 */
export async function fetchMtaStsPolicy(options: {
  domain: string;
  context: ProbeContext;
  /** 443, but for tests. */
  port: number;
  ca: readonly string[];
}): Promise<PolicyFetch> {
  const { domain, context } = options;
  const authority =
    options.port === 443 ? `mta-sts.${domain}` : `mta-sts.${domain}:${options.port}`;
  const url = `https://${authority}/.well-known/mta-sts.txt`;
  const timeoutMs = stepTimeoutMs(context, { maxMs: 10_000 });
  if (timeoutMs <= 0) return { ok: false, url, problem: "no time was left to fetch it" };
  const dispatcher = createGuardedDispatcher({
    network: context.network,
    connectTimeoutMs: timeoutMs,
    ca: options.ca,
  });
  const signal = AbortSignal.any([context.signal, AbortSignal.timeout(timeoutMs)]);
  try {
    return await context.limit(async () => {
      const response = await request(url, { method: "GET", dispatcher, signal });
      if (response.statusCode !== 200) {
        await response.body.dump().catch(() => undefined);
        const where = response.headers.location;
        const problem =
          response.statusCode >= 300 && response.statusCode < 400
            ? `it answered ${response.statusCode}, a redirect${typeof where === "string" ? ` to ${where.slice(0, 200)}` : ""}, which MTA-STS forbids`
            : `it answered ${response.statusCode}`;
        return { ok: false, url, problem };
      }
      // RFC 8461 3.2: the policy is served as text/plain, whatever its parameters.
      const type = String(response.headers["content-type"] ?? "none");
      if (type.split(";")[0]!.trim().toLowerCase() !== "text/plain") {
        await response.body.dump().catch(() => undefined);
        return { ok: false, url, problem: `it is served as ${type.slice(0, 100)}, not text/plain` };
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response.body) {
        size += (chunk as Buffer).length;
        if (size > maxPolicyBytes) {
          response.body.destroy();
          return { ok: false, url, problem: `the policy is larger than ${maxPolicyBytes} bytes` };
        }
        chunks.push(chunk as Buffer);
      }
      return { ok: true, url, text: Buffer.concat(chunks).toString("utf8") };
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const problem = signal.aborted
      ? `no answer within ${timeoutMs} ms`
      : error instanceof NoTimeLeftError
        ? "no time was left to fetch it"
        : `it could not be fetched over trusted HTTPS (${code ?? (error as Error).message})`;
    return { ok: false, url, problem };
  } finally {
    await dispatcher.destroy().catch(() => undefined);
  }
}
