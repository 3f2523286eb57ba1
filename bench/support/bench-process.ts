import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The tsconfig benchmark processes run under: tsx compiles the benchmark's own TypeScript, but
 * this tsconfig has no `paths`, so `@domain-intel/*` imported from a built package resolves to
 * the built package (dist), as users run it. Under the root tsconfig, tsx would follow its
 * `paths` to the sources, and measure tsx's transpiled output of them instead.
 */
export const benchTsconfig = fileURLToPath(new URL("../tsconfig.json", import.meta.url));

/** Node flags and environment for a child process that runs benchmark TypeScript. */
export const benchExecArgv = ["--import", "tsx"];
export function benchEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, TSX_TSCONFIG_PATH: benchTsconfig, ...extra };
}

/** Refuses to measure a process that would load the sources instead of the built packages. */
export function assertBenchTsconfig(): void {
  const given = process.env.TSX_TSCONFIG_PATH;
  if (given === undefined || resolve(given) !== benchTsconfig) {
    throw new Error(
      `benchmarks must run with TSX_TSCONFIG_PATH=${benchTsconfig} (the pnpm bench scripts set it), or the packages' sources are measured instead of dist`,
    );
  }
}
