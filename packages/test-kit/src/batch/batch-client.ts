import type { BatchJob, BatchStore, Engine } from "@domain-intel/engine";
import { type EngineAnswer, engineGet } from "../engine/engine-get.js";

/** `POST /batch` through the engine's HTTP entry, as a client with `key` would. */
export async function postBatch(engine: Engine, key: string, body: unknown): Promise<EngineAnswer> {
  const started = performance.now();
  const response = await engine.handle({
    method: "POST",
    url: `${engine.basePath}/batch`,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: Buffer.from(typeof body === "string" ? body : JSON.stringify(body)),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: JSON.parse(Buffer.from(response.body).toString("utf8")),
    elapsedMs: performance.now() - started,
  };
}

/** The NDJSON results as the engine answers them now, one parsed line a domain. */
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary fields of the lines.
export async function batchResults(engine: Engine, id: string, key: string): Promise<any[]> {
  const response = await engine.handle({
    method: "GET",
    url: `${engine.basePath}/batch/${id}/results`,
    headers: { authorization: `Bearer ${key}` },
  });
  if (response.status !== 200) throw new Error(`results answered ${response.status}`);
  const text = Buffer.from(response.body).toString("utf8");
  return text === ""
    ? []
    : text
        .trimEnd()
        .split("\n")
        .map((line) => JSON.parse(line));
}

/**
 * Waits until the job, read from `store` (so waiting charges no rate limit), satisfies
 * `condition`; rejects after `withinMs`.
 */
export async function untilBatch(
  store: BatchStore,
  id: string,
  condition: (job: BatchJob) => boolean,
  withinMs = 10_000,
): Promise<BatchJob> {
  const deadline = performance.now() + withinMs;
  for (;;) {
    const job = await store.get(id);
    if (job && condition(job)) return job;
    if (performance.now() > deadline)
      throw new Error(
        `batch ${id} not as expected in ${withinMs} ms: ${JSON.stringify(job && { status: job.status, done: job.done })}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** `GET /batch/{id}` with `key`. */
export const getBatch = (engine: Engine, id: string, key: string) =>
  engineGet(engine, `${engine.basePath}/batch/${id}`, key);
