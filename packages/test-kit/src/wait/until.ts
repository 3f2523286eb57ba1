/** Resolves once `condition` holds, polling; rejects naming `what` after `withinMs`. */
export async function until(
  condition: () => boolean | Promise<boolean>,
  what: string,
  withinMs = 5000,
): Promise<void> {
  const deadline = performance.now() + withinMs;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
