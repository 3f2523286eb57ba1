import { Defaulted, Methods, type Static, Type } from "../contract/schema.js";
import type { BatchStore } from "../jobs/batch-store.js";
import type { WorkQueue } from "../jobs/work-queue.js";

/** What the batch queue carries: the job's id (the rest is in the store). */
export interface BatchWork {
  readonly batchId: string;
}

export const BatchOptionsSchema = Type.Object(
  {
    maxDomains: Defaulted(
      Type.Integer({
        minimum: 1,
        maximum: 100_000,
        default: 1000,
        description: "Most names one `POST /batch` may list, invalid ones included.",
      }),
    ),
    concurrency: Defaulted(
      Type.Integer({
        minimum: 1,
        maximum: 1000,
        default: 32,
        description:
          "Most domains this instance's batch work probes at once, across jobs (as `domain-intel audit`).",
      }),
    ),
    store: Type.Optional(
      Methods<BatchStore>(
        ["create", "get", "progress", "setStatus", "record", "recorded", "results"],
        {
          expect: "a BatchStore (memoryBatchStore(), redisBatchStore())",
          description:
            "Where jobs and results live. Default: in memory; `redisBatchStore()` across instances.",
        },
      ),
    ),
    queue: Type.Optional(
      Methods<WorkQueue<BatchWork>>(["add", "work", "close"], {
        expect: "a WorkQueue (memoryWorkQueue(), bullmqWorkQueue())",
        description: "Where jobs wait. Default: in memory; `bullmqWorkQueue()` across instances.",
      }),
    ),
    worker: Defaulted(
      Type.Boolean({
        default: true,
        description:
          "Whether this instance works jobs in the background. `false` only enqueues them (a Lambda HTTP function): `engine.workBatches()` works them where it is called.",
      }),
    ),
  },
  {
    additionalProperties: false,
    default: {},
    description: "`POST {basePath}/batch`: its limits, and where jobs wait and are kept.",
  },
);

export type BatchOptions = Static<typeof BatchOptionsSchema>;
