export { mcpRoute } from "./http-route.js";
export { createMcpServer, type McpEngine } from "./mcp-server.js";
export { reportToolName, type SectionTool, sectionTools } from "./section-tools.js";
export { type RunningMcpServer, type StdioOptions, serveStdio } from "./stdio.js";
