import type { Readable, Writable } from "node:stream";
import type { Engine, EngineOptions } from "@domain-intel/engine";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createMcpServer } from "./mcp-server.js";

export interface StdioOptions {
  /** Default: process.stdin and process.stdout. Nothing else may write to stdout. */
  readonly stdin?: Readable;
  readonly stdout?: Writable;
}

export interface RunningMcpServer {
  /** Resolves once the client closes the connection (stdin ends). */
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

/** Serves the engine's tools over stdio until the client goes away. */
export async function serveStdio(
  engineOrOptions: Engine | EngineOptions,
  options: StdioOptions = {},
): Promise<RunningMcpServer> {
  const server = createMcpServer(engineOrOptions);
  const transport = new StdioServerTransport(options.stdin, options.stdout);
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  const stdin = options.stdin ?? process.stdin;
  // The transport does not notice the end of its input; the client hanging up means stop.
  stdin.once("end", () => void server.close());
  await server.connect(transport);
  return { closed, close: () => server.close() };
}
