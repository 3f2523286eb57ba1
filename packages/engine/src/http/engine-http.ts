/** The engine's own request: no framework types, header names in lower case. */
export interface EngineRequest {
  readonly method: string;
  /** Path and query as received, e.g. `/api/v1/dns/example.com?refresh=true`. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** Aborted when the client goes away. */
  readonly signal?: AbortSignal;
  /** The client's IP address as the adapter knows it: failed authentications are limited by it. */
  readonly clientAddress?: string;
  /**
   * The request body, for the routes that read one (`POST {basePath}/batch`, `/keys`). Adapters
   * pass at most `maxBatchBodyBytes + 1` bytes of it: enough for the engine to refuse a larger one.
   */
  readonly body?: Uint8Array;
}

/** The largest request body the engine reads, but for `POST /batch` (`maxBatchBodyBytes`). */
export const maxRequestBodyBytes = 16 * 1024;

/** The engine's own response. `body` is already encoded; `headers` are lower case. */
export interface EngineResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array;
  /**
   * More bytes after `body`, for a response that grows (a running batch's results): an
   * adapter that can stream writes `body`, then these, as they come; one that cannot sends
   * `body` alone, which is complete by itself (the results so far).
   */
  readonly stream?: (signal?: AbortSignal) => AsyncIterable<Uint8Array>;
}

export type EngineHandler = (request: EngineRequest) => Promise<EngineResponse>;
