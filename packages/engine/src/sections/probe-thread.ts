/**
 * A probe thread: runs built-in sections' probe runs off the main thread (`network.probeThreads`),
 * so their parsing, crypto and garbage never hold up the cache hits the main thread serves.
 * Outbound slots and network data stay on the main thread and are asked for by message.
 */
import { parentPort, workerData } from "node:worker_threads";
import { type Probe, ProbeError } from "../contract/probe.js";
import { createBuiltInProbe } from "../probes/built-in.js";
import { type NetworkAnswer, noNetworkAnswer } from "../protocols/ip-network/ip-network.js";
import { type NetworkData, networkData } from "../protocols/ip-network/network-data.js";
import {
  type FromThread,
  fromThreadError,
  type ThreadSetup,
  type ToThread,
  toThreadError,
} from "./probe-thread-messages.js";

const setup = workerData as ThreadSetup;
const port = parentPort!;
const post = (message: FromThread) => port.postMessage(message);

let nextAsk = 0;
const asked = new Map<number, (answer: NetworkAnswer) => void>();
let dataName = "name" in setup.networkData ? setup.networkData.name : "cymru";
const mainThreadData: NetworkData = {
  get name() {
    return dataName;
  },
  // Never rejects, as the data's own lookup: the run's signal ends the wait (the main thread
  // bounds its own by the engine's budget, then answers).
  lookup: (address, { signal, withName }) =>
    new Promise((resolve) => {
      const ask = nextAsk++;
      const stop = () => {
        asked.delete(ask);
        resolve(noNetworkAnswer(`${dataName} was still loading when the time ran out`));
      };
      if (signal.aborted) {
        stop();
        return;
      }
      signal.addEventListener("abort", stop, { once: true });
      asked.set(ask, (answer) => {
        signal.removeEventListener("abort", stop);
        resolve(answer);
      });
      post({ type: "network-lookup", ask, address, withName: withName ?? false });
    }),
};

const shared = {
  networkData: "cymru" in setup.networkData ? networkData("cymru") : mainThreadData,
  rtr: null,
};
const probes = new Map<string, Probe>(
  setup.sections.map((name) => [name, createBuiltInProbe(name, setup.options, shared)]),
);

let nextSlot = 0;
const slots = new Map<number, { grant: () => void; refuse: (error: Error) => void }>();
const cancels = new Map<number, AbortController>();

port.on("message", (message: ToThread) => {
  switch (message.type) {
    case "run":
      void run(message);
      return;
    case "cancel":
      cancels
        .get(message.id)
        ?.abort(new ProbeError("timeout", "The run was cancelled by the engine."));
      return;
    case "granted":
      slots.get(message.slot)?.grant();
      slots.delete(message.slot);
      return;
    case "refused":
      slots.get(message.slot)?.refuse(fromThreadError(message.error));
      slots.delete(message.slot);
      return;
    case "network-answer":
      dataName = message.name;
      asked.get(message.ask)?.(message.answer);
      asked.delete(message.ask);
  }
});

post({ type: "ready" });

async function run(message: Extract<ToThread, { type: "run" }>): Promise<void> {
  const { id, section, domain, deadline, network } = message;
  const controller = new AbortController();
  cancels.set(id, controller);
  const remainingMs = () => Math.max(0, deadline - Date.now());
  const timeout = setTimeout(
    () =>
      controller.abort(
        new ProbeError(
          "timeout",
          `The ${section} probe did not finish within ${network.timeoutMs} ms.`,
        ),
      ),
    remainingMs(),
  );
  // The main thread's limit (already bounded by the run's answer reserve) grants each slot.
  const limit = <T>(operation: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      const slot = nextSlot++;
      slots.set(slot, {
        grant: () =>
          void operation()
            .then(resolve, reject)
            .finally(() => post({ type: "release", id, slot })),
        refuse: reject,
      });
      post({ type: "acquire", id, slot });
    });
  try {
    const data = await probes.get(section)!.run(domain, {
      signal: controller.signal,
      network,
      remainingMs,
      limit,
      ...(message.query === undefined ? {} : { query: message.query }),
    });
    post({ type: "done", id, data });
  } catch (error) {
    post({ type: "failed", id, error: toThreadError(error) });
  } finally {
    clearTimeout(timeout);
    cancels.delete(id);
  }
}
