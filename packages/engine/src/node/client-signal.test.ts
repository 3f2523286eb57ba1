import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { noBuiltInProbes, until } from "@domain-intel/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import type { Probe } from "../contract/probe.js";
import { createEngine, type Engine } from "../engine.js";
import { silentLogger } from "../logging/logger.js";
import { createNodeHandler } from "./node-http.js";

const key = "client-signal-key-0123456789";
const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
  );
});

/** A section whose probe runs until released, recording whether its signal was aborted. */
function heldSection() {
  const state = { runs: 0, release: () => {}, abortedAtEnd: undefined as boolean | undefined };
  const probe: Probe = {
    run: (domain, context) =>
      new Promise((resolve) => {
        state.runs++;
        state.release = () => {
          state.abortedAtEnd = context.signal.aborted;
          resolve({ domain });
        };
      }),
  };
  return { probe, state };
}

async function listen(engine: Engine) {
  // Counts the engine's answers still being made, to see a waiter stop waiting.
  const waiting = { count: 0 };
  const counted: Engine = {
    ...engine,
    handle: (request) => {
      waiting.count++;
      return engine.handle(request).finally(() => waiting.count--);
    },
  };
  const server = createServer(createNodeHandler(counted));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, waiting };
}

function get(port: number, path: string) {
  const sent = httpRequest({
    host: "127.0.0.1",
    port,
    path,
    headers: { authorization: `Bearer ${key}` },
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    sent.on("response", (response) => {
      let body = "";
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    sent.on("error", reject);
  });
  sent.end();
  return { sent, answered };
}

describe("a client that goes away", () => {
  it("stops waiting, while the probe run goes on for the others and for the cache", async () => {
    const { probe, state } = heldSection();
    const engine = createEngine({
      keys: [key],
      probes: { ...noBuiltInProbes, held: probe },
      rateLimit: false,
      logger: silentLogger,
    });
    const { port, waiting } = await listen(engine);

    const leaving = get(port, "/api/v1/held/example.com");
    leaving.answered.catch(() => undefined);
    await until(() => state.runs === 1 && waiting.count === 1, "the first request to wait");
    leaving.sent.destroy();
    await until(() => waiting.count === 0, "the request of the client that left to end");

    const staying = get(port, "/api/v1/held/example.com");
    await until(() => waiting.count === 1, "the second request to wait");
    state.release();
    const answer = await staying.answered;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ domain: "example.com", cache: "miss" });
    expect(state.runs).toBe(1);
    expect(state.abortedAtEnd).toBe(false);
    // The run filled the cache.
    const again = await get(port, "/api/v1/held/example.com").answered;
    expect(JSON.parse(again.body).cache).toBe("hit");
  });
});
