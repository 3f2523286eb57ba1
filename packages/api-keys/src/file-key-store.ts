import { createHash } from "node:crypto";
import { type FileHandle, open, stat } from "node:fs/promises";
import {
  cleanKeyRecord,
  type KeyRecord,
  type KeyStore,
  KeyStoreError,
  keyRecordProblem,
} from "@domain-intel/engine";
import { writeFileAtomic } from "./atomic-write.js";
import { withFileLock } from "./file-lock.js";

export interface FileKeyStoreOptions {
  /** The JSON key file. Created by the first key; read again whenever it changes on disk. */
  readonly path: string;
  /** Longest wait for another process writing the file. Default 10,000 ms. */
  readonly lockTimeoutMs?: number;
}

/**
 * `json`: the key file this store writes. `legacy`: plain keys or `sha256:` hashes one a line
 * (what `DOMAIN_INTEL_KEYS_FILE` held before key management), readable but not writable until
 * migrated. `missing`: no file yet.
 */
export type KeyFileFormat = "json" | "legacy" | "missing";

export interface FileKeyStore extends KeyStore {
  readonly path: string;
  format(): Promise<KeyFileFormat>;
  /**
   * Rewrites a legacy key list as a JSON key file: plain keys are replaced by their hashes, ids
   * stay the ones `staticKeys` gave them (so rate-limit buckets carry over), comments are
   * dropped. Returns how many keys were carried over; 0 and no change for a JSON file.
   */
  migrate(): Promise<{ readonly migrated: number }>;
}

/** The file's shape. `format` tells it from other JSON a path might point at by mistake. */
interface KeyFile {
  format: "domain-intel-keys";
  version: 1;
  keys: KeyRecord[];
}

interface Snapshot {
  /** Inode, size and mtime: an atomic rename always changes the inode. */
  readonly signature: string;
  readonly format: KeyFileFormat;
  readonly records: readonly KeyRecord[];
  readonly byHash: ReadonlyMap<string, KeyRecord>;
  readonly mode: number;
}

const signatureOf = (info: { ino: number; size: number; mtimeMs: number }) =>
  `${info.ino}:${info.size}:${info.mtimeMs}`;

const legacyHashed = /^sha256:([0-9a-f]{64})$/i;

function parseLegacy(path: string, text: string, createdAt: string): KeyRecord[] {
  const records: KeyRecord[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line.length === 0 || line.startsWith("#")) return;
    const hashed = legacyHashed.exec(line);
    if (line.toLowerCase().startsWith("sha256:") && !hashed) {
      throw new KeyStoreError(
        "corrupt",
        `${path}: line ${index + 1} must be "sha256:" and 64 hex digits`,
      );
    }
    const hex = hashed ? hashed[1]!.toLowerCase() : createHash("sha256").update(line).digest("hex");
    // The id staticKeys gives the same key, so nothing keyed by it changes on migration.
    records.push({
      id: `key_${hex.slice(0, 8)}`,
      name: `line ${index + 1}`,
      hash: `sha256:${hex}`,
      createdAt,
      revoked: false,
    });
  });
  return records;
}

function parseJson(path: string, text: string): KeyRecord[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new KeyStoreError("corrupt", `${path} is not valid JSON; it was left as it is.`);
  }
  const file = data as Partial<KeyFile>;
  if (file?.format !== "domain-intel-keys" || file.version !== 1 || !Array.isArray(file.keys)) {
    throw new KeyStoreError(
      "corrupt",
      `${path} is not a domain-intel key file (format "domain-intel-keys", version 1, keys).`,
    );
  }
  return file.keys.map((record, index) => {
    const problem = keyRecordProblem(record);
    if (problem) throw new KeyStoreError("corrupt", `${path}: keys[${index}].${problem}`);
    return Object.freeze(cleanKeyRecord(record));
  });
}

function snapshotOf(
  path: string,
  records: readonly KeyRecord[],
  format: KeyFileFormat,
  signature: string,
  mode: number,
): Snapshot {
  const byHash = new Map<string, KeyRecord>();
  const ids = new Set<string>();
  for (const record of records) {
    if (ids.has(record.id) || byHash.has(record.hash)) {
      throw new KeyStoreError("corrupt", `${path}: ${record.id} is stored twice.`);
    }
    ids.add(record.id);
    byHash.set(record.hash, record);
  }
  return { signature, format, records, byHash, mode };
}

const missing: Snapshot = {
  signature: "missing",
  format: "missing",
  records: [],
  byHash: new Map(),
  mode: 0o600,
};

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException)?.code;
  return code === "ENOENT";
}

function fail(option: string, expectation: string): never {
  throw new TypeError(`fileKeyStore: ${option ? `options.${option}` : "options"} ${expectation}`);
}

/**
 * API keys in a JSON file, as records holding only a hash of each key. Reads need no lock and
 * see every change on disk (the file's inode, size and time are checked on each read, which
 * costs one stat). Writes take a lock file beside it (`<path>.lock`), read the latest version,
 * and replace the file atomically (temporary file, fsync, rename), so two processes writing at
 * once lose nothing and a reader never sees half a file.
 */
export function fileKeyStore(options: FileKeyStoreOptions): FileKeyStore {
  if (typeof options !== "object" || options === null) fail("", "must be an object");
  const { path } = options;
  if (typeof path !== "string" || path.trim().length === 0) fail("path", "must be a file path");
  const lockTimeoutMs = options.lockTimeoutMs ?? 10_000;
  if (!Number.isInteger(lockTimeoutMs) || lockTimeoutMs < 0 || lockTimeoutMs > 600_000) {
    fail("lockTimeoutMs", "must be an integer from 0 to 600000");
  }

  let current: Snapshot | undefined;
  let loading: Promise<Snapshot> | undefined;
  // One write at a time from this process; the lock file orders it with other processes.
  let writes: Promise<unknown> = Promise.resolve();

  async function read(handle: FileHandle): Promise<Snapshot> {
    // Signature and bytes come from the same open file, so they always belong together.
    const info = await handle.stat();
    const signature = signatureOf(info);
    if (current?.signature === signature) return current;
    const text = (await handle.readFile("utf8")).replace(/^\uFEFF/, "");
    const trimmed = text.trim();
    const mode = info.mode & 0o777;
    if (trimmed.length === 0) return snapshotOf(path, [], "json", signature, mode);
    if (trimmed.startsWith("{")) {
      return snapshotOf(path, parseJson(path, text), "json", signature, mode);
    }
    const records = parseLegacy(path, text, new Date(info.mtimeMs).toISOString());
    return snapshotOf(path, records, "legacy", signature, mode);
  }

  async function loadFresh(): Promise<Snapshot> {
    let handle: FileHandle;
    try {
      handle = await open(path, "r");
    } catch (error) {
      if (isMissing(error)) return missing;
      throw new KeyStoreError("corrupt", `Cannot read ${path}: ${(error as Error).message}`, {
        cause: error,
      });
    }
    try {
      return await read(handle);
    } finally {
      await handle.close();
    }
  }

  /** The latest snapshot: one stat when nothing changed, a read when something did. */
  async function load(): Promise<Snapshot> {
    if (current) {
      try {
        if (signatureOf(await stat(path)) === current.signature) return current;
      } catch (error) {
        if (!isMissing(error)) throw error;
        if (current === missing) return current;
      }
    }
    // Callers arriving together share one read.
    loading ??= loadFresh().finally(() => {
      loading = undefined;
    });
    current = await loading;
    return current;
  }

  /** Read the latest file under the lock, change it, write it back (when `records` is given). */
  function mutate<T>(
    change: (snapshot: Snapshot) => { records?: readonly KeyRecord[]; result: T },
    { convertsLegacy = false } = {},
  ): Promise<T> {
    const run = writes.then(() =>
      withFileLock(
        { path: `${path}.lock`, timeoutMs: lockTimeoutMs, staleMs: 30_000 },
        async () => {
          const latest = await loadFresh();
          const { records, result } = change(latest);
          if (records === undefined) return result;
          if (latest.format === "legacy" && !convertsLegacy) {
            throw new KeyStoreError(
              "unwritable",
              `${path} is a plain list of keys (the legacy format); convert it first with "domain-intel keys migrate --file ${path}".`,
            );
          }
          const file: KeyFile = { format: "domain-intel-keys", version: 1, keys: [...records] };
          try {
            await writeFileAtomic({
              path,
              data: `${JSON.stringify(file, null, 2)}\n`,
              mode: latest.mode,
            });
          } catch (error) {
            throw new KeyStoreError(
              "unwritable",
              `Cannot write ${path}: ${(error as Error).message}`,
              {
                cause: error,
              },
            );
          }
          current = undefined;
          return result;
        },
      ),
    );
    writes = run.catch(() => undefined);
    return run;
  }

  const findById = (snapshot: Snapshot, id: string) =>
    snapshot.records.find((record) => record.id === id);

  function checkNew(snapshot: Snapshot, record: KeyRecord): KeyRecord {
    const problem = keyRecordProblem(record);
    if (problem) throw new TypeError(`fileKeyStore: record.${problem}`);
    if (findById(snapshot, record.id) || snapshot.byHash.has(record.hash)) {
      throw new KeyStoreError("conflict", `${record.id} or its key is already stored.`);
    }
    return Object.freeze(cleanKeyRecord(record));
  }

  const revoked = (record: KeyRecord): KeyRecord =>
    Object.freeze({ ...record, revoked: true, revokedAt: new Date().toISOString() });

  return {
    path,
    async format() {
      return (await load()).format;
    },
    create(record) {
      return mutate((snapshot) => ({
        records: [...snapshot.records, checkNew(snapshot, record)],
        result: undefined,
      }));
    },
    async list() {
      // A copy: the snapshot is shared by every caller and must not change under them.
      return [...(await load()).records];
    },
    async findByHash({ hash }) {
      return (await load()).byHash.get(hash);
    },
    revoke({ id }) {
      return mutate((snapshot) => {
        const record = findById(snapshot, id);
        // Unknown, or already revoked: nothing to write, the file stays as it is.
        if (!record || record.revoked) return { result: record };
        const updated = revoked(record);
        return {
          records: snapshot.records.map((each) => (each.id === id ? updated : each)),
          result: updated,
        };
      });
    },
    rotate({ id, replacement }) {
      return mutate((snapshot) => {
        const record = findById(snapshot, id);
        if (!record) return { result: undefined };
        if (record.revoked) {
          throw new KeyStoreError("revoked", `${id} is revoked; create a new key instead.`);
        }
        const added = checkNew(snapshot, replacement);
        const updated = revoked(record);
        return {
          records: [...snapshot.records.map((each) => (each.id === id ? updated : each)), added],
          result: updated,
        };
      });
    },
    migrate() {
      return mutate(
        (snapshot) => {
          if (snapshot.format !== "legacy") return { result: { migrated: 0 } };
          return {
            records: snapshot.records,
            result: { migrated: snapshot.records.length },
          };
        },
        { convertsLegacy: true },
      );
    },
  };
}
