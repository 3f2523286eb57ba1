/**
 * Cache hits through every way of serving the API, each against its baseline, side by side in
 * one run (targets from issue 7). Auth, rate limiting and conditional handling stay on.
 *   pnpm bench:http        BENCH_SECONDS=5 BENCH_CONNECTIONS=50 by default
 */
import { once } from "node:events";
import http from "node:http";
import express from "express";
import Fastify from "fastify";
import { domainIntel as expressAdapter } from "../packages/adapter-express/src/index.js";
import { serve } from "../packages/cli/src/serve.js";
import {
  connections,
  type Measured,
  measure,
  printRatio,
  seconds,
  urlOf,
} from "./support/measure.js";
import { authorization, benchEngineOptions, reportPath, warm } from "./support/report-fixture.js";

const options = benchEngineOptions();
const bytes = await warm(options);
const report = JSON.parse(bytes.toString("utf8"));
const auth = { authorization };
console.log(
  `report ${bytes.length} bytes, ${connections} connections, ${seconds} s a run, node ${process.version}`,
);

async function listen(server: http.Server): Promise<http.Server> {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return server;
}
async function closed(server: http.Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

async function run(
  name: string,
  start: () => Promise<{ url: string; close(): Promise<void> }>,
  headers = auth,
): Promise<Measured> {
  const target = await start();
  try {
    const result = await measure(name, target.url, headers);
    if (result.non2xx > 0 || result.errors > 0)
      console.log(`  ${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return result;
  } finally {
    await target.close();
  }
}

const raw = await run("raw node:http bytes", async () => {
  const server = await listen(
    http.createServer((_request, response) => {
      response.writeHead(200, {
        "content-type": "application/json; charset=utf-8",
        "content-length": bytes.length,
      });
      response.end(bytes);
    }),
  );
  return { url: urlOf(server, reportPath), close: () => closed(server) };
});

const served = await run("domain-intel serve", async () => {
  const running = await serve({
    env: { PORT: "0", HOST: "127.0.0.1" },
    print: () => undefined,
    engine: options,
  });
  await running.engine.handle({ method: "GET", url: reportPath, headers: auth });
  return { url: `${running.url}${reportPath}`, close: running.close };
});

const expressBare = await run("express res.json()", async () => {
  const app = express();
  app.get(reportPath, (_request, response) => {
    response.json(report);
  });
  const server = await listen(http.createServer(app));
  return { url: urlOf(server, reportPath), close: () => closed(server) };
});

const expressHits = await run("express adapter", async () => {
  const app = express();
  app.use(expressAdapter(options));
  const server = await listen(http.createServer(app));
  return { url: urlOf(server, reportPath), close: () => closed(server) };
});

const fastifyBare = await run("fastify returning the object", async () => {
  const app = Fastify();
  app.get(reportPath, async () => report);
  await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}${reportPath}`,
    close: () => app.close(),
  };
});

let fastifyHits: Measured | undefined;
try {
  const { domainIntel: fastifyAdapter } = await import("../packages/adapter-fastify/src/index.js");
  fastifyHits = await run("fastify adapter", async () => {
    const app = Fastify();
    await app.register(fastifyAdapter, options);
    await app.listen({ port: 0, host: "127.0.0.1" });
    return {
      url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}${reportPath}`,
      close: () => app.close(),
    };
  });
} catch (error) {
  console.log(`fastify adapter not measured: ${(error as Error).message}`);
}

console.log("");
for (const result of [raw, served, expressBare, expressHits, fastifyBare, fastifyHits]) {
  if (result)
    console.log(
      `${result.name.padEnd(30)} ${String(result.requestsPerSecond).padStart(7)} req/s   p99 ${result.p99Ms} ms`,
    );
}
console.log("");
const checks = [
  printRatio("1", expressHits, expressBare, 1.8),
  fastifyHits ? printRatio("2", fastifyHits, fastifyBare, 2.5) : false,
  printRatio("3", served, raw, 0.85),
  fastifyHits ? printRatio("3", fastifyHits, raw, 0.85) : false,
];
process.exitCode = checks.every(Boolean) ? 0 : 1;
