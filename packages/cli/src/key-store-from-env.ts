import { type FileKeyStore, fileKeyStore } from "@domain-intel/api-keys";
import type { KeyStore } from "@domain-intel/engine";
import { redisKeys } from "@domain-intel/redis";
import { closeRedis, connectRedis, redactRedisUrl } from "./redis-connection.js";
import { parseRedisUrl } from "./serve-settings-schema.js";

export interface OpenKeyStoreOptions {
  /** `--file PATH`. */
  readonly file?: string;
  /** `--redis`: use REDIS_URL even when DOMAIN_INTEL_KEYS_FILE is set. */
  readonly redis?: boolean;
  readonly env: NodeJS.ProcessEnv;
}

export interface OpenedKeyStore {
  readonly store: KeyStore;
  /** Present for the file store (it can migrate a legacy list). */
  readonly file?: FileKeyStore;
  /** Where the keys are, for messages: a path or a redacted Redis URL. */
  readonly where: string;
  close(): Promise<void>;
}

/**
 * The key store the `keys` commands manage: `--file`, else `--redis`, else whichever one of
 * DOMAIN_INTEL_KEYS_FILE and REDIS_URL is set. Both set and no flag is refused rather than
 * guessed: a key created in the wrong store would silently not work.
 */
export async function openKeyStore(options: OpenKeyStoreOptions): Promise<OpenedKeyStore> {
  const { env } = options;
  if (options.file !== undefined && options.redis) {
    throw new TypeError("--file and --redis choose different stores; pass one of them");
  }
  const fromEnvFile = env.DOMAIN_INTEL_KEYS_FILE || undefined;
  const fromEnvRedis = env.REDIS_URL || undefined;
  if (options.file === undefined && !options.redis && fromEnvFile && fromEnvRedis) {
    throw new TypeError(
      "Both DOMAIN_INTEL_KEYS_FILE and REDIS_URL are set: pass --file PATH or --redis to choose the key store",
    );
  }
  const path = options.file ?? (options.redis ? undefined : fromEnvFile);
  if (path !== undefined) {
    if (path.trim() === "") throw new TypeError("--file needs a path");
    const file = fileKeyStore({ path });
    return { store: file, file, where: path, close: async () => undefined };
  }
  if (!fromEnvRedis) {
    throw new TypeError(
      options.redis
        ? "--redis needs REDIS_URL to be set"
        : "No key store: pass --file PATH, or set DOMAIN_INTEL_KEYS_FILE or REDIS_URL",
    );
  }
  const client = await connectRedis({ url: parseRedisUrl(fromEnvRedis) });
  return {
    store: redisKeys({ client }),
    where: redactRedisUrl(fromEnvRedis),
    close: () => closeRedis(client),
  };
}
