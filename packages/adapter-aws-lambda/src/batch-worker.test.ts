import { createEngine, memoryBatchStore, silentLogger } from "@domain-intel/engine";
import { countingProbe, noBuiltInProbes, restApiEvent, resultBody } from "@domain-intel/test-kit";
import { describe, expect, it } from "vitest";
import { createBatchWorker, createHandler } from "./index.js";

const key = "lambda-batch-key-0001";
const auth = { authorization: `Bearer ${key}` };

describe("batch jobs on Lambda: the API function enqueues, a scheduled function works them", () => {
  it("leaves a posted job queued until the worker function is invoked, then serves its results", async () => {
    const echo = countingProbe();
    const store = memoryBatchStore();
    // One engine stands for both functions sharing their queue and store (Redis in AWS).
    const engine = createEngine({
      keys: [key],
      logger: silentLogger,
      probes: { ...noBuiltInProbes, echo: echo.probe },
      batch: { store, worker: false },
    });
    const api = createHandler(engine);
    const worker = createBatchWorker({ engine, reserveMs: 1_000 });
    const call = async (method: string, path: string, body?: string) => {
      const result = await api(
        restApiEvent({
          method,
          path,
          headers: { ...auth, "content-type": "application/json" },
          ...(body === undefined ? {} : { body }),
        }),
      );
      return { status: result.statusCode, text: resultBody(result).toString() };
    };
    const names = ["a.example.test", "b.example.test", "c.example.test"];
    const posted = await call(
      "POST",
      "/api/v1/batch",
      JSON.stringify({ domains: names, sections: ["echo"] }),
    );
    expect(posted.status).toBe(202);
    const { id } = JSON.parse(posted.text);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(JSON.parse((await call("GET", `/api/v1/batch/${id}`)).text).status).toBe("queued");
    expect(echo.runs).toEqual([]);

    // The scheduled invocation, as EventBridge would make it.
    const outcome = await worker(
      { source: "aws.events", "detail-type": "Scheduled Event", detail: {} },
      { getRemainingTimeInMillis: () => 30_000 },
    );
    expect(outcome).toEqual({ stopped: "idle" });
    expect(JSON.parse((await call("GET", `/api/v1/batch/${id}`)).text)).toMatchObject({
      status: "done",
      done: 3,
    });
    const results = await call("GET", `/api/v1/batch/${id}/results`);
    const lines = results.text
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.domain).sort()).toEqual(names);
    expect(echo.runs.sort()).toEqual(names);
  });
});
