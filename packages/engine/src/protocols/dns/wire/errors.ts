export type DnsTransport = "udp" | "tcp";

/**
 * Why one query to one server produced no usable answer.
 * - `timeout`: nothing acceptable arrived in time;
 * - `aborted`: the caller's signal fired;
 * - `network`: the socket failed (refused, reset, closed early);
 * - `malformed`: bytes arrived but were not a valid answer to the question.
 */
export type DnsQueryErrorCode = "timeout" | "aborted" | "network" | "malformed";

export class DnsQueryError extends Error {
  readonly code: DnsQueryErrorCode;
  /** `host:port` of the server asked. */
  readonly server: string;
  readonly transport: DnsTransport;

  constructor(options: {
    code: DnsQueryErrorCode;
    message: string;
    server: string;
    transport: DnsTransport;
    cause?: unknown;
  }) {
    super(options.message, { cause: options.cause });
    this.name = "DnsQueryError";
    this.code = options.code;
    this.server = options.server;
    this.transport = options.transport;
  }
}

export function isDnsQueryError(value: unknown): value is DnsQueryError {
  return value instanceof DnsQueryError;
}

/** `ECONNREFUSED` rather than Node's sentence, which repeats the address we already name. */
export function socketErrorText(error: Error): string {
  return (error as NodeJS.ErrnoException).code ?? error.message;
}
