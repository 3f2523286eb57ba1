import {
  createEngine,
  type Engine,
  type EngineOptions,
  fixesOf,
  isDomainIntelError,
  isEngine,
  type Report,
  type SectionResult,
} from "@domain-intel/engine";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from "@modelcontextprotocol/sdk/types.js";
import { type SectionTool, sectionTools } from "./section-tools.js";
import { fixesSummary, summarize } from "./tool-summary.js";

const instructions =
  "Domain intelligence: call domain_report for a whole assessment of a domain, or one section tool (whois, dns, ssl, ...) for one aspect. Answers come from a cache when fresh; pass refresh: true only when the user asks for a new check.";

function toolError(text: string): CallToolResult {
  return { isError: true, content: [{ type: "text", text }] };
}

interface ToolInput {
  domain: string;
  refresh: boolean;
  /** The section route's own query parameters (dns: `ns`, `ds`), when given. */
  query?: Record<string, string[]>;
}

/**
 * `{ domain, refresh?, ...the route's query parameters }` checked by hand: the low-level server
 * validates no tool input.
 */
function readInput(
  args: Record<string, unknown> | undefined,
  tool: SectionTool,
): ToolInput | string {
  const { domain, refresh, ...rest } = args ?? {};
  if (typeof domain !== "string") return "invalid_domain: `domain` must be a string.";
  if (refresh !== undefined && typeof refresh !== "boolean")
    return "invalid_input: `refresh` must be true or false.";
  const query: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(rest)) {
    if (!tool.query.includes(name)) return `invalid_input: unknown argument ${name.slice(0, 64)}.`;
    const values = typeof value === "string" ? [value] : value;
    if (!Array.isArray(values) || !values.every((item) => typeof item === "string"))
      return `invalid_input: \`${name}\` must be a list of strings.`;
    query[name] = values;
  }
  return {
    domain,
    refresh: refresh ?? false,
    ...(Object.keys(query).length > 0 ? { query } : {}),
  };
}

/** What the server needs of an engine: an engine, or what the engine lends its routes. */
export type McpEngine = Pick<Engine, "sections" | "openApiDocument"> & {
  lookup(
    domain: string,
    section: string,
    options?: { refresh?: boolean; query?: Readonly<Record<string, readonly string[]>> },
  ): Promise<Report | SectionResult>;
};

async function callTool(
  engine: McpEngine,
  tool: SectionTool,
  args: Record<string, unknown> | undefined,
): Promise<CallToolResult> {
  const input = readInput(args, tool);
  if (typeof input === "string") return toolError(input);
  let answer: Report | SectionResult;
  try {
    answer = await engine.lookup(input.domain, tool.section, {
      refresh: input.refresh,
      ...(input.query ? { query: input.query } : {}),
    });
  } catch (error) {
    // The engine's own message (invalid domain, a malformed argument, overloaded); nothing
    // else leaves the server.
    if (error instanceof TypeError && input.query)
      return toolError(`invalid_input: ${error.message}`);
    return toolError(
      isDomainIntelError(error)
        ? `${error.code}: ${error.message}`
        : "internal: An internal error occurred.",
    );
  }
  if (tool.fixes) {
    const fixes = fixesOf(answer);
    return {
      content: [{ type: "text", text: fixesSummary(answer.domain, fixes) }],
      structuredContent: { domain: answer.domain, fixes },
    };
  }
  return {
    // A section that could not be probed is a failed call, with its envelope for the details.
    ...("status" in answer && answer.status === "error" ? { isError: true } : {}),
    content: [{ type: "text", text: summarize(answer) }],
    structuredContent: answer as unknown as Record<string, unknown>,
  };
}

/**
 * A Model Context Protocol server over an engine (or the options to make one): one tool a
 * section plus `domain_report`, each taking `{ domain, refresh? }` and the section route's own
 * query parameters (the dns tool's `ns` and `ds`). Connect it to any
 * transport of `@modelcontextprotocol/sdk` (`serveStdio` does so for stdio).
 *
 * The SDK's low-level `Server`, not `McpServer`: the tools' schemas are JSON Schema taken from
 * the engine's OpenAPI document, and `McpServer.registerTool` takes only zod schemas.
 */
export function createMcpServer(engineOrOptions: Engine | EngineOptions): Server {
  const engine = isEngine(engineOrOptions) ? engineOrOptions : createEngine(engineOrOptions);
  return serverOver(engine, sectionTools(engine));
}

/** The server over `engine` with tools already built (the HTTP route builds them once). */
export function serverOver(engine: McpEngine, tools: readonly SectionTool[]): Server {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const server = new Server(
    { name: "domain-intel", version: String(engine.openApiDocument.info.version) },
    { capabilities: { tools: {} }, instructions },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools.map(({ name, description, inputSchema, outputSchema }) => ({
      name,
      description,
      inputSchema,
      outputSchema,
      annotations: { readOnlyHint: true, openWorldHint: true },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const tool = byName.get(request.params.name);
    if (!tool) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown tool: ${request.params.name.slice(0, 64)}`,
      );
    }
    return callTool(engine, tool, request.params.arguments);
  });
  return server;
}
