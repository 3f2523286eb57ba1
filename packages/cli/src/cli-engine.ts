import { createEngine, type Engine } from "@domain-intel/engine";
import { configFromEnv } from "./config-from-env.js";
import { generateApiKey } from "./generate-key.js";

/** The engine of `report` and `audit`: serve's settings from the environment, no cache store. */
export function cliEngine(env: NodeJS.ProcessEnv): Engine {
  const config = configFromEnv(env);
  // No HTTP here, so no caller to authenticate; the engine still wants a verifier.
  return createEngine({ ...config.engine, keys: [generateApiKey()], rateLimit: false });
}
