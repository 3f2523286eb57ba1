export { configFromEnv, readKeysFile, type ServeConfig } from "./config-from-env.js";
export { generateApiKey } from "./generate-key.js";
export { htmlReport } from "./html-report.js";
export { type KeysCommandOptions, keysCommand } from "./keys-command.js";
export { type McpCommandOptions, mcpCommand } from "./mcp-command.js";
export { type ReportCommandOptions, reportCommand } from "./report-command.js";
export { reportPage } from "./report-page-route.js";
export { type RunningServer, type ServeOptions, serve } from "./serve.js";
export { type WebhooksCommandOptions, webhooksCommand } from "./webhooks-command.js";
