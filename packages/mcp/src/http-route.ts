import {
  DomainIntelError,
  type EngineRequest,
  type EngineResponse,
  type EngineRoute,
  type EngineRouteContext,
  isDomainIntelError,
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
      const oversized = request.body !== undefined && request.body.byteLength > maxRequestBodyBytes;
      const call = oversized ? undefined : toolCallOf(request);
      let limits: Readonly<Record<string, string>>;
      try {
        ({ headers: limits } = await context.authorize(request, { refresh: call?.refresh }));
      } catch (error) {
        // A key over its limit calling a tool gets a tool error, as the issue asks of MCP
        // errors; rate-limit headers mark a known key (a refused unknown one has none).
        if (call && isDomainIntelError(error) && error.code === "rate_limited") {
          if (error.headers?.ratelimit !== undefined) return toolErrorAnswer(call.id, error);
        }
        throw error;
      }
      if (oversized) {
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

/** A `tools/call` request's id and whether it asks for `refresh`, when the body is one. */
function toolCallOf(
  request: Pick<EngineRequest, "method" | "body">,
): { id: string | number; refresh: boolean } | undefined {
  if (request.method !== "POST" || !request.body) return undefined;
  let message: unknown;
  try {
    message = JSON.parse(new TextDecoder().decode(request.body));
  } catch {
    return undefined; // the SDK's transport answers the parse error
  }
  if (typeof message !== "object" || message === null) return undefined;
  const { method, id, params } = message as { method?: unknown; id?: unknown; params?: unknown };
  if (method !== "tools/call" || (typeof id !== "string" && typeof id !== "number"))
    return undefined;
  const args = (params as { arguments?: { refresh?: unknown } } | undefined)?.arguments;
  return { id, refresh: args?.refresh === true };
}

/** The JSON-RPC answer to a tool call refused by the rate limit: a tool error, its headers. */
function toolErrorAnswer(id: string | number, error: DomainIntelError): EngineResponse {
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id,
    result: { isError: true, content: [{ type: "text", text: `${error.code}: ${error.message}` }] },
  });
  return {
    status: 200,
    headers: { ...error.headers, "content-type": "application/json" },
    body: new TextEncoder().encode(body),
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
