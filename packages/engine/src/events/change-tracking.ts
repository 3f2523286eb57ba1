import type { MaybePromise } from "../contract/maybe-promise.js";
import type { NetworkPolicy } from "../contract/probe.js";
import type { SectionResult } from "../contract/section-result.js";
import { type HistoryOptions, historyLimits } from "../history/history-options.js";
import { createHistoryRecorder } from "../history/history-recorder.js";
import type { ContentSnapshot, DomainHistory } from "../history/history-store.js";
import { memoryHistory } from "../history/memory-history.js";
import type { Logger } from "../logging/logger.js";
import type { EventListener, EventType } from "./domain-event.js";
import { createEventBus } from "./event-bus.js";
import { sectionEvents } from "./section-events.js";
import { createWebhookDelivery } from "./webhook-delivery.js";
import type { WebhookOptions } from "./webhook-options.js";

export interface ChangeTracking {
  /** Whether history is kept (then the engine serves `/history/{domain}`). */
  readonly enabled: boolean;
  /** For the section layer: a result a probe run produced and the store kept. */
  readonly onFresh?: (result: SectionResult) => void;
  /** What history keeps as it is now, without waiting for results being recorded. */
  readonly kept?: {
    latest(domain: string, section: string): MaybePromise<ContentSnapshot | undefined>;
    read(domain: string): MaybePromise<DomainHistory>;
  };
  /** The domain's snapshots and changes, once results being recorded are in. */
  history(domain: string): Promise<DomainHistory>;
  /** Resolves once every result handed over so far is recorded and its events emitted. */
  settled(): Promise<void>;
  on(type: EventType | "*", listener: EventListener): () => void;
  close(): Promise<void>;
}

/**
 * History, the events drawn from it and their webhooks, wired together: each fresh result is
 * recorded, its changes and crossed expiry thresholds become events, and every event goes to
 * the listeners and to each webhook's queue.
 */
export function createChangeTracking(options: {
  readonly history: HistoryOptions | false | undefined;
  readonly webhooks: WebhookOptions | readonly WebhookOptions[] | undefined;
  readonly network: NetworkPolicy;
  readonly logger: Logger;
}): ChangeTracking {
  const { network, logger } = options;
  const events = createEventBus(logger);
  const webhooks = (
    options.webhooks === undefined
      ? []
      : Array.isArray(options.webhooks)
        ? options.webhooks
        : [options.webhooks as WebhookOptions]
  ).map((webhook) => createWebhookDelivery({ webhook, network, logger }));
  for (const delivery of webhooks) events.on("*", delivery.deliver);
  const close = async () => {
    await Promise.all(webhooks.map((delivery) => delivery.close()));
  };
  if (options.history === false) {
    return {
      enabled: false,
      history: async () => ({ snapshots: [], changes: [] }),
      settled: async () => undefined,
      on: events.on,
      close,
    };
  }
  const store = options.history?.store ?? memoryHistory();
  const limits = historyLimits(options.history ?? {});
  const recorder = createHistoryRecorder({
    store,
    limits,
    logger,
    onRecorded: async (recorded) => {
      for (const event of await sectionEvents(recorded, store)) events.emit(event);
    },
  });
  return {
    enabled: true,
    onFresh: recorder.record,
    kept: {
      latest: (domain, section) => store.latest(domain, section),
      read: (domain) => store.read(domain, limits),
    },
    async history(domain) {
      await recorder.settled();
      return store.read(domain, limits);
    },
    settled: recorder.settled,
    on: events.on,
    close,
  };
}
