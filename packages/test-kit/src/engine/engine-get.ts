import type { Engine } from "@domain-intel/engine";

export interface EngineAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The parsed JSON body (an envelope, a report or a problem), read field by field in tests. */
  // biome-ignore lint/suspicious/noExplicitAny: tests assert on arbitrary nested fields.
  readonly body: Record<string, any>;
  /** How long the engine took to answer, in ms. */
  readonly elapsedMs: number;
}

/** GET `url` through the engine's single HTTP entry, as an API client with `key` would. */
export async function engineGet(engine: Engine, url: string, key: string): Promise<EngineAnswer> {
  const started = performance.now();
  const response = await engine.handle({
    method: "GET",
    url,
    headers: { authorization: `Bearer ${key}` },
  });
  const elapsedMs = performance.now() - started;
  const text = Buffer.from(response.body).toString("utf8");
  return {
    status: response.status,
    headers: response.headers,
    body: text === "" ? {} : JSON.parse(text),
    elapsedMs,
  };
}
