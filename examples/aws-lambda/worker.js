// The batch worker: an EventBridge schedule invokes it every minute (template.yaml), and it
// works the jobs the API function queued until none is left or its time is nearly up. A job
// cut short is resumed by a later run. Try it locally with `node invoke-local.js --worker`.

import { createBatchWorker } from "@domain-intel/aws-lambda";
import { engineOptions } from "./engine-options.js";

// Without Redis the jobs live in the API function's memory, out of this function's reach.
if (!process.env.REDIS_URL) {
  throw new TypeError("worker.js: REDIS_URL is required (the Redis the API function queues to)");
}

export const handler = createBatchWorker({ engine: engineOptions });
