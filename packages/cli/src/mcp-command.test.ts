import { fileURLToPath } from "node:url";
import { startDnsServer, type TestDnsServer, zoneHandler } from "@domain-intel/test-kit";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serve } from "./serve.js";

// The built command, as `pnpm test` builds it first: what an MCP host spawns.
const bin = fileURLToPath(new URL("../dist/bin.js", import.meta.url));
let dns: TestDnsServer;

beforeAll(async () => {
  dns = await startDnsServer(
    zoneHandler({ "shop.test": [{ type: "A", name: "shop.test", ttl: 120, data: "192.0.2.7" }] }),
  );
});
afterAll(() => dns?.close());

describe("domain-intel mcp", () => {
  it("serves the sections as tools over stdio to the SDK's client, configured by the environment", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [bin, "mcp"],
      env: { PATH: process.env.PATH ?? "", DOMAIN_INTEL_RESOLVERS: dns.address },
      stderr: "pipe",
    });
    let stderr = "";
    transport.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual([
        "domain_report",
        "domain_fixes",
        "whois",
        "dns",
        "ssl",
        "http",
        "mail",
        "hosting",
      ]);
      const result = await client.callTool({ name: "dns", arguments: { domain: "shop.test" } });
      expect(result.structuredContent).toMatchObject({
        domain: "shop.test",
        section: "dns",
        status: "ok",
        data: { records: { A: [{ address: "192.0.2.7", ttl: 120 }] } },
      });
      expect((result.content as { text: string }[])[0]?.text).toMatch(/^dns for shop.test\n/);
      const bad = await client.callTool({ name: "whois", arguments: { domain: "127.0.0.1" } });
      expect(bad).toMatchObject({ isError: true });
    } finally {
      // The SDK ends the child's stdin, then sends SIGTERM if it is still there after 2 s.
      const closing = Date.now();
      await client.close();
      // Closing stdin ends the command by itself, well before that.
      expect(Date.now() - closing).toBeLessThan(1_500);
    }
    expect(stderr).toBe("");
  });
});

describe("domain-intel serve: MCP over HTTP", () => {
  it("mounts MCP at {basePath}/mcp behind the API keys", async () => {
    const running = await serve({
      env: {
        PORT: "0",
        HOST: "127.0.0.1",
        DOMAIN_INTEL_KEYS: "mcp-key-1",
        DOMAIN_INTEL_RESOLVERS: dns.address,
      },
      print: () => undefined,
    });
    try {
      const url = new URL(`${running.url}/api/v1/mcp`);
      const anonymous = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
      expect(anonymous.status).toBe(401);
      const client = new Client({ name: "test", version: "1.0.0" });
      await client.connect(
        new StreamableHTTPClientTransport(url, {
          requestInit: { headers: { authorization: "Bearer mcp-key-1" } },
        }),
      );
      const result = await client.callTool({ name: "dns", arguments: { domain: "shop.test" } });
      expect(result.structuredContent).toMatchObject({ section: "dns", status: "ok" });
      await client.close();
    } finally {
      await running.close();
    }
  });
});
