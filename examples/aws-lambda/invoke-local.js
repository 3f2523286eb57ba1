// Runs the handler on a sample event, as `sam local invoke -e <event>` would, and prints the
// result. Usage: node invoke-local.js [event.json]   (default: events/http-api.json)

import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

// The sample events carry `Authorization: Bearer local-dev-key`.
process.env.API_KEYS ??= "local-dev-key";
const { handler } = await import("./handler.js");

const file = process.argv[2]
  ? resolve(process.argv[2])
  : fileURLToPath(new URL("events/http-api.json", import.meta.url));
const event = JSON.parse(await readFile(file, "utf8"));
const context = {
  awsRequestId: "local-invoke",
  functionName: "domain-intel",
  getRemainingTimeInMillis: () => 30_000,
};
const result = await handler(event, context);
console.log(JSON.stringify(result, null, 2));
