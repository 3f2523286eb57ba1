import { consoleLogger, createEngine, type Engine, type EngineOptions } from "@domain-intel/engine";
import { serveStdio } from "@domain-intel/mcp";
import { redisCache } from "@domain-intel/redis";
import type { Redis } from "ioredis";
import { configFromEnv } from "./config-from-env.js";
import { generateApiKey } from "./generate-key.js";
import { closeRedis, connectRedis } from "./redis-connection.js";

export interface McpCommandOptions {
  env?: NodeJS.ProcessEnv;
  /** Extra engine options, applied over the environment's. */
  engine?: Partial<EngineOptions>;
}

/**
 * `domain-intel mcp`: the Model Context Protocol on stdio, configured by the same environment
 * as `serve` (resolvers, CA file, RDAP bootstrap, REDIS_URL for a shared cache). Resolves once
 * the client hangs up. Standard output carries the protocol only; the logger writes to stderr.
 */
export async function mcpCommand(options: McpCommandOptions = {}): Promise<void> {
  const config = configFromEnv(options.env ?? process.env);
  const logger = options.engine?.logger ?? consoleLogger;
  let redis: Redis | undefined;
  if (config.redisUrl) {
    redis = await connectRedis({
      url: config.redisUrl,
      onStateChange: (message) => logger.warn(message),
    }).catch((error: Error) => {
      throw new Error(`REDIS_URL: ${error.message}`);
    });
  }
  try {
    const engine = mcpEngine(config.engine, {
      ...(redis ? { cache: redisCache({ client: redis }) } : {}),
      ...options.engine,
    });
    const running = await serveStdio(engine);
    await running.closed;
  } finally {
    if (redis) await closeRedis(redis);
  }
}

/**
 * The engine of `mcp`: serve's settings without its watch list and webhooks, which belong to
 * the one long-running server; an MCP host started in the same environment would otherwise
 * sweep the same domains and send every event a second time.
 */
export function mcpEngine(
  settings: Omit<EngineOptions, "keys">,
  overrides: Partial<EngineOptions> = {},
): Engine {
  const { watch: _watch, webhooks: _webhooks, ...engine } = settings;
  return createEngine({
    ...engine,
    ...overrides,
    // Stdio has no HTTP caller to authenticate; the engine still wants a verifier.
    keys: [generateApiKey()],
  });
}
