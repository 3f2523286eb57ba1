/** The engine's own request: no framework types, header names in lower case. */
export interface EngineRequest {
  readonly method: string;
  /** Path and query as received, e.g. `/api/v1/dns/example.com?refresh=true`. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** Aborted when the client goes away. */
  readonly signal?: AbortSignal;
}

/** The engine's own response. `body` is already encoded; `headers` are lower case. */
export interface EngineResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array;
}

export type EngineHandler = (request: EngineRequest) => Promise<EngineResponse>;
