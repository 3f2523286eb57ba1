import { createEngine, type Engine, memoryCache } from "@domain-intel/engine";
import { configFromEnv } from "./config-from-env.js";
import { generateApiKey } from "./generate-key.js";

/**
 * The engine of `report` and `audit`: serve's settings from the environment. A run asks for
 * each domain once, so a cache would only hold every report until the process ends (an audit
 * of 1,000 domains filled the server's 96 MB of budgets, and the heap behind them): a small
 * store, no ready-to-send copies. Requests in flight are still shared without it.
 */
export function cliEngine(
  env: NodeJS.ProcessEnv,
  options: { maxConcurrency?: number } = {},
): Engine {
  // serve's watch list, webhooks and history belong to a long-running server: a report or
  // audit run sharing its environment must not start sweeping the watched domains.
  const { watch: _watch, webhooks: _webhooks, ...engine } = configFromEnv(env).engine;
  return createEngine({
    ...engine,
    history: false,
    network: {
      ...engine.network,
      ...(options.maxConcurrency ? { maxConcurrency: options.maxConcurrency } : {}),
    },
    cache: memoryCache({ maxBytes: 1024 * 1024 }),
    caching: { hotBytes: 0 },
    // No HTTP here, so no caller to authenticate; the engine still wants a verifier.
    keys: [generateApiKey()],
    rateLimit: false,
  });
}
