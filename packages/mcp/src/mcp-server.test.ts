import { createEngine, dnsProbe, type Engine, silentLogger } from "@domain-intel/engine";
import { ipDataFromCsv } from "@domain-intel/ip-data";
import { createMcpServer } from "@domain-intel/mcp";
import {
  countingProbe,
  noBuiltInProbes,
  startDnsServer,
  type TestDnsServer,
  zoneHandler,
} from "@domain-intel/test-kit";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

let dns: TestDnsServer;
const clients: Client[] = [];

beforeAll(async () => {
  dns = await startDnsServer(
    zoneHandler({
      "shop.test": [{ type: "A", name: "shop.test", ttl: 120, data: "192.0.2.7" }],
    }),
  );
});
afterAll(() => dns?.close());
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

/** The SDK's own client, linked in memory to a server over `engine`. */
async function connect(engine: Engine): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer(engine).connect(serverSide);
  const client = new Client({ name: "test", version: "1.0.0" });
  clients.push(client);
  await client.connect(clientSide);
  // Listing the tools arms the client's Ajv check of every structuredContent against the
  // tool's outputSchema, so each call below also proves the schema fits the answer.
  await client.listTools();
  return client;
}

function engineWith(probes: Record<string, unknown>) {
  return createEngine({
    keys: ["unused"],
    logger: silentLogger,
    probes: { whois: false, ssl: false, http: false, mail: false, hosting: false, ...probes },
    network: { resolvers: [dns.address], allowPrivateAddresses: true, timeoutMs: 3_000 },
  });
}

describe("createMcpServer", () => {
  it("lists one tool a section, custom ones included, plus domain_report", async () => {
    const echo = countingProbe();
    const mcp = await connect(engineWith({ echo: echo.probe }));
    const { tools } = await mcp.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      "domain_report",
      "domain_fixes",
      "dns",
      "echo",
    ]);
    for (const tool of tools) {
      expect(tool.inputSchema).toMatchObject({ type: "object", required: ["domain"] });
      expect(tool.outputSchema?.type).toBe("object");
      expect(tool.description).toMatch(/Use it/);
    }
    // The custom section's own data schema, carried along for the client's validator.
    const echoTool = tools.find((tool) => tool.name === "echo")!;
    expect(echoTool.outputSchema?.$defs).toMatchObject({ EchoData: echo.probe.dataSchema });
  });

  it("answers a section as the envelope with a text summary, validated by the SDK client", async () => {
    const mcp = await connect(engineWith({}));
    const result = await mcp.callTool({ name: "dns", arguments: { domain: "SHOP.test." } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      domain: "shop.test",
      section: "dns",
      status: "ok",
      cache: "miss",
      data: { records: { A: [{ address: "192.0.2.7", ttl: 120 }] } },
    });
    const [text] = result.content as { type: string; text: string }[];
    const grade = (result.structuredContent as { data: { health: { grade: string } } }).data.health
      .grade;
    expect(text?.text).toContain(`dns for shop.test\ndns: grade ${grade}, `);
    expect(text?.text).toMatch(/^ {2}(FAIL|WARN) dns\.[a-z-]+\.[a-z-]+: /m);
  });

  it("has a hosting tool whose answer the SDK client validates against its output schema", async () => {
    const engine = createEngine({
      keys: ["unused"],
      logger: silentLogger,
      probes: { whois: false, dns: false, ssl: false, http: false, mail: false },
      network: { resolvers: [dns.address], allowPrivateAddresses: true, timeoutMs: 3_000 },
      hosting: {
        asnSource: ipDataFromCsv({
          source: "lab",
          asn: [{ source: "lab", text: "192.0.2.0,192.0.2.255,64500,Documentation Networks" }],
          country: [],
        }),
      },
    });
    const mcp = await connect(engine);
    expect((await mcp.listTools()).tools.map((tool) => tool.name)).toEqual([
      "domain_report",
      "domain_fixes",
      "hosting",
    ]);
    const result = await mcp.callTool({ name: "hosting", arguments: { domain: "shop.test" } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      section: "hosting",
      status: "ok",
      data: {
        sources: { network: "lab", rpki: null },
        hosts: expect.arrayContaining([
          expect.objectContaining({
            name: "shop.test",
            addresses: [
              expect.objectContaining({ address: "192.0.2.7", asn: 64500, prefix: "192.0.2.0/24" }),
            ],
          }),
        ]),
      },
    });
    expect((result.content as { text: string }[])[0]?.text).toContain("hosting for shop.test");
  });

  it("answers the full report with every section", async () => {
    const echo = countingProbe();
    const mcp = await connect(engineWith({ echo: echo.probe }));
    const result = await mcp.callTool({
      name: "domain_report",
      arguments: { domain: "shop.test" },
    });
    expect(result.isError).toBeFalsy();
    expect(Object.keys((result.structuredContent as { sections: object }).sections)).toEqual([
      "dns",
      "echo",
    ]);
    expect((result.content as { text: string }[])[0]?.text).toMatch(
      /^Report for shop.test\ndns: grade [A-F][\s\S]*\necho: 0 failing, 0 warning, 0 checks \(cache miss\)/,
    );
  });

  it("answers the fixes of every failing and warning finding, validated against their schema", async () => {
    const mcp = await connect(engineWith({}));
    const report = await mcp.callTool({
      name: "domain_report",
      arguments: { domain: "shop.test" },
    });
    const fixes = await mcp.callTool({ name: "domain_fixes", arguments: { domain: "shop.test" } });
    expect(fixes.isError).toBeFalsy();
    // The fixes are exactly the remediations the report's failing and warning findings carry.
    const checks = (
      report.structuredContent as {
        sections: {
          dns: {
            data: { health: { checks: { id: string; status: string; remediation?: unknown }[] } };
          };
        };
      }
    ).sections.dns.data.health.checks;
    const expected = checks
      .filter((check) => (check.status === "fail" || check.status === "warn") && check.remediation)
      .map((check) => ({ section: "dns", id: check.id, remediation: check.remediation }));
    expect(expected.length).toBeGreaterThan(0);
    const structured = fixes.structuredContent as { domain: string; fixes: object[] };
    expect(structured.domain).toBe("shop.test");
    expect(structured.fixes).toEqual(expected.map((entry) => expect.objectContaining(entry)));
    const [text] = fixes.content as { text: string }[];
    expect(text?.text).toMatch(new RegExp(`^shop\\.test: ${expected.length} fix(es)?\n- dns\\.`));
  });

  it("answers from the cache, and probes again with refresh: true", async () => {
    const echo = countingProbe();
    const mcp = await connect(engineWith({ echo: echo.probe }));
    const call = (refresh?: boolean) =>
      mcp.callTool({
        name: "echo",
        arguments: { domain: "shop.test", ...(refresh === undefined ? {} : { refresh }) },
      });
    expect((await call()).structuredContent).toMatchObject({ cache: "miss", data: { run: 1 } });
    expect((await call()).structuredContent).toMatchObject({ cache: "hit", data: { run: 1 } });
    expect((await call(true)).structuredContent).toMatchObject({ cache: "miss", data: { run: 2 } });
    expect(echo.runs).toEqual(["shop.test", "shop.test"]);
  });

  it("takes the dns route's own query parameters (ns, ds) as arguments", async () => {
    const port = Number(dns.address.split(":")[1]);
    const mcp = await connect(
      createEngine({
        keys: ["unused"],
        logger: silentLogger,
        probes: { ...noBuiltInProbes, dns: dnsProbe({ authoritativePort: port }) },
        network: { resolvers: [dns.address], allowPrivateAddresses: true, timeoutMs: 3_000 },
      }),
    );
    const { tools } = await mcp.listTools();
    const tool = tools.find((listed) => listed.name === "dns")!;
    expect(tool.inputSchema.properties).toMatchObject({
      ns: {
        type: "array",
        items: { type: "string" },
        description: expect.stringMatching(/^Undelegated test/),
      },
      ds: { type: "array", items: { type: "string" } },
    });
    const call = (args: Record<string, unknown>) =>
      mcp.callTool({ name: "dns", arguments: { domain: "shop.test", ...args } });
    expect((await call({})).structuredContent).toMatchObject({ cache: "miss" });
    // The undelegated answer is another one than the delegated answer, cached apart.
    const given = { ns: ["ns1.shop.test/127.0.0.1"] };
    expect((await call(given)).structuredContent).toMatchObject({ status: "ok", cache: "miss" });
    expect((await call(given)).structuredContent).toMatchObject({ cache: "hit" });
    expect(await call({ ns: ["ns1.shop.test/300.0.0.1"] })).toMatchObject({
      isError: true,
      content: [{ text: expect.stringMatching(/^invalid_input: ns: .* has no valid IP address/) }],
    });
    expect(await call({ ds: [7] })).toMatchObject({
      isError: true,
      content: [{ text: "invalid_input: `ds` must be a list of strings." }],
    });
  });

  it("turns the engine's errors and bad input into tool errors", async () => {
    const broken = countingProbe({ fail: "throw" });
    const mcp = await connect(engineWith({ broken: broken.probe }));
    const ip = await mcp.callTool({ name: "dns", arguments: { domain: "127.0.0.1" } });
    expect(ip).toMatchObject({
      isError: true,
      content: [{ type: "text", text: "invalid_domain: An IP address is not a domain name." }],
    });
    const typo = await mcp.callTool({
      name: "dns",
      arguments: { domain: "shop.test", refesh: true },
    });
    expect(typo).toMatchObject({
      isError: true,
      content: [{ text: expect.stringMatching(/refesh/) }],
    });
    const failed = await mcp.callTool({ name: "broken", arguments: { domain: "shop.test" } });
    expect(failed).toMatchObject({
      isError: true,
      structuredContent: { section: "broken", status: "error", error: { code: "internal" } },
    });
    const busy = await connect(
      createEngine({
        keys: ["unused"],
        probes: {
          ...noBuiltInProbes,
          slow: countingProbe({ delayMs: 200 }).probe,
        },
        network: { maxPendingProbes: 1 },
      }),
    );
    const [first, second] = await Promise.all([
      busy.callTool({ name: "slow", arguments: { domain: "one.test" } }),
      busy.callTool({ name: "slow", arguments: { domain: "two.test" } }),
    ]);
    expect(first.isError).toBeFalsy();
    expect(second).toMatchObject({
      isError: true,
      content: [{ text: expect.stringMatching(/^overloaded: Too many lookups are in progress/) }],
    });
    await expect(
      mcp.callTool({ name: "nope", arguments: { domain: "shop.test" } }),
    ).rejects.toThrow(/Unknown tool: nope/);
  });
});
