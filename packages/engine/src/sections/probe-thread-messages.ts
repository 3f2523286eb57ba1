import { NoTimeLeftError } from "../contract/budget.js";
import { DomainIntelError } from "../contract/domain-intel-error.js";
import type { ErrorCode } from "../contract/error-codes.js";
import { type NetworkPolicy, ProbeError, type ProbeErrorCode } from "../contract/probe.js";
import type { SectionOptions } from "../probes/built-in.js";
import type { NetworkAnswer } from "../protocols/ip-network/ip-network.js";

/** What a probe thread is started with: the data part of the engine's options. */
export interface ThreadSetup {
  /** The built-in sections this thread runs. */
  readonly sections: readonly string[];
  /** The options the sections read (`dns`, `ssl`, `rdap`...), functions left out. */
  readonly options: SectionOptions;
  /**
   * `"cymru"`: the thread asks Team Cymru itself; otherwise the name of the engine's network
   * data, which stays on the main thread and is asked by message (one copy of the tables).
   */
  readonly networkData: { readonly cymru: true } | { readonly name: string };
}

/** An error crossing threads: enough to rebuild it with the same class and code. */
export interface ThreadError {
  readonly name: string;
  readonly message: string;
  readonly code: string | undefined;
  readonly stack: string | undefined;
}

export type ToThread =
  | {
      readonly type: "run";
      readonly id: number;
      readonly section: string;
      readonly domain: string;
      readonly query?: unknown;
      /** Epoch ms when the run's budget runs out. */
      readonly deadline: number;
      readonly network: NetworkPolicy;
    }
  | { readonly type: "cancel"; readonly id: number }
  | { readonly type: "granted"; readonly slot: number }
  | { readonly type: "refused"; readonly slot: number; readonly error: ThreadError }
  | {
      readonly type: "network-answer";
      readonly ask: number;
      readonly answer: NetworkAnswer;
      /** The data's name now (`ip-location-db` once loaded). */
      readonly name: string;
    };

export type FromThread =
  // Its probes are built: runs sent from now on start at once.
  | { readonly type: "ready" }
  | { readonly type: "done"; readonly id: number; readonly data: unknown }
  | { readonly type: "failed"; readonly id: number; readonly error: ThreadError }
  // A slot of the engine's outbound limit, asked and handed back for one run.
  | { readonly type: "acquire"; readonly id: number; readonly slot: number }
  | { readonly type: "release"; readonly id: number; readonly slot: number }
  | {
      readonly type: "network-lookup";
      readonly ask: number;
      readonly address: string;
      readonly withName: boolean;
    };

export function toThreadError(error: unknown): ThreadError {
  if (!(error instanceof Error))
    return { name: "Error", message: String(error), code: undefined, stack: undefined };
  const code = (error as { code?: unknown }).code;
  return {
    name: error.name,
    message: error.message,
    code: typeof code === "string" ? code : undefined,
    stack: error.stack,
  };
}

/** The error as thrown on the other side: the probe's classes, or a plain one of that name. */
export function fromThreadError(error: ThreadError): Error {
  const made =
    error.name === "NoTimeLeftError"
      ? new NoTimeLeftError()
      : error.name === "ProbeError"
        ? new ProbeError(error.code as ProbeErrorCode, error.message)
        : error.name === "DomainIntelError"
          ? new DomainIntelError(error.code as ErrorCode, error.message)
          : Object.assign(new Error(error.message), { name: error.name });
  if (error.stack !== undefined) made.stack = error.stack;
  return made;
}
