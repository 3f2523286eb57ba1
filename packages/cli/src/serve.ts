import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  consoleLogger,
  createEngine,
  type Engine,
  type EngineOptions,
  generateApiKey,
} from "@domain-intel/engine";
import { createNodeHandler, problemOnClientError } from "@domain-intel/engine/node";
import { mcpRoute } from "@domain-intel/mcp";
import {
  bullmqSweepScheduler,
  bullmqWorkQueue,
  redisBatchStore,
  redisCache,
  redisHistory,
  redisRateLimit,
} from "@domain-intel/redis";
import { swaggerUi } from "@domain-intel/swagger-ui";
import type { Redis } from "ioredis";
import { configFromEnv, describeSettings, type ServeConfig } from "./config-from-env.js";
import { closeRedis, connectRedis, redactRedisUrl } from "./redis-connection.js";
import { reportPage } from "./report-page-route.js";
import { serveKeys } from "./serve-keys.js";
import { type ServeObservability, serveObservability } from "./serve-observability.js";

export interface RunningServer {
  readonly server: Server;
  readonly engine: Engine;
  /** e.g. `http://127.0.0.1:3000` */
  readonly url: string;
  /** Stops listening, drops open connections and closes the Redis client. */
  close(): Promise<void>;
}

export interface ServeOptions {
  env?: NodeJS.ProcessEnv;
  /** Where to say what happened (the generated key, the address). Default: stdout. */
  print?: (line: string) => void;
  /** Engine options applied over the environment's (probes, cache, rate limits for embedders). */
  engine?: Partial<EngineOptions>;
}

/** `domain-intel serve`: the engine on plain node:http, configured by the environment. */
export async function serve(options: ServeOptions = {}): Promise<RunningServer> {
  const print = options.print ?? ((line: string) => process.stdout.write(`${line}\n`));
  const config = configFromEnv(options.env ?? process.env);
  const observed = serveObservability(config.observability);
  const logger = options.engine?.logger ?? consoleLogger;
  let redis: Redis | undefined;
  if (config.redisUrl) {
    redis = await connectRedis({
      url: config.redisUrl,
      onStateChange: (message) => logger.warn(message),
    }).catch((error: Error) => {
      throw new Error(`REDIS_URL: ${error.message}`);
    });
    print(
      `Redis: ${redactRedisUrl(config.redisUrl)} (cache, rate limits, API keys, batch jobs, history).`,
    );
  }
  try {
    return await listen(options, config, redis, print, observed);
  } catch (error) {
    if (redis) await closeRedis(redis);
    throw error;
  }
}

async function listen(
  options: ServeOptions,
  config: ServeConfig,
  redis: Redis | undefined,
  print: (line: string) => void,
  observed: ServeObservability,
): Promise<RunningServer> {
  const configured =
    options.engine?.keys ?? (await serveKeys({ config, print, ...(redis ? { redis } : {}) }));
  // Generated now, printed only once the port is ours: a key shown by a server that then
  // dies on a busy port would be a key for nothing.
  const generated = configured ? undefined : generateApiKey();
  const keys = configured ?? [generated as string];
  const shared: Partial<EngineOptions> =
    redis && config.redisUrl
      ? {
          cache: redisCache({ client: redis }),
          rateLimit: { store: redisRateLimit({ client: redis }) },
          // Batch jobs on BullMQ: every instance on this Redis takes and answers for them.
          batch: {
            store: redisBatchStore({ client: redis }),
            queue: bullmqWorkQueue({
              connection: config.redisUrl,
              logger: options.engine?.logger ?? consoleLogger,
            }),
          },
          history: { store: redisHistory({ client: redis }) },
          // One sweep at a time across every instance on this Redis.
          ...(config.engine.watch
            ? {
                watch: {
                  ...config.engine.watch,
                  scheduler: bullmqSweepScheduler({ client: redis }),
                },
              }
            : {}),
        }
      : {};
  // `docs: false`, as the engine took it before the page left it, still turns the pages off.
  const docs = config.pages.docs && options.engine?.docs !== false;
  const engine = createEngine({
    // The reference page at {basePath}/docs, as before it left the engine, the report page at
    // {basePath}/view, and MCP over Streamable HTTP at {basePath}/mcp behind the same keys and
    // rate limits; an embedder's own routes replace them.
    routes: [
      ...(docs ? [swaggerUi()] : []),
      ...(docs && config.pages.view ? [reportPage()] : []),
      mcpRoute(),
    ],
    ...config.engine,
    ...shared,
    ...options.engine,
    // Metrics, request logs and traces from the environment, beside an embedder's own hooks.
    hooks: [...observed.hooks, ...[options.engine?.hooks ?? []].flat()],
    keys,
  });
  const handler = createNodeHandler(engine);
  const server = createServer((request, response) => {
    if (!observed.answerMetrics(request, response)) handler(request, response);
  });
  // Node's own refusals (oversized headers, malformed request lines) as problem+json too.
  problemOnClientError(server, engine);
  // Slow or idle clients must not pin sockets forever.
  server.requestTimeout = 60_000;
  server.headersTimeout = 20_000;
  await bind(server, config);
  const address = server.address() as AddressInfo;
  print(describeSettings(config, address.port));
  const watching = Object.entries(config.observed);
  if (watching.length > 0) {
    print(`Observability: ${watching.map(([name, value]) => `${name}=${value}`).join(" ")}`);
  }
  if (generated) {
    print(
      `No API key configured (DOMAIN_INTEL_KEYS or DOMAIN_INTEL_KEYS_FILE), so one was generated for this run.`,
    );
    print(`It is shown only once: ${generated}`);
  }
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const url = `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${address.port}`;
  print(
    `domain-intel listening on ${url}${engine.basePath} (try ${url}${engine.basePath}/dns/example.com)`,
  );
  return {
    server,
    engine,
    url,
    close: async () => {
      try {
        await new Promise<void>((resolve, reject) => {
          server.close((error) => (error ? reject(error) : resolve()));
          server.closeAllConnections();
        });
      } finally {
        // The batch worker first: its jobs go back to the queue for another instance.
        await engine.close();
        await observed.flush();
        if (redis) await closeRedis(redis);
      }
    },
  };
}

/** Why the address could not be had, naming the variable to change. */
function bindFailure(error: NodeJS.ErrnoException, config: ServeConfig): Error {
  const where = `${config.host}:${config.port}`;
  switch (error.code) {
    case "EADDRINUSE":
      return new Error(`PORT: ${where} is already in use (EADDRINUSE)`);
    case "EACCES":
      return new Error(`PORT: ${where} needs privileges this process does not have (EACCES)`);
    case "EADDRNOTAVAIL":
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return new Error(`HOST: cannot listen on ${config.host} (${error.code})`);
    default:
      return new Error(`cannot listen on ${where}: ${error.message}`);
  }
}

function bind(server: Server, config: ServeConfig): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const fail = (error: NodeJS.ErrnoException) => reject(bindFailure(error, config));
    server.once("error", fail);
    // A deeper accept queue than Node's default 511, so a burst of clients waits in the
    // kernel instead of being dropped into TCP retransmits.
    server.listen({ port: config.port, host: config.host, backlog: 4096 }, () => {
      server.off("error", fail);
      resolve();
    });
  });
}
