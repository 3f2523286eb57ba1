import { setMaxListeners } from "node:events";
import net from "node:net";
import type { ProbeContext } from "../../../contract/probe.js";
import { isAddressAllowed } from "../../../network/address-policy.js";
import { impossibleName } from "../impossible-name.js";
import { isDnsQueryError } from "../wire/errors.js";
import { type DnsResponse, type QueryType, query } from "../wire/query.js";
import type { ServerAddress } from "../wire/server-address.js";
import { probeZoneTransfer, type ZoneTransferOutcome } from "../wire/zone-transfer.js";

/**
 * Why a health query got no answer: the DNS transport's codes, `rcode` (a resolver answered
 * SERVFAIL, REFUSED...), `blocked` (the address policy forbids the server), `deadline` (the
 * assessment's share of the budget ran out first, which says nothing about the server) or
 * `impossible-name` (the name, read from data, breaks the DNS's length limits: never asked).
 */
export interface QueryFailure {
  readonly failed: true;
  readonly code:
    | "timeout"
    | "network"
    | "malformed"
    | "aborted"
    | "rcode"
    | "blocked"
    | "deadline"
    | "impossible-name";
  readonly message: string;
}

export type Outcome<T> = T | QueryFailure;

export const isFailure = (value: unknown): value is QueryFailure =>
  typeof value === "object" && value !== null && "failed" in value;

export const failure = (code: QueryFailure["code"], message: string): QueryFailure => ({
  failed: true,
  code,
  message,
});

export interface DirectQuery {
  /** An IP address learned from DNS data; asked on the authoritative port. */
  address: string;
  name: string;
  type: QueryType;
  transport?: "udp" | "tcp";
  recursionDesired?: boolean;
  dnssecOk?: boolean;
  edns?: boolean;
}

/** The queries of one assessment: every one under the engine's limit and one deadline. */
export interface HealthSession {
  readonly resolver: string;
  readonly allowPrivateAddresses: boolean;
  readonly nowSeconds: number;
  /** `host:port` of an authoritative server at `address`. */
  serverLabel(address: string): string;
  /** Through the recursive resolver, once per name and type (later calls share the answer). */
  recursive(options: { name: string; type: QueryType }): Promise<Outcome<DnsResponse>>;
  /** Straight to an authoritative server, without recursion unless asked. */
  direct(options: DirectQuery): Promise<Outcome<DnsResponse>>;
  transfer(options: { address: string; zone: string }): Promise<Outcome<ZoneTransferOutcome>>;
  /**
   * Cancels what is still in flight (a prefetch nobody needed), releases the deadline timer,
   * and resolves once every socket of the session is closed.
   */
  close(): Promise<void>;
}

const answeredRcodes = new Set(["NOERROR", "NXDOMAIN"]);

export function createHealthSession(options: {
  context: ProbeContext;
  resolver: ServerAddress;
  authoritativePort: number;
  udpTries: number;
  tryTimeoutMs: number;
  /** Milliseconds left for the assessment; what has not answered by then is reported as such. */
  budgetMs: number;
  nowSeconds: number;
}): HealthSession {
  const { context, resolver, authoritativePort, udpTries, tryTimeoutMs } = options;
  const deadline = new AbortController();
  const timer = setTimeout(
    () => deadline.abort(new Error("health deadline")),
    Math.max(0, options.budgetMs),
  );
  const signal = AbortSignal.any([context.signal, deadline.signal]);
  // Each query in flight listens to it; how many is bounded by the engine's concurrency limit.
  setMaxListeners(0, signal);
  const memo = new Map<string, Promise<Outcome<DnsResponse>>>();
  const inFlight = new Set<Promise<unknown>>();
  const allowPrivateAddresses = context.network.allowPrivateAddresses;

  const serverLabel = (address: string) =>
    net.isIPv6(address) ? `[${address}]:${authoritativePort}` : `${address}:${authoritativePort}`;

  /** Runs one exchange under the limit and turns its failure into data. */
  const run = <T>(operation: () => Promise<T>): Promise<Outcome<T>> => {
    const pending = exchange(operation);
    inFlight.add(pending);
    pending.then(
      () => inFlight.delete(pending),
      () => inFlight.delete(pending),
    );
    return pending;
  };
  const exchange = async <T>(operation: () => Promise<T>): Promise<Outcome<T>> => {
    if (signal.aborted) return stopped();
    try {
      // Queued behind the limit past the deadline: no socket is opened at all.
      return await context.limit<Outcome<T>>(async () =>
        signal.aborted ? stopped() : await operation(),
      );
    } catch (error) {
      if (!isDnsQueryError(error)) throw error;
      if (error.code === "aborted") return stopped();
      return failure(error.code, error.message);
    }
  };
  const stopped = (): QueryFailure =>
    deadline.signal.aborted && !context.signal.aborted
      ? failure("deadline", "no answer before the assessment's time budget ran out")
      : failure("aborted", "the probe was cancelled");

  return {
    resolver: resolver.label,
    allowPrivateAddresses,
    nowSeconds: options.nowSeconds,
    serverLabel,
    recursive({ name, type }) {
      const impossible = impossibleName(name);
      if (impossible) return Promise.resolve(failure("impossible-name", impossible));
      const key = `${name.toLowerCase()}/${type}`;
      let pending = memo.get(key);
      if (!pending) {
        pending = run(() =>
          query({
            server: resolver.label,
            name,
            type,
            checkingDisabled: true,
            signal,
            timeoutMs: tryTimeoutMs,
            udpTries,
          }),
        ).then((response) =>
          isFailure(response) || answeredRcodes.has(response.rcode)
            ? response
            : failure("rcode", `${resolver.label} answered ${response.rcode} for ${name}/${type}`),
        );
        memo.set(key, pending);
      }
      return pending;
    },
    async direct(question) {
      // Every server asked here was named by DNS data, never by the operator: the policy applies.
      if (!isAddressAllowed(question.address, allowPrivateAddresses)) {
        return failure("blocked", `${question.address} is not a public address`);
      }
      const impossible = impossibleName(question.name);
      if (impossible) return failure("impossible-name", impossible);
      return run(() =>
        query({
          server: serverLabel(question.address),
          name: question.name,
          type: question.type,
          transport: question.transport ?? "udp",
          recursionDesired: question.recursionDesired ?? false,
          dnssecOk: question.dnssecOk ?? false,
          edns: question.edns ?? true,
          signal,
          timeoutMs: tryTimeoutMs,
          udpTries,
        }),
      );
    },
    async transfer({ address, zone }) {
      if (!isAddressAllowed(address, allowPrivateAddresses)) {
        return failure("blocked", `${address} is not a public address`);
      }
      return run(() =>
        probeZoneTransfer({ server: serverLabel(address), zone, timeoutMs: tryTimeoutMs, signal }),
      );
    },
    async close() {
      clearTimeout(timer);
      if (inFlight.size === 0) return;
      deadline.abort(new Error("assessment finished"));
      await Promise.allSettled([...inFlight]);
    },
  };
}
