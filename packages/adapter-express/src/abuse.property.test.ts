import { once } from "node:events";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { errorCodes } from "@domain-intel/engine";
import {
  hostileAuthorization,
  hostileMethod,
  isProbeableName,
  rawRequest,
  recordingEngine,
  requestTarget,
  wireTarget,
} from "@domain-intel/test-kit";
import express, { type NextFunction, type Request, type Response } from "express";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { domainIntel } from "./index.js";

/**
 * Hostile requests, written byte for byte to a real Express app on loopback: the middleware
 * never passes an error to Express (nothing throws out of the adapter), every answer is below
 * 500, an answer under the API's path is the engine's own answer to the same request, and a
 * probe only ever sees a valid host name.
 */

const key = "express-abuse-key-0123456789";
const sections = ["whois", "dns", "ssl"];
const { engine, runs } = recordingEngine({ key });
/** What reached Express's error handler: must stay empty. */
const passedOn: unknown[] = [];
let server: Server;
let port: number;

beforeAll(async () => {
  const app = express();
  app.use(domainIntel(engine));
  app.use((_request: Request, response: Response) => {
    response.status(404).type("text/plain").send("the host's own 404");
  });
  app.use((error: unknown, _request: Request, response: Response, _next: NextFunction) => {
    passedOn.push(error);
    response.status(500).type("text/plain").send("the host's error handler");
  });
  server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

describe("Express adapter under hostile input", () => {
  it("never throws out of the middleware and answers what the engine answers", async () => {
    let owned = 0;
    await fc.assert(
      fc.asyncProperty(
        hostileMethod,
        requestTarget(sections),
        hostileAuthorization(key),
        async (method, target, authorization) => {
          const wire = wireTarget(target);
          // A header value cannot carry a line break on the wire; everything else goes as is.
          const header = authorization?.replace(/[\r\n]/g, " ");
          const seen = runs.length;
          const answer = await rawRequest(port, {
            method,
            target: wire,
            headers: { authorization: header },
          });

          expect(answer.status).toBeLessThan(500);
          for (const name of runs.slice(seen)) expect(isProbeableName(name), name).toBe(true);
          // Node's own parser refuses some requests before any middleware runs (400, or 431
          // for a request line over 16 KiB), and paths outside the API go to the host's routes.
          const refusedByNode =
            !answer.headers["content-type"] && [400, 431].includes(answer.status);
          if (refusedByNode || !engine.owns(wire)) return;
          owned++;
          const direct = await engine.handle({
            method,
            url: wire,
            headers: header === undefined ? {} : { authorization: header },
          });
          expect(answer.status).toBe(direct.status);
          expect(answer.headers["content-type"]).toBe(direct.headers["content-type"]);
          if (answer.status >= 400 && method !== "HEAD") {
            const problem = JSON.parse(answer.body.toString("utf8"));
            expect(errorCodes).toContain(problem.code);
            expect(problem.status).toBe(answer.status);
          }
        },
      ),
      { numRuns: 250 },
    );
    expect(passedOn).toEqual([]);
    expect(owned).toBeGreaterThan(100);
  });

  it("survives request targets sent raw: unicode, spaces, control bytes", async () => {
    await fc.assert(
      fc.asyncProperty(requestTarget(sections), async (target) => {
        const answer = await rawRequest(port, {
          method: "GET",
          target,
          headers: { authorization: `Bearer ${key}` },
        });
        expect(answer.status).toBeLessThan(500);
      }),
      { numRuns: 100 },
    );
    expect(passedOn).toEqual([]);
    // The server is still serving.
    const after = await rawRequest(port, {
      method: "GET",
      target: "/api/v1/dns/example.com",
      headers: { authorization: `Bearer ${key}` },
    });
    expect(after.status).toBe(200);
  });
});
