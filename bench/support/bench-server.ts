/**
 * One server of the HTTP benchmark, in a process of its own so that it does not share a
 * thread with the load generator:
 * `TSX_TSCONFIG_PATH=bench/tsconfig.json node --import tsx bench/support/bench-server.ts <mode>`.
 * Prints `PORT <n>` once listening; warms the cache first.
 */
import { once } from "node:events";
import http from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import express from "express";
import Fastify from "fastify";
import { domainIntel as expressAdapter } from "../../packages/adapter-express/dist/index.js";
import { domainIntel as fastifyAdapter } from "../../packages/adapter-fastify/dist/index.js";
import { serve } from "../../packages/cli/dist/serve.js";
import { assertBenchTsconfig } from "./bench-process.js";
import { authorization, benchEngineOptions, reportPath, warm } from "./report-fixture.js";

assertBenchTsconfig();

const mode = process.argv[2];
const options = benchEngineOptions();
const bytes = await warm(options);
const report = JSON.parse(bytes.toString("utf8"));

async function listen(server: http.Server): Promise<number> {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return (server.address() as { port: number }).port;
}

async function start(): Promise<number> {
  switch (mode) {
    case "raw":
      return listen(
        http.createServer((_request, response) => {
          response.writeHead(200, {
            "content-type": "application/json; charset=utf-8",
            "content-length": bytes.length,
          });
          response.end(bytes);
        }),
      );
    case "raw-headers": {
      // The raw baseline sending the very headers a cache hit carries, to separate header cost.
      const headers = {
        "cache-control": "private, max-age=3599, stale-while-revalidate=600",
        age: "0",
        etag: 'W/"report-1x2y3z"',
        "ratelimit-policy": '"default";q=1000000000;w=1',
        ratelimit: '"default";r=999999999;t=1',
        "content-type": "application/json; charset=utf-8",
        "content-length": String(bytes.length),
        "x-content-type-options": "nosniff",
      };
      return listen(
        http.createServer((_request, response) => {
          response.writeHead(200, headers);
          response.end(bytes);
        }),
      );
    }
    case "serve-before": {
      // Another build's `serve` (BENCH_CLI_BEFORE=<its packages/cli/dist/serve.js>), so a change
      // to the engine is judged against the engine before it in one sitting.
      const before = (await import(resolve(process.env.BENCH_CLI_BEFORE!))) as {
        serve: typeof serve;
      };
      const running = await before.serve({
        env: { PORT: "0", HOST: "127.0.0.1" },
        print: () => undefined,
        engine: options,
      });
      await running.engine.handle({ method: "GET", url: reportPath, headers: { authorization } });
      return Number(new URL(running.url).port);
    }
    case "serve":
    case "serve-observed": {
      // Issue 20: metrics and a request log line a request on, the log to a file.
      const observed = {
        DOMAIN_INTEL_METRICS: "1",
        DOMAIN_INTEL_LOG_REQUESTS: "1",
        DOMAIN_INTEL_LOG_FILE: join(tmpdir(), `domain-intel-bench-${process.pid}.log`),
      };
      const running = await serve({
        env: { PORT: "0", HOST: "127.0.0.1", ...(mode === "serve" ? {} : observed) },
        print: () => undefined,
        engine: options,
      });
      await running.engine.handle({ method: "GET", url: reportPath, headers: { authorization } });
      return Number(new URL(running.url).port);
    }
    case "express-bare": {
      const app = express();
      app.get(reportPath, (_request, response) => {
        response.json(report);
      });
      return listen(http.createServer(app));
    }
    case "express-bytes": {
      // The fastest an Express middleware can answer: the bytes, ready, with no engine.
      const app = express();
      app.use((_request, response) => {
        response.writeHead(200, {
          "content-type": "application/json; charset=utf-8",
          "content-length": bytes.length,
        });
        response.end(bytes);
      });
      return listen(http.createServer(app));
    }
    case "express-adapter": {
      const app = express();
      app.use(expressAdapter(options));
      return listen(http.createServer(app));
    }
    case "fastify-bare": {
      const app = Fastify();
      app.get(reportPath, async () => report);
      await app.listen({ port: 0, host: "127.0.0.1" });
      return (app.server.address() as { port: number }).port;
    }
    case "fastify-bytes": {
      const app = Fastify();
      app.get(reportPath, (_request, reply) => {
        reply.header("content-type", "application/json; charset=utf-8").send(bytes);
      });
      await app.listen({ port: 0, host: "127.0.0.1" });
      return (app.server.address() as { port: number }).port;
    }
    case "fastify-adapter": {
      const app = Fastify();
      await app.register(fastifyAdapter, options);
      await app.listen({ port: 0, host: "127.0.0.1" });
      return (app.server.address() as { port: number }).port;
    }
    default:
      throw new Error(`unknown mode ${mode}`);
  }
}

const port = await start();
process.stdout.write(`PORT ${port} BYTES ${bytes.length}\n`);
process.on("SIGTERM", () => process.exit(0));
