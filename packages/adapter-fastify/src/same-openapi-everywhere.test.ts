import { createHash } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createHandler } from "@domain-intel/aws-lambda";
import { createEngine, type EngineOptions, silentLogger } from "@domain-intel/engine";
import { domainIntel as expressDomainIntel } from "@domain-intel/express";
import { swaggerUi } from "@domain-intel/swagger-ui";
import { countingProbe, httpApiEvent, restApiEvent, resultBody } from "@domain-intel/test-kit";
import express from "express";
import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { domainIntel } from "./index.js";

// One options object, a custom section included, for every host.
const options: EngineOptions = {
  keys: ["parity-key"],
  probes: { echo: countingProbe().probe },
  logger: silentLogger,
  routes: [swaggerUi()],
};
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
});

async function fromExpress(path: string): Promise<Buffer> {
  const app = express();
  app.use(expressDomainIntel(options));
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  return Buffer.from(await (await fetch(`http://127.0.0.1:${port}${path}`)).arrayBuffer());
}

async function fromFastify(path: string): Promise<Buffer> {
  const app = Fastify();
  await app.register(domainIntel, options);
  const origin = await app.listen({ port: 0, host: "127.0.0.1" });
  closers.push(() => app.close());
  return Buffer.from(await (await fetch(`${origin}${path}`)).arrayBuffer());
}

async function fromLambda(path: string, version: "1.0" | "2.0"): Promise<Buffer> {
  const handler = createHandler(options);
  const event = version === "1.0" ? restApiEvent({ path }) : httpApiEvent({ path });
  return resultBody(await handler(event));
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

describe("every adapter", () => {
  it.each(["/api/v1/openapi.json", "/api/v1/docs"])("serves the same %s bytes", async (path) => {
    const served = {
      express: await fromExpress(path),
      fastify: await fromFastify(path),
      "lambda v1": await fromLambda(path, "1.0"),
      "lambda v2": await fromLambda(path, "2.0"),
    };
    const engine = await createEngine(options).handle({ method: "GET", url: path, headers: {} });
    const expected = sha256(Buffer.from(engine.body));
    expect(engine.status).toBe(200);
    for (const [host, bytes] of Object.entries(served)) {
      expect(bytes.byteLength, host).toBeGreaterThan(0);
      expect(sha256(bytes), host).toBe(expected);
    }
    if (path.endsWith("openapi.json")) {
      expect(JSON.parse(served.fastify.toString()).paths["/echo/{domain}"]).toBeDefined();
    }
  });
});
