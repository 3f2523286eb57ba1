import { createEngine, type EngineOptions } from "@domain-intel/engine";
import { configFromEnv } from "./config-from-env.js";
import { generateApiKey } from "./generate-key.js";

export interface ReportCommandOptions {
  domain: string;
  section?: string;
  env?: NodeJS.ProcessEnv;
  /** Extra engine options (tests pass probes and network settings here). */
  engine?: Partial<EngineOptions>;
}

/** `domain-intel report <domain> [--section s]`: the JSON answer without a server. */
export async function reportCommand(options: ReportCommandOptions): Promise<unknown> {
  const config = configFromEnv(options.env ?? process.env);
  // No HTTP here, so no caller to authenticate; the engine still wants a verifier.
  const engine = createEngine({ ...config.engine, ...options.engine, keys: [generateApiKey()] });
  return engine.lookup(options.domain, options.section ?? "domain");
}
