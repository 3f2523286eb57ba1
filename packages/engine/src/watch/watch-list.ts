import { readFile, stat } from "node:fs/promises";
import { normalizeDomain } from "../domain/normalize-domain.js";
import type { Logger } from "../logging/logger.js";

/**
 * The watched domains: the option's and the file's, normalised, each once. The file is read
 * again only when its modification time or size changed; a file that cannot be read keeps the
 * last list it gave (logged).
 */
export function watchList(options: {
  readonly domains?: readonly string[];
  readonly file?: string;
  readonly logger: Logger;
}): () => Promise<string[]> {
  const { file, logger } = options;
  let fileDomains: string[] = [];
  let seen = "";

  async function readFileDomains(): Promise<string[]> {
    if (!file) return [];
    try {
      const { mtimeMs, size } = await stat(file);
      const version = `${mtimeMs}:${size}`;
      if (version !== seen) {
        const text = await readFile(file, "utf8");
        fileDomains = text
          .split(/\r?\n/)
          .map((line) => line.replace(/#.*/, "").trim())
          .filter((line) => line !== "");
        seen = version;
      }
    } catch (error) {
      logger.warn("watch file could not be read; the last list stands", {
        file,
        error: (error as Error).message,
      });
    }
    return fileDomains;
  }

  return async () => {
    const names = new Set<string>();
    for (const raw of [...(options.domains ?? []), ...(await readFileDomains())]) {
      try {
        names.add(normalizeDomain(raw).name);
      } catch {
        logger.warn("watch list: not a domain name, skipped", { domain: raw.slice(0, 300) });
      }
    }
    return [...names];
  };
}
