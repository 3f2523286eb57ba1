import { fileKeyStore } from "@domain-intel/api-keys";
import { type KeyVerifier, keyStatus, keysFromStore, staticKeys } from "@domain-intel/engine";
import { redisKeys } from "@domain-intel/redis";
import type { Redis } from "ioredis";
import { anyKeyVerifier } from "./any-key-verifier.js";
import type { ServeConfig } from "./config-from-env.js";

export interface ServeKeysOptions {
  readonly config: ServeConfig;
  /** Connected when REDIS_URL is set: its key store is consulted too. */
  readonly redis?: Redis;
  /** Where to say which stores serve keys (never a key). */
  readonly print: (line: string) => void;
}

/**
 * The verifier of `serve`, from every configured source: DOMAIN_INTEL_KEYS, the key file
 * (JSON, or the legacy one-key-a-line list: both are read, and re-read when the file changes)
 * and Redis. Undefined when none is configured.
 */
export async function serveKeys(options: ServeKeysOptions): Promise<KeyVerifier | undefined> {
  const { config, redis, print } = options;
  const verifiers: KeyVerifier[] = [];
  if (config.engine.keys && config.engine.keys.length > 0) {
    verifiers.push(staticKeys({ keys: config.engine.keys }));
  }
  if (config.keysFile) {
    const path = config.keysFile;
    const store = fileKeyStore({ path });
    const format = await store.format();
    if (format === "missing") {
      throw new TypeError(
        `DOMAIN_INTEL_KEYS_FILE: ${path} does not exist; create a key with "domain-intel keys create --file ${path} --name NAME"`,
      );
    }
    const active = (await store.list()).filter((record) => keyStatus(record) === "active");
    print(
      format === "legacy"
        ? `API keys: ${path}, a legacy list of ${active.length} keys ("domain-intel keys migrate" converts it to the managed JSON file).`
        : `API keys: ${path}, ${active.length} active; keys created or revoked with "domain-intel keys" apply within seconds.`,
    );
    verifiers.push(keysFromStore({ store }));
  }
  if (redis) {
    const store = redisKeys({ client: redis });
    print(`API keys: Redis too ("domain-intel keys ... --redis" manages them).`);
    verifiers.push(keysFromStore({ store }));
  }
  return verifiers.length === 0 ? undefined : anyKeyVerifier({ verifiers });
}
