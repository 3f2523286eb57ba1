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
import fc from "fast-check";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { domainIntel } from "./index.js";

/**
 * Hostile requests, written byte for byte to a real Fastify app on loopback (the API under a
 * register prefix): nothing reaches Fastify's error handler, every answer is below 500, an
 * API answer is the engine's own, and a probe only ever sees a valid host name.
 */

const key = "fastify-abuse-key-0123456789";
const prefix = "/tools";
const sections = ["whois", "dns", "ssl"];
const { engine, runs } = recordingEngine({ key });
const handlerErrors: unknown[] = [];
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  app = Fastify();
  app.setErrorHandler((error, _request, reply) => {
    handlerErrors.push(error);
    return reply.code(500).send("the host's error handler");
  });
  await app.register(domainIntel, { engine, prefix });
  await app.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await app?.close();
});

describe("Fastify adapter under hostile input", () => {
  it("never fails inside the plugin and answers what the engine answers", async () => {
    let owned = 0;
    await fc.assert(
      fc.asyncProperty(
        hostileMethod,
        requestTarget(sections),
        hostileAuthorization(key),
        async (method, target, authorization) => {
          const wire = wireTarget(target);
          const header = authorization?.replace(/[\r\n]/g, " ");
          const seen = runs.length;
          const answer = await rawRequest(port, {
            method,
            target: `${prefix}${wire}`,
            headers: { authorization: header },
          });

          expect(answer.status).toBeLessThan(500);
          for (const name of runs.slice(seen)) expect(isProbeableName(name), name).toBe(true);
          const problem = answer.headers["content-type"]?.startsWith("application/problem+json");
          if (!problem && answer.status !== 200 && answer.status !== 304) return; // Fastify's own 400/404
          if (!engine.owns(wire)) return;
          owned++;
          const direct = await engine.handle({
            method,
            url: wire,
            headers: header === undefined ? {} : { authorization: header },
          });
          expect(answer.status).toBe(direct.status);
          if (problem && method !== "HEAD") {
            const body = JSON.parse(answer.body.toString("utf8"));
            expect(errorCodes).toContain(body.code);
            expect(body.status).toBe(answer.status);
          }
        },
      ),
      { numRuns: 250 },
    );
    expect(handlerErrors).toEqual([]);
    expect(owned).toBeGreaterThan(50);
  });
});
