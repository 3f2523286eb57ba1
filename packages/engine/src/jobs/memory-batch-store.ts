import {
  type BatchJob,
  type BatchJobSpec,
  type BatchProgress,
  type BatchStore,
  isFinished,
} from "./batch-store.js";

export interface MemoryBatchStoreOptions {
  /** How long a job and its results are kept after creation. Default 24 h. */
  readonly ttlMs?: number;
  /** Most jobs kept; the oldest go first. Default 1,000. */
  readonly maxJobs?: number;
  /** Most bytes of result lines kept across jobs; the oldest jobs go first. Default 256 MiB. */
  readonly maxBytes?: number;
}

/** The in-memory BatchStore, with what it counts against its bounds. */
export interface MemoryBatchStore extends BatchStore {
  /** Bytes of result lines currently held, as counted against `maxBytes`. */
  readonly bytes: number;
  /** Jobs currently kept. */
  readonly size: number;
}

interface Entry {
  spec: BatchJobSpec;
  progress: BatchProgress;
  lines: string[];
  recorded: Set<number>;
  bytes: number;
  expires: number;
}

/** Batch jobs in this process's memory, bounded in count and age. */
export function memoryBatchStore(options: MemoryBatchStoreOptions = {}): MemoryBatchStore {
  const ttlMs = options.ttlMs ?? 86_400_000;
  const maxJobs = options.maxJobs ?? 1_000;
  const maxBytes = options.maxBytes ?? 256 * 1024 * 1024;
  for (const [name, value] of [
    ["ttlMs", ttlMs],
    ["maxJobs", maxJobs],
    ["maxBytes", maxBytes],
  ] as const) {
    if (!Number.isInteger(value) || value < 1)
      throw new TypeError(`memoryBatchStore: options.${name} must be a positive integer`);
  }
  const jobs = new Map<string, Entry>();
  let bytes = 0;

  function drop(id: string): void {
    bytes -= jobs.get(id)?.bytes ?? 0;
    jobs.delete(id);
  }

  // The oldest jobs go first, but never the one being written to.
  function evictFor(keep: string): void {
    for (const id of jobs.keys()) {
      if (bytes <= maxBytes) return;
      if (id !== keep) drop(id);
    }
  }

  function entry(id: string): Entry | undefined {
    const found = jobs.get(id);
    if (found && found.expires <= Date.now()) {
      drop(id);
      return undefined;
    }
    return found;
  }

  return {
    async create(spec) {
      while (jobs.size >= maxJobs) drop(jobs.keys().next().value!);
      jobs.set(spec.id, {
        spec,
        progress: { status: "queued", done: 0, failed: 0 },
        lines: [],
        recorded: new Set(),
        bytes: 0,
        expires: Date.now() + ttlMs,
      });
    },
    async get(id) {
      const found = entry(id);
      return found ? ({ ...found.spec, ...found.progress } satisfies BatchJob) : undefined;
    },
    async progress(id) {
      return entry(id)?.progress;
    },
    async setStatus(id, status) {
      const found = entry(id);
      if (!found) return undefined;
      if (!isFinished(found.progress.status)) found.progress = { ...found.progress, status };
      return found.progress;
    },
    async record(id, index, line, failed) {
      const found = entry(id);
      if (!found || found.recorded.has(index)) return;
      found.recorded.add(index);
      found.lines.push(line);
      found.bytes += line.length;
      bytes += line.length;
      evictFor(id);
      const { status, done, failed: failures } = found.progress;
      found.progress = { status, done: done + 1, failed: failures + (failed ? 1 : 0) };
    },
    async recorded(id) {
      return new Set(entry(id)?.recorded);
    },
    async results(id, from) {
      return entry(id)?.lines.slice(from) ?? [];
    },
    get bytes() {
      return bytes;
    },
    get size() {
      return jobs.size;
    },
  };
}
