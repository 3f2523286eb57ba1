/** The event types, the public contract fixes them (README: "History, watch and events"). */
export const eventTypes = [
  "certificate.expiring",
  "domain.expiring",
  "certificate.changed",
  "nameservers.changed",
  "registrar.changed",
  "dnssec.changed",
  "finding.changed",
  "provider.changed",
] as const;

export type EventType = (typeof eventTypes)[number];

/** What a listener gets and a webhook's body carries. */
export interface DomainEvent {
  readonly type: EventType;
  readonly domain: string;
  /** When the event was emitted (ISO 8601). */
  readonly at: string;
  readonly data: Readonly<Record<string, unknown>>;
}

export type EventListener = (event: DomainEvent) => void | Promise<void>;
