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
   * The request body, for the one route that reads one (`POST {basePath}/keys`). Adapters pass
   * at most `maxRequestBodyBytes + 1` bytes of it: enough for the engine to refuse a larger one.
   */
  readonly body?: Uint8Array;
}

/** The largest request body the engine reads. */
export const maxRequestBodyBytes = 16 * 1024;

/** The engine's own response. `body` is already encoded; `headers` are lower case. */
export interface EngineResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array;
}

export type EngineHandler = (request: EngineRequest) => Promise<EngineResponse>;
