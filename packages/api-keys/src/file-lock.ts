import { randomBytes } from "node:crypto";
import { open, readFile, stat, unlink } from "node:fs/promises";
import { hostname } from "node:os";
import { KeyStoreError } from "@domain-intel/engine";

export interface FileLockOptions {
  /** The lock file, created beside the file it guards. */
  readonly path: string;
  /** Longest wait for another writer. */
  readonly timeoutMs: number;
  /** A lock older than this, or whose process is gone, is taken over (its writer crashed). */
  readonly staleMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function processIsGone(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

async function removeIfStale(path: string, staleMs: number): Promise<void> {
  let content: string;
  let ageMs: number;
  try {
    content = await readFile(path, "utf8");
    ageMs = Date.now() - (await stat(path)).mtimeMs;
  } catch {
    return; // Released meanwhile: the next attempt takes it.
  }
  const [pid, host] = content.split("\n");
  const sameHost = host === hostname();
  if (ageMs > staleMs || (sameHost && processIsGone(Number(pid)))) {
    // Only if it is still the lock we judged: another waiter may have taken it over already.
    const again = await readFile(path, "utf8").catch(() => undefined);
    if (again === content) await unlink(path).catch(() => undefined);
  }
}

/**
 * Runs `work` while holding an exclusive lock file (created with O_EXCL), so that writers in
 * different processes take turns: each reads the latest file, changes it and writes it back
 * without losing another's change. Readers need no lock: writes replace the file atomically.
 */
export async function withFileLock<T>(
  options: FileLockOptions,
  work: () => Promise<T>,
): Promise<T> {
  const token = `${process.pid}\n${hostname()}\n${randomBytes(8).toString("hex")}`;
  const deadline = Date.now() + options.timeoutMs;
  for (let attempt = 0; ; attempt++) {
    try {
      const handle = await open(options.path, "wx", 0o600);
      try {
        await handle.writeFile(token, "utf8");
      } finally {
        await handle.close();
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") {
        throw new KeyStoreError(
          "unwritable",
          `Cannot create ${options.path}: ${(error as Error).message}`,
          { cause: error },
        );
      }
      if (Date.now() > deadline) {
        throw new KeyStoreError(
          "unwritable",
          `Another process holds ${options.path}; try again, or remove it if no domain-intel command is running.`,
        );
      }
      await removeIfStale(options.path, options.staleMs);
      // Jittered, growing waits: two waiters do not retry in lockstep.
      await sleep(Math.min(200, 5 * 2 ** Math.min(attempt, 5)) * (0.5 + Math.random()));
    }
  }
  try {
    return await work();
  } finally {
    const content = await readFile(options.path, "utf8").catch(() => undefined);
    if (content === token) await unlink(options.path).catch(() => undefined);
  }
}
