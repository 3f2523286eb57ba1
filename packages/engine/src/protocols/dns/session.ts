import { setMaxListeners } from "node:events";
import net from "node:net";
import { NoTimeLeftError } from "../../contract/budget.js";
import type { ProbeContext } from "../../contract/probe.js";
import { AddressNotAllowedError } from "../../network/connect-target.js";
import { type DnsServer, learnedDnsServer } from "../../network/dns-exchange.js";
import { impossibleName } from "./impossible-name.js";
import { type QueryBudget, queryBudget } from "./query-budget.js";
import { isDnsQueryError } from "./wire/errors.js";
import { type DnsResponse, type QueryOptions, type QueryType, query } from "./wire/query.js";
import type { ServerAddress } from "./wire/server-address.js";
import { probeZoneTransfer, type ZoneTransferOutcome } from "./wire/zone-transfer.js";

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
  /** Protocol-compliance probes: EDNS version, flags, options, payload size, no TCP retry. */
  ednsVersion?: number;
  ednsFlags?: number;
  ednsOptions?: QueryOptions["ednsOptions"];
  udpPayloadSize?: number;
  tcpFallback?: boolean;
  /** CH to ask a server about itself (`version.bind`); IN by default. */
  queryClass?: "IN" | "CH";
}

/** The queries of one assessment: every one under the engine's limit and the run's budget. */
export interface HealthSession {
  /** Aborted when the run's budget runs out or the session closes. */
  readonly signal: AbortSignal;
  readonly resolver: string;
  readonly allowPrivateAddresses: boolean;
  readonly nowSeconds: number;
  /** `host:port` of an authoritative server at `address`. */
  serverLabel(address: string): string;
  /** Through the recursive resolver, once per name and type (later calls share the answer). */
  recursive(options: {
    name: string;
    type: QueryType;
    /** Ask for the RRSIGs too (DO), for the probe's own validation. */
    dnssecOk?: boolean;
  }): Promise<Outcome<DnsResponse>>;
  /** Straight to an authoritative server, without recursion unless asked. */
  direct(options: DirectQuery): Promise<Outcome<DnsResponse>>;
  transfer(options: { address: string; zone: string }): Promise<Outcome<ZoneTransferOutcome>>;
  /**
   * Cancels what is still in flight (a prefetch nobody needed) and resolves once every socket
   * of the session is closed.
   */
  close(): Promise<void>;
}

const answeredRcodes = new Set(["NOERROR", "NXDOMAIN"]);

/**
 * The assessment's queries share the run's budget: each is sent only while an answer could
 * still come back before the room kept for assembling the answer (`stepTimeoutMs`), waits at
 * most what is left, and whatever has not answered by then is reported as cut short.
 */
export function createHealthSession(options: {
  context: ProbeContext;
  resolver: ServerAddress;
  authoritativePort: number;
  udpTries: number;
  tryTimeoutMs: number;
  nowSeconds: number;
  /**
   * An undelegated test's zone: names at or below `apex` are asked of these servers directly
   * (the first that answers), not of the resolver, which knows only the delegated zone.
   */
  zoneServers?: { apex: string; addresses: readonly string[] };
}): HealthSession {
  const { context, resolver, authoritativePort, udpTries, tryTimeoutMs, zoneServers } = options;
  // Each query ends within what is left of the budget by itself; this cancels the rest when
  // the session closes.
  const closing = new AbortController();
  const signal = AbortSignal.any([context.signal, closing.signal]);
  // Each query in flight listens to it; how many is bounded by the engine's concurrency limit.
  setMaxListeners(0, signal);
  const memo = new Map<string, Promise<Outcome<DnsResponse>>>();
  const inFlight = new Set<Promise<unknown>>();
  const allowPrivateAddresses = context.network.allowPrivateAddresses;

  const serverLabel = (address: string) =>
    net.isIPv6(address) ? `[${address}]:${authoritativePort}` : `${address}:${authoritativePort}`;

  /**
   * Every server asked here was named by DNS data, never by the operator: network/ judges it
   * against the policy, and a refused one is reported, never contacted.
   */
  const learned = (address: string): DnsServer | QueryFailure => {
    try {
      return learnedDnsServer({ address, port: authoritativePort, allowPrivateAddresses });
    } catch (error) {
      if (!(error instanceof AddressNotAllowedError)) throw error;
      return failure("blocked", `${address} is not a public address`);
    }
  };

  /**
   * Runs one exchange of `tries` tries under the limit, within what is left of the budget, and
   * turns its failure into data.
   */
  const run = <T>(
    tries: number,
    operation: (budget: QueryBudget) => Promise<T>,
  ): Promise<Outcome<T>> => {
    const pending = exchange(tries, operation);
    inFlight.add(pending);
    pending.then(
      () => inFlight.delete(pending),
      () => inFlight.delete(pending),
    );
    return pending;
  };
  const exchange = async <T>(
    tries: number,
    operation: (budget: QueryBudget) => Promise<T>,
  ): Promise<Outcome<T>> => {
    if (signal.aborted) return stopped();
    let shortened = false;
    try {
      // Queued behind the limit until too late: no socket is opened at all.
      return await context.limit<Outcome<T>>(async () => {
        if (signal.aborted) return stopped();
        const budget = queryBudget({ context, tryTimeoutMs, tries });
        if (!budget) {
          return failure("deadline", "not asked: too little of the time budget was left");
        }
        shortened = budget.shortened;
        return await operation(budget);
      });
    } catch (error) {
      if (error instanceof NoTimeLeftError)
        return failure("deadline", "not asked: the engine's outbound limit stayed busy");
      if (!isDnsQueryError(error)) throw error;
      if (error.code === "aborted") return stopped();
      // Silence within tries the budget cut short proves nothing about the server.
      if (error.code === "timeout" && shortened) {
        return failure("deadline", `${error.message}, cut short by the time budget`);
      }
      return failure(error.code, error.message);
    }
  };
  const stopped = (): QueryFailure => failure("aborted", "the probe was cancelled");

  /** An undelegated zone's name: each given server in turn until one answers about it. */
  const askZoneServers = async (
    addresses: readonly string[],
    question: { name: string; type: QueryType; dnssecOk: boolean },
  ): Promise<Outcome<DnsResponse>> => {
    const reasons: string[] = [];
    const codes = new Set<QueryFailure["code"]>();
    for (const address of addresses) {
      const response = await session.direct({ address, ...question });
      if (!isFailure(response) && answeredRcodes.has(response.rcode)) return response;
      codes.add(isFailure(response) ? response.code : "rcode");
      reasons.push(
        isFailure(response)
          ? response.message
          : `${response.server} answered ${response.rcode} for ${question.name}/${question.type}`,
      );
    }
    // Silence everywhere stays a timeout: it says something else than a refusal.
    const [only] = codes;
    return failure(
      codes.size === 1 && only ? only : "rcode",
      `no given name server answered: ${reasons.join("; ")}`,
    );
  };

  const session: HealthSession = {
    signal,
    resolver: resolver.label,
    allowPrivateAddresses,
    nowSeconds: options.nowSeconds,
    serverLabel,
    recursive({ name, type, dnssecOk = false }) {
      const impossible = impossibleName(name);
      if (impossible) return Promise.resolve(failure("impossible-name", impossible));
      const key = `${name.toLowerCase()}/${type}${dnssecOk ? "/do" : ""}`;
      let pending = memo.get(key);
      if (!pending && zoneServers && isAtOrBelowName(name, zoneServers.apex)) {
        pending = askZoneServers(zoneServers.addresses, { name, type, dnssecOk });
        memo.set(key, pending);
      }
      if (!pending) {
        pending = run(udpTries, (budget) =>
          query({
            server: resolver.label,
            name,
            type,
            checkingDisabled: true,
            dnssecOk,
            signal,
            timeoutMs: tryTimeoutMs,
            udpTries,
            totalTimeoutMs: budget.totalTimeoutMs,
            minTryMs: budget.minTryMs,
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
      const server = learned(question.address);
      if (isFailure(server)) return server;
      const impossible = impossibleName(question.name);
      if (impossible) return failure("impossible-name", impossible);
      const transport = question.transport ?? "udp";
      return run(transport === "tcp" ? 1 : udpTries, (budget) =>
        query({
          server,
          name: question.name,
          type: question.type,
          transport,
          recursionDesired: question.recursionDesired ?? false,
          dnssecOk: question.dnssecOk ?? false,
          edns: question.edns ?? true,
          ...(question.ednsVersion === undefined ? {} : { ednsVersion: question.ednsVersion }),
          ...(question.ednsFlags === undefined ? {} : { ednsFlags: question.ednsFlags }),
          ...(question.ednsOptions === undefined ? {} : { ednsOptions: question.ednsOptions }),
          ...(question.udpPayloadSize === undefined
            ? {}
            : { udpPayloadSize: question.udpPayloadSize }),
          ...(question.tcpFallback === undefined ? {} : { tcpFallback: question.tcpFallback }),
          ...(question.queryClass === undefined ? {} : { queryClass: question.queryClass }),
          signal,
          timeoutMs: tryTimeoutMs,
          udpTries,
          totalTimeoutMs: budget.totalTimeoutMs,
          minTryMs: budget.minTryMs,
        }),
      );
    },
    async transfer({ address, zone }) {
      const server = learned(address);
      if (isFailure(server)) return server;
      return run(1, (budget) =>
        probeZoneTransfer({
          server,
          zone,
          timeoutMs: Math.min(tryTimeoutMs, budget.totalTimeoutMs),
          signal,
        }),
      );
    },
    async close() {
      if (inFlight.size === 0) return;
      closing.abort(new Error("assessment finished"));
      await Promise.allSettled([...inFlight]);
    },
  };
  return session;
}

const isAtOrBelowName = (name: string, apex: string) => {
  const lower = name.toLowerCase().replace(/\.$/, "");
  return lower === apex || lower.endsWith(`.${apex}`);
};
