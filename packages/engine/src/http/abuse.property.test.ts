import {
  domainSegment,
  hostileAuthorization,
  hostileMethod,
  hostileText,
  isProbeableName,
  recordingEngine,
  requestTarget,
} from "@domain-intel/test-kit";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { errorCodes } from "../contract/error-codes.js";
import { normalizeDomain } from "../domain/normalize-domain.js";
import type { Logger } from "../logging/logger.js";
import type { EngineResponse } from "./engine-http.js";

/**
 * Whatever a client sends, the engine's HTTP entry answers below 500 with a well-formed
 * answer, never rejects, logs no unexpected failure, and runs a probe only for a valid,
 * normalised host name. Every section (the built-in names included) is a probe that records
 * the names it is asked about.
 */

const key = "abuse-property-key-0123456789";
const sections = ["whois", "dns", "ssl", "echo"];

/** The shared recording engine, with a logger that keeps what it was told. */
function loggedEngine() {
  const unexpected: string[] = [];
  const logged: string[] = [];
  const logger: Logger = {
    warn: (message, fields) => logged.push(`${message} ${JSON.stringify(fields)}`),
    error: (message, fields) => {
      unexpected.push(`${message} ${JSON.stringify(fields)}`);
      logged.push(`${message} ${JSON.stringify(fields)}`);
    },
  };
  return { ...recordingEngine({ key, sections, logger }), unexpected, logged };
}

/** What every answer must be, whatever the request was. */
function expectWellFormed(response: EngineResponse, method: string): void {
  expect(Number.isInteger(response.status)).toBe(true);
  expect(response.status).toBeGreaterThanOrEqual(200);
  expect(response.status).toBeLessThan(500);
  for (const [name, value] of Object.entries(response.headers)) {
    expect(name).toBe(name.toLowerCase());
    expect(typeof value).toBe("string");
    // Nothing from the request can split a header.
    expect(value).not.toMatch(/[\r\n\0]/);
  }
  expect(response.body).toBeInstanceOf(Uint8Array);
  if (method.toUpperCase() === "HEAD" || response.status === 304) {
    expect(response.body.byteLength).toBe(0);
    return;
  }
  expect(response.headers["content-length"]).toBe(String(response.body.byteLength));
  const text = Buffer.from(response.body).toString("utf8");
  if (response.headers["content-type"]?.startsWith("text/html")) return; // the docs page
  const body = JSON.parse(text);
  if (response.status >= 400) {
    expect(response.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
    expect(errorCodes).toContain(body.code);
    expect(body.status).toBe(response.status);
    expect(typeof body.detail).toBe("string");
    // No stack trace, file path or internal error text.
    expect(text).not.toMatch(
      /\n\s+at |node_modules|file:\/\/|\.ts:\d+|TypeError|RangeError|URIError/,
    );
  }
}

describe("engine.handle under hostile input", () => {
  it("answers below 500, well-formed, never echoes the key, and probes only valid names", async () => {
    const { engine, runs, unexpected, logged } = loggedEngine();
    let probed = 0;
    let answered = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(
        hostileMethod,
        requestTarget(sections),
        hostileAuthorization(key),
        fc.option(hostileText, { nil: undefined }),
        async (method, url, authorization, ifNoneMatch) => {
          const seen = runs.length;
          const headers: Record<string, string | undefined> = { authorization };
          if (ifNoneMatch !== undefined) headers["if-none-match"] = ifNoneMatch;
          const response = await engine.handle({ method, url, headers });

          expectWellFormed(response, method);
          // The credential presented is never echoed, in the body or in a header.
          const token = authorization?.replace(/^bearer\s+/i, "") ?? "";
          if (token.length >= 12 && !url.includes(token)) {
            const echoed = `${Buffer.from(response.body).toString()} ${JSON.stringify(response.headers)}`;
            expect(echoed.includes(token)).toBe(false);
          }
          const ran = runs.slice(seen);
          for (const name of ran) expect(isProbeableName(name), name).toBe(true);
          if (response.status >= 400) expect(ran).toEqual([]);
          if (ran.length > 0) probed++;
          if (response.status === 200) answered++;
          if (response.status === 400) refused++;
        },
      ),
      { numRuns: 1500 },
    );
    expect(unexpected).toEqual([]);
    // No log line holds key material.
    expect(logged.filter((line) => line.includes(key))).toEqual([]);
    // Not vacuous: plenty of requests reached a probe, plenty were refused as invalid.
    expect(probed).toBeGreaterThan(25);
    expect(answered).toBeGreaterThanOrEqual(probed);
    expect(refused).toBeGreaterThan(100);
  });

  it("probes exactly the normalised name, and only when the name is valid", async () => {
    const { engine, runs } = loggedEngine();
    await fc.assert(
      // A raw "?" or "#" ends the path: the name would be what precedes it, and "?refresh=true"
      // no longer the query. Hostile paths as a whole are the other properties' job.
      fc.asyncProperty(
        domainSegment.filter((segment) => !/[?#]/.test(segment)),
        async (segment) => {
          const seen = runs.length;
          const response = await engine.handle({
            method: "GET",
            url: `/api/v1/echo/${segment}?refresh=true`,
            headers: { authorization: `Bearer ${key}` },
          });
          expectWellFormed(response, "GET");
          const ran = runs.slice(seen);
          if (response.status === 200) {
            // refresh=true always probes: once, with the name the validator made of the input.
            expect(ran).toHaveLength(1);
            expect(isProbeableName(ran[0]!), ran[0]).toBe(true);
            const decoded = decodeURIComponent(segment);
            expect(ran[0]).toBe(normalizeDomain(decoded).name);
            expect(JSON.parse(Buffer.from(response.body).toString()).domain).toBe(ran[0]);
          } else {
            expect([400, 404]).toContain(response.status);
            expect(ran).toEqual([]);
          }
        },
      ),
      { numRuns: 1500 },
    );
  });

  it("answers HEAD like GET, without a body, for hostile paths too", async () => {
    const { engine } = loggedEngine();
    await fc.assert(
      fc.asyncProperty(requestTarget(sections), async (url) => {
        const headers = { authorization: `Bearer ${key}` };
        const get = await engine.handle({ method: "GET", url, headers });
        const head = await engine.handle({ method: "HEAD", url, headers });
        expectWellFormed(head, "HEAD");
        expect(head.status).toBe(get.status);
        expect(head.headers["content-type"]).toBe(get.headers["content-type"]);
      }),
      { numRuns: 300 },
    );
  });
});
