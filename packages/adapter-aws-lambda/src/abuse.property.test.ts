import { errorCodes } from "@domain-intel/engine";
import {
  fixture,
  hostileAuthorization,
  hostileMethod,
  hostileText,
  httpApiEvent,
  isProbeableName,
  recordingEngine,
  requestTarget,
  restApiEvent,
} from "@domain-intel/test-kit";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createHandler } from "./create-handler.js";
import type { LambdaHttpResult } from "./lambda-types.js";

/**
 * Hostile requests as API Gateway and function URLs deliver them, and events that are not
 * requests at all: the handler never rejects, every result is well-formed and below 500
 * (a malformed event is 400 `bad_request`), and a probe only ever sees a valid host name.
 */

const key = "lambda-abuse-key-0123456789";
const sections = ["whois", "dns", "ssl"];
const { engine, runs } = recordingEngine({ key });
const handlers = [createHandler(engine), createHandler({ engine, basePath: "/prod" })];

function expectWellFormed(result: LambdaHttpResult): void {
  expect(Number.isInteger(result.statusCode)).toBe(true);
  expect(result.statusCode).toBeGreaterThanOrEqual(200);
  expect(result.statusCode).toBeLessThan(500);
  expect(typeof result.body).toBe("string");
  expect(typeof result.isBase64Encoded).toBe("boolean");
  for (const [name, value] of Object.entries(result.headers)) {
    expect(name).toBe(name.toLowerCase());
    expect(value).not.toMatch(/[\r\n\0]/);
  }
  if (result.statusCode >= 400 && result.body !== "") {
    const problem = JSON.parse(result.body);
    expect(errorCodes).toContain(problem.code);
    expect(problem.status).toBe(result.statusCode);
    expect(result.body).not.toMatch(/\n\s+at |node_modules|file:\/\/|TypeError|URIError/);
  }
}

/** Runs one event through both handlers; no rejection, no probe for an invalid name. */
async function invoke(event: unknown): Promise<LambdaHttpResult[]> {
  const results: LambdaHttpResult[] = [];
  for (const handler of handlers) {
    const seen = runs.length;
    const result = await handler(event, {});
    expectWellFormed(result);
    const ran = runs.slice(seen);
    for (const name of ran) expect(isProbeableName(name), name).toBe(true);
    if (result.statusCode >= 400) expect(ran).toEqual([]);
    results.push(result);
  }
  return results;
}

const request = fc.record({
  method: hostileMethod,
  path: requestTarget(sections),
  authorization: hostileAuthorization(key),
  body: fc.option(hostileText, { nil: undefined }),
});

/** A real event with one field replaced by anything at all. */
const mangledEvent = fc
  .tuple(
    fc.constantFrom(
      "rest-api-v1",
      "http-api-v2",
      "function-url",
      "http-api-v2-stage",
    ) as fc.Arbitrary<Parameters<typeof fixture>[0]>,
    fc.constantFrom(
      "version",
      "httpMethod",
      "path",
      "rawPath",
      "rawQueryString",
      "headers",
      "multiValueHeaders",
      "queryStringParameters",
      "multiValueQueryStringParameters",
      "cookies",
      "requestContext",
      "body",
      "isBase64Encoded",
    ),
    fc.anything({ withNullPrototype: true, withBigInt: true, withMap: true, withSet: true }),
  )
  .map(([name, field, value]) => ({ ...fixture(name), [field]: value }));

describe("Lambda adapter under hostile input", () => {
  it("answers every REST API (payload 1.0) request below 500, never rejecting", async () => {
    await fc.assert(
      fc.asyncProperty(request, async ({ method, path, authorization, body }) => {
        const headers: Record<string, string> =
          authorization === undefined ? {} : { authorization };
        const event = restApiEvent({ method, path, headers, ...(body ? { body } : {}) });
        await invoke(event);
        await invoke({ ...event, path: `/prod${event.path}` });
      }),
      { numRuns: 300 },
    );
  });

  it("answers every HTTP API and function URL (payload 2.0) request below 500", async () => {
    await fc.assert(
      fc.asyncProperty(
        request,
        fc.constantFrom("http-api-v2", "function-url") as fc.Arbitrary<"http-api-v2">,
        fc.option(fc.array(hostileText, { maxLength: 3 }), { nil: undefined }),
        async ({ method, path, authorization, body }, name, cookies) => {
          const headers: Record<string, string> =
            authorization === undefined ? {} : { authorization };
          const event = httpApiEvent(
            { method, path, headers, ...(body ? { body } : {}) },
            {
              fixture: name,
            },
          );
          if (cookies) event.cookies = cookies;
          await invoke(event);
          // An HTTP API hands the path on decoded: the raw text, unicode and all.
          await invoke({ ...event, rawPath: decodeLoosely(event.rawPath) });
        },
      ),
      { numRuns: 300 },
    );
  });

  it("answers an event that is not a request with 400 bad_request, never a rejection", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.anything({ withNullPrototype: true, withBigInt: true, withMap: true }),
          mangledEvent,
        ),
        async (event) => {
          const results = await invoke(event);
          for (const result of results) {
            if (result.statusCode === 400 && JSON.parse(result.body).code === "bad_request") {
              expect(JSON.parse(result.body).detail).toMatch(
                /^The event is not an API Gateway or function URL request: /,
              );
            }
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});

/** decodeURIComponent where it can, the text as it is where it cannot. */
function decodeLoosely(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
