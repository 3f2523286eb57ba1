import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { IpTables } from "./ip-tables.js";

/** What the loading thread is asked: the files, and the name of what they are. */
export interface TablesRequest {
  readonly source: string;
  readonly asnFiles: readonly string[];
  readonly countryFiles: readonly string[];
}

export type TablesReply =
  | { readonly tables: IpTables }
  | { readonly error: { name: string; message: string; code: string | undefined } };

/**
 * Builds the tables on a worker thread and resolves with them (their buffers moved here, not
 * copied); rejects with the worker's error, of the same class and code (a missing file's ENOENT,
 * a bad line's SyntaxError).
 */
export function buildTablesOffThread(request: TablesRequest): Promise<IpTables> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(request);
    let settled = false;
    worker.once("message", (reply: TablesReply) => {
      settled = true;
      if ("tables" in reply) resolve(reply.tables);
      else reject(workerError(reply.error));
      void worker.terminate();
    });
    worker.once("error", (error) => {
      settled = true;
      reject(error);
    });
    worker.once("exit", (code) => {
      if (!settled) reject(new Error(`the ip-data loading thread stopped (exit code ${code})`));
    });
  });
}

function workerError(error: { name: string; message: string; code: string | undefined }): Error {
  const made =
    error.name === "SyntaxError"
      ? new SyntaxError(error.message)
      : error.name === "TypeError"
        ? new TypeError(error.message)
        : new Error(error.message);
  if (error.code !== undefined) Object.assign(made, { code: error.code });
  return made;
}

/**
 * The built worker file beside this one; from the TypeScript sources (the tests), the same file
 * run through tsx, which registers itself in the worker before importing it.
 */
function startWorker(request: TablesRequest): Worker {
  const fromSources = import.meta.url.endsWith(".ts");
  const file = new URL(fromSources ? "./load-worker.ts" : "./load-worker.js", import.meta.url);
  if (!fromSources) return new Worker(file, { workerData: request });
  const tsx = createRequire(import.meta.url).resolve("tsx/package.json");
  const api = new URL("dist/esm/api/index.mjs", pathToFileURL(tsx)).href;
  const bootstrap = `const { register } = await import(${JSON.stringify(api)}); register(); await import(${JSON.stringify(file.href)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`), {
    workerData: request,
  });
}
