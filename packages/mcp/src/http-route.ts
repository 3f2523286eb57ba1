import {
  DomainIntelError,
  type EngineResponse,
  type EngineRoute,
  type EngineRouteContext,
  maxRequestBodyBytes,
} from "@domain-intel/engine";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { serverOver } from "./mcp-server.js";
import { type SectionTool, sectionTools } from "./section-tools.js";

// One engine lends one context to every call: its tools are built once.
const toolsOf = new WeakMap<EngineRouteContext, readonly SectionTool[]>();

/**
 * MCP over Streamable HTTP at `{basePath}/mcp`, for `createEngine({ routes: [mcpRoute()] })`:
 * stateless (a server and transport a request, JSON answers, no session, no SSE stream), so any
 * instance answers any request, and every request passes the engine's own gate first: its Bearer
 * key and one request charged to the key's rate limit, as a data route is.
 */
export function mcpRoute(): EngineRoute {
  return {
    path: "/mcp",
    async handle(request, context) {
      if (request.subpath !== "")
        throw new DomainIntelError("not_found", "No route matches this path.");
      const { headers: limits } = await context.authorize(request);
      if (request.body && request.body.byteLength > maxRequestBodyBytes) {
        throw new DomainIntelError(
          "bad_request",
          `The request body is over ${maxRequestBodyBytes} bytes.`,
        );
      }
      let tools = toolsOf.get(context);
      if (!tools) {
        tools = sectionTools(context);
        toolsOf.set(context, tools);
      }
      const server = serverOver(context, tools);
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      try {
        await server.connect(transport);
        const headers = new Headers();
        for (const [name, value] of Object.entries(request.headers)) {
          if (value !== undefined) headers.set(name, value);
        }
        const hasBody = request.method !== "GET" && request.method !== "HEAD";
        const answer = await transport.handleRequest(
          new Request(new URL(request.url, "http://mcp.invalid"), {
            method: request.method,
            headers,
            ...(hasBody ? { body: request.body ?? new Uint8Array(0) } : {}),
            ...(request.signal ? { signal: request.signal } : {}),
          }),
        );
        return toEngineResponse(answer, limits);
      } finally {
        await server.close();
      }
    },
  };
}

async function toEngineResponse(
  answer: Response,
  limits: Readonly<Record<string, string>>,
): Promise<EngineResponse> {
  const headers: Record<string, string> = { ...limits };
  answer.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return { status: answer.status, headers, body: new Uint8Array(await answer.arrayBuffer()) };
}
