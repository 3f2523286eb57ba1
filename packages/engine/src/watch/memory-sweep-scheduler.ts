import type { SweepJob, SweepScheduler } from "./sweep-scheduler.js";

/**
 * One sweep at a time in this process: the first at start, each next one `intervalMs` after
 * the previous one started, or as soon as it ends when it took longer.
 */
export function memorySweepScheduler(): SweepScheduler {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let controller: AbortController | undefined;
  let stopped = false;

  return {
    start(job: SweepJob) {
      if (timer || running) throw new Error("memorySweepScheduler: already started");
      stopped = false;
      const tick = () => {
        timer = undefined;
        const started = Date.now();
        controller = new AbortController();
        running = job
          .sweep(controller.signal)
          .catch(() => undefined)
          .finally(() => {
            running = undefined;
            if (stopped) return;
            timer = setTimeout(tick, Math.max(0, started + job.intervalMs - Date.now()));
            timer.unref();
          });
      };
      tick();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      controller?.abort();
      await running;
    },
  };
}
