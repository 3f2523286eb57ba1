#!/usr/bin/env node
import { parseArgs } from "node:util";
import { isDomainIntelError } from "@domain-intel/engine";
import { keysCommand } from "./keys-command.js";
import { mcpCommand } from "./mcp-command.js";
import { reportCommand } from "./report-command.js";
import { serve } from "./serve.js";

const usage = `Usage:
  domain-intel serve                                 start the API server (PORT, HOST, DOMAIN_INTEL_* settings)
  domain-intel report <domain> [--section NAME]      print the JSON report (NAME: dns, ssl, whois)
  domain-intel mcp                                   serve the Model Context Protocol on stdio (same settings as serve)
  domain-intel keys create|list|revoke|rotate|migrate   manage API keys (domain-intel keys --help)
  domain-intel --help`;

async function main(argv: string[]): Promise<number> {
  // `keys` has flags of its own; it parses its arguments itself.
  if (argv[0] === "keys") return keysCommand({ argv: argv.slice(1) });
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { section: { type: "string", short: "s" }, help: { type: "boolean", short: "h" } },
  });
  const [command, ...rest] = positionals;
  if (values.help || command === undefined) {
    process.stdout.write(`${usage}\n`);
    return command === undefined && !values.help ? 2 : 0;
  }
  if (command === "serve") {
    const running = await serve();
    const stop = () => {
      running.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
    return -1;
  }
  if (command === "mcp") {
    await mcpCommand();
    return 0;
  }
  if (command === "report") {
    const [domain] = rest;
    if (!domain) {
      process.stderr.write(`report needs a domain\n${usage}\n`);
      return 2;
    }
    const result = await reportCommand({
      domain,
      ...(values.section ? { section: values.section } : {}),
    });
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  }
  process.stderr.write(`Unknown command "${command}"\n${usage}\n`);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (error: unknown) => {
    // The message only: a stack trace helps no one running a command.
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`domain-intel: ${message}\n`);
    process.exitCode = isDomainIntelError(error) || error instanceof TypeError ? 2 : 1;
  },
);
