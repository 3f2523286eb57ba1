import type { WorkerHandle, WorkJob, WorkProcessor, WorkQueue } from "./work-queue.js";

/**
 * The in-process queue: jobs wait in memory and are worked here. A job interrupted by
 * `stop()` goes back to the front of the queue, as a stalled BullMQ job would.
 */
export function memoryWorkQueue<T>(): WorkQueue<T> {
  const waiting: WorkJob<T>[] = [];
  const known = new Set<string>();
  const workers = new Set<() => void>();
  const idleWaiters = new Set<() => void>();
  let running = 0;

  const wake = () => {
    for (const poke of workers) poke();
    if (waiting.length === 0 && running === 0) {
      for (const resolve of idleWaiters) resolve();
      idleWaiters.clear();
    }
  };

  const queue: WorkQueue<T> = {
    async add(id, data) {
      if (known.has(id)) return;
      known.add(id);
      waiting.push({ id, data });
      wake();
    },
    work(processor: WorkProcessor<T>, { concurrency }): WorkerHandle {
      const controller = new AbortController();
      const active = new Set<Promise<void>>();
      const poke = () => {
        while (!controller.signal.aborted && active.size < concurrency && waiting.length > 0) {
          const job = waiting.shift()!;
          running++;
          const run = processor(job, controller.signal)
            .catch(() => undefined) // the processor reports its own trouble
            .then(() => {
              running--;
              active.delete(run);
              if (controller.signal.aborted) waiting.unshift(job);
              else known.delete(job.id);
              wake();
            });
          active.add(run);
        }
      };
      workers.add(poke);
      queueMicrotask(poke);
      return {
        idle: () =>
          waiting.length === 0 && running === 0
            ? Promise.resolve()
            : new Promise<void>((resolve) => idleWaiters.add(resolve)),
        async stop() {
          workers.delete(poke);
          controller.abort();
          await Promise.all(active);
        },
      };
    },
    async close() {},
  };
  return queue;
}
