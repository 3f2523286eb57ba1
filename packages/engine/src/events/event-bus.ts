import { describeError, type Logger } from "../logging/logger.js";
import {
  type DomainEvent,
  type EventListener,
  type EventType,
  eventTypes,
} from "./domain-event.js";

export interface EventBus {
  /** Calls `listener` with every event of `type` (`"*"`: every event); returns how to stop. */
  on(type: EventType | "*", listener: EventListener): () => void;
  emit(event: DomainEvent): void;
}

/** In-process delivery to listeners; one that throws or rejects is logged, the others still run. */
export function createEventBus(logger: Logger): EventBus {
  const listeners = new Map<string, Set<EventListener>>();
  const call = (listener: EventListener, event: DomainEvent) => {
    const failed = (error: unknown) =>
      logger.warn("event listener failed", { type: event.type, error: describeError(error) });
    try {
      const outcome = listener(event);
      if (outcome && typeof outcome.then === "function") outcome.then(undefined, failed);
    } catch (error) {
      failed(error);
    }
  };
  return {
    on(type, listener) {
      if (type !== "*" && !eventTypes.includes(type))
        throw new TypeError(
          `engine.on: unknown event "${type}"; expected "*" or one of ${eventTypes.join(", ")}`,
        );
      if (typeof listener !== "function")
        throw new TypeError("engine.on: listener must be a function");
      const set = listeners.get(type) ?? new Set<EventListener>();
      listeners.set(type, set);
      set.add(listener);
      return () => set.delete(listener);
    },
    emit(event) {
      for (const listener of listeners.get(event.type) ?? []) call(listener, event);
      for (const listener of listeners.get("*") ?? []) call(listener, event);
    },
  };
}
