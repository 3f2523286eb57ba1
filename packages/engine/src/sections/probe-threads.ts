import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { type Probe, type ProbeContext, ProbeError } from "../contract/probe.js";
import type { Logger } from "../logging/logger.js";
import { builtInSections, type SectionOptions, type SharedResources } from "../probes/built-in.js";
import {
  type FromThread,
  fromThreadError,
  type ThreadSetup,
  type ToThread,
  toThreadError,
} from "./probe-thread-messages.js";

/** Built-in sections' probe runs on worker threads (`network.probeThreads`). */
export interface ProbeThreads {
  /** The same probe, its runs made on a thread: summary, schema, query and TTL stay its own. */
  onThread(section: string, probe: Probe): Probe;
  /**
   * Starts the threads now, not with the first run, so no run's budget is spent waiting for one
   * (the engine calls it once it is made: nothing starts for options it refuses).
   */
  start(): void;
  /** Resolves once every thread is ready (until then, runs are made in process). */
  ready(): Promise<void>;
  /** The threads running now (a dead thread is replaced by the next run). */
  workers(): readonly Worker[];
  /** Ends every thread; runs still in flight fail with a ProbeError `internal`. */
  close(): Promise<void>;
}

interface Run {
  readonly section: string;
  readonly context: ProbeContext;
  /** The slots of the engine's limit this run holds: each one's release. */
  readonly slots: Map<number, () => void>;
  settle(outcome: { data: unknown } | { error: Error }): void;
}

interface Thread {
  readonly worker: Worker;
  readonly runs: Set<number>;
  /** Its probes are built (until then, runs are made in process). */
  ready: boolean;
  /** Why it stopped, when an error stopped it. */
  failure?: Error;
}

/**
 * A pool of `threads` workers, each running the built-in sections from the data part of the
 * engine's options (`given`, as the engine was given them); a run goes to the least busy ready
 * thread, or is made in process while none is (starting, or replacing one that died). The
 * engine's limit, its network data, RTR client and logger stay here: a thread asks for a slot
 * (and a network lookup) by message, so `network.maxConcurrency` holds across threads; hosting
 * runs here when an RTR client is configured (one session with the cache, in this thread). A
 * thread that dies fails its runs with a precise error and is replaced by the next run; threads
 * never keep the process alive.
 */
export function probeThreads(options: {
  threads: number;
  given: SectionOptions;
  shared: SharedResources;
  logger: Logger;
}): ProbeThreads {
  const { logger } = options;
  const { networkData } = options.shared;
  const onThreads = Object.keys(builtInSections).filter(
    (name) => name !== "hosting" || options.shared.rtr === null,
  );
  const cymru = options.given.hosting?.asnSource === "cymru";
  const sectionOptions = threadOptions(options.given);
  const slots: (Thread | undefined)[] = Array.from({ length: options.threads });
  const runs = new Map<number, Run>();
  const readyWaiters: (() => void)[] = [];
  let nextId = 0;
  let closed = false;

  const setup = (): ThreadSetup => ({
    sections: onThreads,
    options: sectionOptions,
    networkData: cymru ? { cymru: true } : { name: networkData.name },
  });

  function start(index: number): Thread {
    const thread: Thread = { worker: startWorker(setup()), runs: new Set(), ready: false };
    const post = (message: ToThread) => thread.worker.postMessage(message);
    thread.worker.on("message", (message: FromThread) => {
      if (message.type === "ready") {
        thread.ready = true;
        for (const waiting of readyWaiters.splice(0)) waiting();
      } else onMessage(message, post);
    });
    thread.worker.on("error", (error) => {
      thread.failure = error;
    });
    thread.worker.on("exit", (code) => {
      if (slots[index] === thread) slots[index] = undefined;
      const why = thread.failure ? `: ${thread.failure.message}` : "";
      for (const id of thread.runs) {
        const run = runs.get(id);
        run?.settle({
          error: new ProbeError(
            "internal",
            closed
              ? `The ${run.section} probe's thread was stopped: the engine closed.`
              : `The ${run.section} probe's thread stopped (exit code ${code}${why}).`,
          ),
        });
      }
      if (!closed) logger.error("probe thread stopped", { code, error: thread.failure?.message });
      for (const waiting of readyWaiters.splice(0)) waiting();
    });
    // After the listeners: adding a "message" listener refs the thread's port again.
    thread.worker.unref();
    slots[index] = thread;
    return thread;
  }

  function onMessage(
    message: Exclude<FromThread, { type: "ready" }>,
    post: (message: ToThread) => void,
  ): void {
    switch (message.type) {
      case "done":
        runs.get(message.id)?.settle({ data: message.data });
        return;
      case "failed":
        runs.get(message.id)?.settle({ error: fromThreadError(message.error) });
        return;
      case "acquire": {
        const run = runs.get(message.id);
        const refuse = (error: unknown) =>
          post({ type: "refused", slot: message.slot, error: toThreadError(error) });
        if (!run) {
          refuse(new ProbeError("timeout", "The run has ended."));
          return;
        }
        // The slot is held until the thread hands it back or the run ends.
        run.context
          .limit(
            () =>
              new Promise<void>((release) => {
                if (!runs.has(message.id)) return release();
                run.slots.set(message.slot, release);
                post({ type: "granted", slot: message.slot });
              }),
          )
          .catch(refuse);
        return;
      }
      case "release": {
        const run = runs.get(message.id);
        run?.slots.get(message.slot)?.();
        run?.slots.delete(message.slot);
        return;
      }
      case "network-lookup":
        void networkData
          .lookup(message.address, {
            // The thread's run ends its own wait; this bounds the load it may be waiting for.
            signal: AbortSignal.timeout(60_000),
            askTxt: async () => ({ error: "not asked from the main thread" }),
            withName: message.withName,
          })
          .then((answer) =>
            post({ type: "network-answer", ask: message.ask, answer, name: networkData.name }),
          );
    }
  }

  function startAll(): void {
    for (let index = 0; index < slots.length; index++) if (!slots[index]) start(index);
  }

  /** The least busy thread that is ready; a missing one is started for the runs after. */
  function leastBusy(): Thread | undefined {
    let best: Thread | undefined;
    for (let index = 0; index < slots.length; index++) {
      const thread = slots[index] ?? start(index);
      if (thread.ready && (!best || thread.runs.size < best.runs.size)) best = thread;
    }
    return best;
  }

  function run(probe: Probe, section: string, domain: string, context: ProbeContext) {
    if (closed)
      return Promise.reject(new ProbeError("internal", "The engine is closed: no probe runs."));
    const thread = leastBusy();
    // No thread ready yet (starting, or replacing one that died): the run's budget is not
    // spent waiting for one.
    if (!thread) return probe.run(domain, context);
    const id = nextId++;
    const post = (message: ToThread) => thread.worker.postMessage(message);
    return new Promise((resolve, reject) => {
      const cancel = () => post({ type: "cancel", id });
      const held = new Map<number, () => void>();
      runs.set(id, {
        section,
        context,
        slots: held,
        settle(outcome) {
          runs.delete(id);
          thread.runs.delete(id);
          context.signal.removeEventListener("abort", cancel);
          for (const release of held.values()) release();
          if ("error" in outcome) reject(outcome.error);
          else resolve(outcome.data);
        },
      });
      thread.runs.add(id);
      context.signal.addEventListener("abort", cancel, { once: true });
      post({
        type: "run",
        id,
        section,
        domain,
        deadline: Date.now() + context.remainingMs(),
        network: context.network,
        ...(context.query === undefined ? {} : { query: context.query }),
      });
    });
  }

  return {
    start: startAll,
    onThread: (section, probe) =>
      onThreads.includes(section)
        ? { ...probe, run: (domain, context) => run(probe, section, domain, context) }
        : probe,
    workers: () => slots.flatMap((thread) => (thread ? [thread.worker] : [])),
    async ready() {
      while (!closed && slots.some((thread) => !thread?.ready)) {
        startAll();
        await new Promise<void>((resolve) => readyWaiters.push(resolve));
      }
    },
    async close() {
      closed = true;
      await Promise.all(slots.map((thread) => thread?.worker.terminate()));
    },
  };
}

/**
 * The options the built-in sections read, each under its declaration's key, as data: the
 * network data source stays here (asked by message). Anything else that is not data is a
 * TypeError naming the option that turned threads on.
 */
function threadOptions(given: SectionOptions): SectionOptions {
  const keys = Object.values(builtInSections).map(
    ({ declaration }) => declaration.engineOptions.key,
  );
  const picked: Record<string, Readonly<Record<string, unknown>>> = {};
  for (const key of keys) {
    const value = given[key];
    if (value === undefined) continue;
    const { asnSource: _kept, ...rest } = value;
    picked[key] = key === "hosting" ? rest : value;
  }
  try {
    return structuredClone(picked);
  } catch (error) {
    throw new TypeError(
      `createEngine: options.network.probeThreads needs the sections' options to be data, to hand them to a thread (${(error as Error).message})`,
    );
  }
}

/**
 * The built worker file beside this one; from the TypeScript sources (the tests), the same file
 * run through tsx, which registers itself in the worker before importing it (as ip-data's).
 */
function startWorker(setup: ThreadSetup): Worker {
  const fromSources = import.meta.url.endsWith(".ts");
  const file = new URL(fromSources ? "./probe-thread.ts" : "./probe-thread.js", import.meta.url);
  if (!fromSources) return new Worker(file, { workerData: setup });
  const tsx = createRequire(import.meta.url).resolve("tsx/package.json");
  const api = new URL("dist/esm/api/index.mjs", pathToFileURL(tsx)).href;
  const bootstrap = `const { register } = await import(${JSON.stringify(api)}); register(); await import(${JSON.stringify(file.href)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`), {
    workerData: setup,
  });
}
