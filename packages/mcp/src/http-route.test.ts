import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createEngine } from "@domain-intel/engine";
import { createNodeHandler } from "@domain-intel/engine/node";
import { mcpRoute } from "@domain-intel/mcp";
import { countingProbe, noBuiltInProbes } from "@domain-intel/test-kit";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterEach, describe, expect, it } from "vitest";

const key = "mcp-http-key-1";
let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

async function listen(capacity = 100, refreshCapacity = 10): Promise<string> {
  const engine = createEngine({
    keys: [key],
    probes: {
      ...noBuiltInProbes,
      echo: countingProbe().probe,
    },
    routes: [mcpRoute()],
    rateLimit: {
      plans: { default: { capacity, refillPerSecond: 0.001 } },
      refresh: { capacity: refreshCapacity, refillPerSecond: 0.001 },
    },
  });
  const handler = createNodeHandler(engine);
  server = createServer((request, response) => handler(request, response));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/mcp`;
}

async function connect(url: string): Promise<Client> {
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { authorization: `Bearer ${key}` } },
    }),
  );
  return client;
}

describe("mcpRoute: MCP over Streamable HTTP under the base path", () => {
  it("serves the tools to the SDK's client behind the engine's Bearer keys", async () => {
    const url = await listen();
    const client = await connect(url);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["domain_report", "domain_fixes", "echo"]);
    const result = await client.callTool({ name: "echo", arguments: { domain: "Shop.Test" } });
    expect(result.structuredContent).toMatchObject({
      section: "echo",
      domain: "shop.test",
      status: "ok",
    });
    await client.close();
  });

  it("answers 401 without a key, and 429 once the key's bucket is empty", async () => {
    const url = await listen(3);
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "t", version: "1" },
      },
    };
    const post = (headers: Record<string, string>) =>
      fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...headers,
        },
        body: JSON.stringify(initialize),
      });
    const anonymous = await post({});
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toMatch(/^Bearer/);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await post({ authorization: `Bearer ${key}` })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("answers a tool call over the key's limit with a tool error carrying the engine's message", async () => {
    const url = await listen(5);
    const client = await connect(url);
    const results = [];
    for (let call = 0; call < 6; call++) {
      results.push(await client.callTool({ name: "echo", arguments: { domain: "shop.test" } }));
      if (results.at(-1)?.isError) break;
    }
    const refused = results.at(-1)!;
    expect(refused.isError).toBe(true);
    expect((refused.content as { text: string }[])[0]?.text).toBe(
      "rate_limited: Rate limit exceeded for this API key.",
    );
    expect(results.slice(0, -1).length).toBeGreaterThan(0);
    for (const result of results.slice(0, -1)) expect(result.isError).toBeFalsy();
    await client.close();
  });

  it("charges refresh: true to the key's refresh limit", async () => {
    const url = await listen(100, 1);
    const client = await connect(url);
    const refresh = () =>
      client.callTool({ name: "echo", arguments: { domain: "shop.test", refresh: true } });
    expect((await refresh()).isError).toBeFalsy();
    const refused = await refresh();
    expect(refused.isError).toBe(true);
    expect((refused.content as { text: string }[])[0]?.text).toMatch(
      /^rate_limited: Too many refresh=true requests/,
    );
    // Without refresh, the same key is still answered from the cache.
    expect(
      (await client.callTool({ name: "echo", arguments: { domain: "shop.test" } })).isError,
    ).toBeFalsy();
    await client.close();
  });
});
