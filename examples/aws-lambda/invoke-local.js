// Runs a handler on a sample event, as `sam local invoke -e <event>` would, and prints the
// result. Usage:
//   node invoke-local.js [event.json] [--path /api/v1/...]   the API (default: events/http-api.json)
//   node invoke-local.js --worker [event.json]               the batch worker (events/scheduled.json)
// --path replaces the sample's request path, e.g. --path /api/v1/batch/<id> to follow a job.

import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { worker: { type: "boolean" }, path: { type: "string" } },
});

/** The sample event with another request path, in the places API Gateway puts it. */
function withPath(event, path) {
  const proxy = { proxy: path.replace(/^\/api\/v1\//, "") };
  if (event.version === "2.0") {
    const http = { ...event.requestContext.http, path };
    return {
      ...event,
      rawPath: path,
      pathParameters: proxy,
      requestContext: { ...event.requestContext, http },
    };
  }
  const stagePath = `/${event.requestContext.stage}${path}`;
  return {
    ...event,
    path,
    pathParameters: proxy,
    requestContext: { ...event.requestContext, path: stagePath },
  };
}

// The sample events carry `Authorization: Bearer local-dev-key`.
process.env.API_KEYS ??= "local-dev-key";
const { handler } = await import(values.worker ? "./worker.js" : "./handler.js");

const file = positionals[0]
  ? resolve(positionals[0])
  : fileURLToPath(
      new URL(values.worker ? "events/scheduled.json" : "events/http-api.json", import.meta.url),
    );
const sample = JSON.parse(await readFile(file, "utf8"));
const event = values.path ? withPath(sample, values.path) : sample;
// The functions' timeouts in template.yaml.
const deadline = Date.now() + (values.worker ? 60_000 : 29_000);
const context = {
  awsRequestId: "local-invoke",
  functionName: values.worker ? "domain-intel-batch-worker" : "domain-intel",
  getRemainingTimeInMillis: () => deadline - Date.now(),
};
const result = await handler(event, context);
// Lambda freezes the container once the handler answers, Redis connections open; a local run
// ends there too, once the result is written.
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`, () => process.exit(0));
