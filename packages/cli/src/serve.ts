import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createEngine, type Engine, type EngineOptions } from "@domain-intel/engine";
import { createNodeHandler } from "@domain-intel/engine/node";
import { configFromEnv } from "./config-from-env.js";
import { generateApiKey } from "./generate-key.js";

export interface RunningServer {
  readonly server: Server;
  readonly engine: Engine;
  /** e.g. `http://127.0.0.1:3000` */
  readonly url: string;
  close(): Promise<void>;
}

export interface ServeOptions {
  env?: NodeJS.ProcessEnv;
  /** Where to say what happened (the generated key, the address). Default: stdout. */
  print?: (line: string) => void;
  /** Engine options applied over the environment's (probes, cache, rate limits for embedders). */
  engine?: Partial<EngineOptions>;
}

/** `domain-intel serve`: the engine on plain node:http, configured by the environment. */
export async function serve(options: ServeOptions = {}): Promise<RunningServer> {
  const print = options.print ?? ((line: string) => process.stdout.write(`${line}\n`));
  const config = configFromEnv(options.env ?? process.env);
  let keys = options.engine?.keys ?? config.engine.keys;
  if (!keys) {
    const key = generateApiKey();
    keys = [key];
    print(
      `No API key configured (DOMAIN_INTEL_KEYS or DOMAIN_INTEL_KEYS_FILE), so one was generated for this run.`,
    );
    print(`It is shown only once: ${key}`);
  }
  for (const setting of config.ignored) print(`Ignored: ${setting}`);
  const engine = createEngine({ ...config.engine, ...options.engine, keys });
  const handler = createNodeHandler(engine);
  const server = createServer((request, response) => handler(request, response));
  // Slow or idle clients must not pin sockets forever.
  server.requestTimeout = 60_000;
  server.headersTimeout = 20_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const url = `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${address.port}`;
  print(
    `domain-intel listening on ${url}${engine.basePath} (try ${url}${engine.basePath}/dns/example.com)`,
  );
  return {
    server,
    engine,
    url,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
