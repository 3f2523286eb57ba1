import { accessSync, constants, statSync } from "node:fs";
import { delimiter, join } from "node:path";

/**
 * The path of `command` on `searchPath` (default: this process's PATH). A missing program
 * throws at once with the Debian package that provides it, instead of a test waiting for a
 * port that nothing will ever open.
 */
export function requireExecutable(
  command: string,
  options: { debianPackage: string; searchPath?: string },
): string {
  const searchPath = options.searchPath ?? process.env.PATH ?? "";
  for (const directory of searchPath.split(delimiter).filter(Boolean)) {
    const candidate = join(directory, command);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // Not in this directory.
    }
  }
  throw new Error(
    `${command} is not installed (not on PATH): apt-get install ${options.debianPackage}`,
  );
}
