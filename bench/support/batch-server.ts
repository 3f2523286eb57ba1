/**
 * The server of `bench/batch.ts`, in a process of its own (its peak RSS is measured): an
 * engine configured from the environment as `domain-intel audit` configures its own, with
 * the default batch options, behind node:http. Prints `PORT <n>` once listening.
 */
import { once } from "node:events";
import http from "node:http";
import { configFromEnv } from "../../packages/cli/dist/index.js";
import { createEngine } from "../../packages/engine/dist/index.js";
import { createNodeHandler } from "../../packages/engine/dist/node/index.js";
import { assertBenchTsconfig } from "./bench-process.js";

assertBenchTsconfig();

const config = configFromEnv(process.env);
const engine = createEngine({
  ...config.engine,
  keys: [process.env.BENCH_BATCH_KEY!],
  // As `audit` sizes its own (8 operations a domain for its 32 domains at once): the engine's
  // default of 64 outbound operations in flight would hold 32 full reports back.
  network: { ...config.engine.network, maxConcurrency: 32 * 8 },
  // The bench measures the work, not the limit: the key's plan allows the whole batch at once.
  rateLimit: { plans: { default: { capacity: 1_000_000, refillPerSecond: 100_000 } } },
});
const server = http.createServer(createNodeHandler(engine));
server.listen(0, "127.0.0.1");
await once(server, "listening");
process.stdout.write(`PORT ${(server.address() as { port: number }).port}\n`);
