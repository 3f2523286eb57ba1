import type net from "node:net";
import {
  errorReport,
  pduReader,
  type RtrPdu,
  RtrProtocolError,
  resetQuery,
  rtrErrorCode,
  rtrErrorName,
  serialQuery,
} from "./pdu.js";
import {
  type RouteValidity,
  type Vrp,
  type VrpTable,
  validateRoute,
  vrpTable,
  type WireVrp,
} from "./vrp-table.js";

export interface RtrClientOptions {
  /** The cache as configured, `host:port`: named in status and messages. */
  readonly cache: string;
  /** Opens a connection to the cache (network/'s `connectConfiguredTcp`), bounded by `signal`. */
  readonly connect: (signal: AbortSignal) => Promise<net.Socket>;
  /** How long a connection attempt may take. Default 10 s. */
  readonly connectTimeoutMs?: number;
  /** Wait before reconnecting until the cache has told its own retry interval. Default 30 s. */
  readonly retryMs?: number;
  /** The clock, in milliseconds (tests). Default Date.now. */
  readonly now?: () => number;
}

export interface RtrStatus {
  readonly cache: string;
  /** A complete, unexpired set of VRPs is held. */
  readonly synchronised: boolean;
  readonly vrps: number;
  readonly sessionId: number | null;
  readonly serial: number | null;
  /** RTR version spoken (1, or 0 with an RFC 6810 cache). */
  readonly version: number;
  /** When the last End of Data was applied, ISO 8601. */
  readonly updatedAt: string | null;
  /** Why the last connection or transfer failed, until one succeeds. */
  readonly error: string | null;
}

export interface RouteValidation {
  readonly state: RouteValidity;
  /** The VRPs whose prefix holds the route's. */
  readonly covering: Vrp[];
  /** Those of them that make it valid. */
  readonly matched: Vrp[];
}

/**
 * An RTR client (RFC 8210): keeps the cache's validated ROA payloads in memory and up to date.
 * It connects on first use, sends a Reset Query, applies the cache's answer at End of Data,
 * then asks for changes (Serial Query) when the cache sends a Serial Notify and every refresh
 * interval; a Cache Reset starts over. A failed or lost connection is retried after the retry
 * interval, and the data it holds is dropped once the expire interval has passed without an
 * update. Never throws into its host: every failure is kept as `status().error`.
 */
export interface RtrClient {
  /** Resolves true once a complete set is held (at once if it is), false if `signal` aborts first. */
  whenSynchronised(signal: AbortSignal): Promise<boolean>;
  /** RFC 6811 validity of a route, or null while no complete, unexpired set is held. */
  validate(route: { readonly prefix: string; readonly asn: number | null }): RouteValidation | null;
  status(): RtrStatus;
  /** Closes the connection and stops every timer; the client is done. */
  close(): void;
}

/** RFC 8210 section 6 defaults, in seconds, until the cache sends its own. */
const defaultIntervals = { refresh: 3600, retry: 600, expire: 7200 };

interface Transfer {
  reset: boolean;
  changes: (WireVrp & { announce: boolean })[];
}

export function rtrClient(options: RtrClientOptions): RtrClient {
  const now = options.now ?? Date.now;
  const connectTimeoutMs = options.connectTimeoutMs ?? 10_000;
  let table: VrpTable = vrpTable();
  let updatedAt: number | null = null;
  let sessionId: number | null = null;
  let serial: number | null = null;
  let intervals: typeof defaultIntervals | null = null;
  let version = 1;
  let socket: net.Socket | null = null;
  let connecting = false;
  let transfer: Transfer | null = null;
  let asked: "reset" | "serial" | null = null;
  let lastError: string | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  const waiters = new Set<(synchronised: boolean) => void>();

  const expired = () =>
    updatedAt === null || now() - updatedAt > (intervals ?? defaultIntervals).expire * 1000;
  const synchronised = () => !expired();

  const schedule = (delayMs: number, action: () => void) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      action();
    }, delayMs);
    timer.unref();
  };

  const start = () => {
    if (closed || socket || connecting) return;
    connecting = true;
    options.connect(AbortSignal.timeout(connectTimeoutMs)).then(
      (opened) => {
        connecting = false;
        if (closed) {
          opened.destroy();
          return;
        }
        attach(opened);
      },
      (error: Error) => {
        connecting = false;
        lastError = `cannot connect to ${options.cache}: ${error.message}`;
        retryLater();
      },
    );
  };

  const retryLater = () => {
    if (closed) return;
    schedule(intervals ? intervals.retry * 1000 : (options.retryMs ?? 30_000), start);
  };

  const attach = (opened: net.Socket) => {
    socket = opened;
    opened.unref();
    const reader = pduReader();
    opened.on("data", (chunk: Buffer) => {
      try {
        for (const pdu of reader.push(chunk)) handle(pdu);
      } catch (error) {
        if (error instanceof RtrProtocolError) {
          opened.write(errorReport(version, error.code, error.message));
          drop(`${options.cache} broke the protocol: ${error.message}`);
        } else {
          drop(`${options.cache}: ${(error as Error).message}`);
        }
      }
    });
    opened.on("error", (error) => {
      lastError = `${options.cache}: ${error.message}`;
    });
    opened.on("close", () => {
      if (socket !== opened) return;
      socket = null;
      transfer = null;
      asked = null;
      lastError ??= `${options.cache} closed the connection`;
      retryLater();
    });
    query();
  };

  /** Asks for what is missing: everything, or the changes since the serial held. */
  const query = () => {
    if (!socket || transfer || asked) return;
    const incremental = sessionId !== null && serial !== null && !expired();
    asked = incremental ? "serial" : "reset";
    socket.write(incremental ? serialQuery(version, sessionId!, serial!) : resetQuery(version));
  };

  /** Ends the connection for `reason` and reconnects after the retry interval. */
  const drop = (reason: string) => {
    lastError = reason;
    const dropped = socket;
    socket = null;
    transfer = null;
    asked = null;
    dropped?.destroy();
    retryLater();
  };

  const handle = (pdu: RtrPdu) => {
    if (pdu.version !== version) {
      if (
        pdu.type === "errorReport" &&
        pdu.code === rtrErrorCode.unsupportedVersion &&
        pdu.version < version
      ) {
        // RFC 8210 section 7: the cache speaks an older version; ask again in it.
        version = pdu.version;
        const dropped = socket;
        socket = null;
        asked = null;
        dropped?.destroy();
        start();
        return;
      }
      throw new RtrProtocolError(8, `version ${pdu.version} in a session of version ${version}`);
    }
    switch (pdu.type) {
      case "serialNotify":
        // The cache has new data: ask for it unless a query is already out.
        query();
        return;
      case "cacheResponse":
        if (!asked || transfer) {
          throw new RtrProtocolError(rtrErrorCode.corruptData, "a Cache Response nobody asked for");
        }
        if (asked === "serial" && pdu.sessionId !== sessionId) {
          throw new RtrProtocolError(
            rtrErrorCode.corruptData,
            `session ${pdu.sessionId} is not ${sessionId}`,
          );
        }
        transfer = { reset: asked === "reset", changes: [] };
        return;
      case "prefix":
        if (!transfer)
          throw new RtrProtocolError(rtrErrorCode.corruptData, "a prefix outside a Cache Response");
        if (transfer.reset && !pdu.announce) {
          throw new RtrProtocolError(
            rtrErrorCode.corruptData,
            "a withdrawal in answer to a Reset Query",
          );
        }
        transfer.changes.push(pdu);
        return;
      case "endOfData":
        if (!transfer)
          throw new RtrProtocolError(
            rtrErrorCode.corruptData,
            "an End of Data outside a Cache Response",
          );
        finish(transfer, pdu);
        return;
      case "cacheReset":
        // The cache cannot give changes since our serial: start over.
        sessionId = null;
        serial = null;
        transfer = null;
        asked = null;
        query();
        return;
      case "errorReport":
        drop(
          `${options.cache} reported ${rtrErrorName(pdu.code)}${pdu.text ? `: ${pdu.text}` : ""}`,
        );
        return;
      case "ignored":
        return;
    }
  };

  const finish = (done: Transfer, end: Extract<RtrPdu, { type: "endOfData" }>) => {
    if (done.reset) {
      const next = vrpTable();
      for (const change of done.changes) next.add(change);
      table = next;
    } else {
      applyChanges(table, done.changes);
    }
    transfer = null;
    asked = null;
    sessionId = end.sessionId;
    serial = end.serial;
    intervals = end.intervals ?? intervals;
    updatedAt = now();
    lastError = null;
    schedule((intervals ?? defaultIntervals).refresh * 1000, () => {
      if (socket) query();
      else start();
    });
    for (const wake of waiters) wake(true);
    waiters.clear();
  };

  return {
    whenSynchronised(signal) {
      if (synchronised()) return Promise.resolve(true);
      if (closed || signal.aborted) return Promise.resolve(false);
      start();
      return new Promise((resolve) => {
        const wake = (synchronised: boolean) => {
          signal.removeEventListener("abort", abort);
          resolve(synchronised);
        };
        const abort = () => {
          waiters.delete(wake);
          resolve(false);
        };
        waiters.add(wake);
        signal.addEventListener("abort", abort, { once: true });
      });
    },
    validate(route) {
      if (!synchronised()) return null;
      return validateRoute(table, route);
    },
    status: () => ({
      cache: options.cache,
      synchronised: synchronised(),
      vrps: synchronised() ? table.size : 0,
      sessionId,
      serial,
      version,
      updatedAt: updatedAt === null ? null : new Date(updatedAt).toISOString(),
      error: lastError,
    }),
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      socket?.destroy();
      socket = null;
      for (const wake of waiters) wake(false);
      waiters.clear();
    },
  };
}

/**
 * Applies a Serial Query's changes in order, all or none: a withdrawal of a VRP not held or an
 * announcement of one held (RFC 8210 section 5.6) undoes what was applied and throws.
 */
function applyChanges(table: VrpTable, changes: Transfer["changes"]): void {
  const applied: Transfer["changes"] = [];
  for (const change of changes) {
    const problem = change.announce
      ? table.has(change) && rtrErrorCode.duplicateAnnouncement
      : !table.has(change) && rtrErrorCode.withdrawalOfUnknownRecord;
    if (problem !== false) {
      for (const undo of applied.reverse()) {
        if (undo.announce) table.remove(undo);
        else table.add(undo);
      }
      throw new RtrProtocolError(
        problem,
        `${rtrErrorName(problem)}: AS${change.asn} max length ${change.maxLength}`,
      );
    }
    if (change.announce) table.add(change);
    else table.remove(change);
    applied.push(change);
  }
}
