import { pathToFileURL } from "node:url";
import type * as engineModule from "../../packages/engine/dist/index.js";

/** What a web bench needs of an engine build. */
export type EngineBuild = Pick<typeof engineModule, "createEngine" | "httpProbe">;

/**
 * Another build of the engine to measure beside this one, side by side in the same run:
 * `BENCH_ENGINE_BEFORE=<its packages/engine/dist/index.js>` (e.g. main's, copied with its
 * package.json and a node_modules link before building this branch). Null when not given.
 */
export async function engineBefore(): Promise<EngineBuild | null> {
  const path = process.env.BENCH_ENGINE_BEFORE;
  if (!path) return null;
  return (await import(pathToFileURL(path).href)) as EngineBuild;
}
