/**
 * Leak checks for fault tests: counts of the handles that keep a process alive (sockets,
 * servers, timers, pending DNS look-ups), by type, from `process.getActiveResourcesInfo()`.
 *
 *   const before = await activeResources();
 *   ... start servers, run the faulty exchange, close the servers ...
 *   expect(await leakedResources(before)).toEqual({});
 */
export type ResourceCounts = Record<string, number>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What is open right now, by type (`TCPSocketWrap`, `UDPWrap`, `Timeout`...). */
export function countResources(): ResourceCounts {
  const counts: ResourceCounts = {};
  for (const type of process.getActiveResourcesInfo()) counts[type] = (counts[type] ?? 0) + 1;
  return counts;
}

/** The baseline of a test: taken once what earlier tests closed has had a moment to go. */
export async function activeResources(settleMs = 20): Promise<ResourceCounts> {
  await sleep(settleMs);
  return countResources();
}

/**
 * The handles open beyond `before`, by type: `{}` when nothing leaked. Waits up to `withinMs`
 * for closing sockets and cleared timers to go (a socket destroyed a moment ago is still
 * listed until its close callback ran), polling every few milliseconds; whatever is still
 * open then is a leak. Timers of the test runner come and go, so only counts above the
 * baseline count.
 */
export async function leakedResources(
  before: ResourceCounts,
  { withinMs = 2000 }: { withinMs?: number } = {},
): Promise<ResourceCounts> {
  const deadline = performance.now() + withinMs;
  for (;;) {
    // The poll's own timer is not open while this runs.
    const excess: ResourceCounts = {};
    for (const [type, count] of Object.entries(countResources())) {
      if (count > (before[type] ?? 0)) excess[type] = count - (before[type] ?? 0);
    }
    if (Object.keys(excess).length === 0 || performance.now() >= deadline) return excess;
    await sleep(10);
  }
}
