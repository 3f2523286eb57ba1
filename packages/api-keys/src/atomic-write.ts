import { randomBytes } from "node:crypto";
import { open, rename, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

export interface WriteFileAtomicOptions {
  readonly path: string;
  readonly data: string;
  /** Permission bits of the new file. */
  readonly mode: number;
}

/**
 * Replaces a file so that readers see the old bytes or the new ones, never a mix: the data
 * goes to a temporary file beside it, is flushed to disk, and is renamed over the old file
 * (rename is atomic within a directory). The directory is flushed too, so the rename itself
 * survives a crash; where that is not possible (some platforms) it is skipped.
 */
export async function writeFileAtomic(options: WriteFileAtomicOptions): Promise<void> {
  const { path, data, mode } = options;
  const directory = dirname(path);
  const temporary = join(
    directory,
    `.${basename(path)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`,
  );
  const handle = await open(temporary, "wx", mode);
  try {
    try {
      await handle.writeFile(data, "utf8");
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
  try {
    const directoryHandle = await open(directory, "r");
    try {
      await directoryHandle.sync();
    } finally {
      await directoryHandle.close();
    }
  } catch {
    // Directories cannot be opened or flushed everywhere (Windows); the rename is done anyway.
  }
}
