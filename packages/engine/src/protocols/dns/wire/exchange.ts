import type { DnsMessage } from "./message.js";

/** One answered exchange over one transport. */
export interface Exchange {
  readonly message: DnsMessage;
  /** Size of the response message in bytes (without the TCP length prefix). */
  readonly size: number;
  /** From sending the (last) request to receiving the answer, in milliseconds. */
  readonly rttMs: number;
}
