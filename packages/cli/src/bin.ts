#!/usr/bin/env node
import { readFileSync } from "node:fs";
import { isDomainIntelError } from "@domain-intel/engine";
import { auditCli } from "./audit-cli.js";
import { keysCommand } from "./keys-command.js";
import { mcpCommand } from "./mcp-command.js";
import { type CliStreams, reportCli, UsageError } from "./report-cli.js";
import { serve } from "./serve.js";
import { mainUsage, serveUsage } from "./usage.js";
import { webhooksCommand } from "./webhooks-command.js";

// A reader that stops early (`| head`) closes the pipe: that ends the command, quietly.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
});

const io: CliStreams = { stdout: process.stdout, stderr: process.stderr, env: process.env };

function version(): string {
  const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  return String(manifest.version);
}

/** Ctrl-C stopped an audit: its results are written; probes still in flight are abandoned. */
let interrupted = false;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === "--version" || command === "-V") {
    process.stdout.write(`domain-intel ${version()}\n`);
    return 0;
  }
  if (command === undefined || command === "--help" || command === "-h" || command === "help") {
    (command === undefined ? process.stderr : process.stdout).write(`${mainUsage}\n`);
    return command === undefined ? 2 : 0;
  }
  // Each command parses its own flags, so each `--help` shows its own usage.
  if (command === "keys") return keysCommand({ argv: rest });
  if (command === "webhooks") return webhooksCommand({ argv: rest });
  if (command === "mcp") {
    await mcpCommand();
    return 0;
  }
  if (command === "report") return reportCli(rest, io);
  if (command === "audit") {
    const onInterrupt = (stop: () => void) =>
      process.once("SIGINT", () => {
        interrupted = true;
        stop();
      });
    return auditCli(rest, { ...io, onInterrupt });
  }
  if (command === "serve") {
    if (rest.includes("--help") || rest.includes("-h")) {
      process.stdout.write(`${serveUsage()}\n`);
      return 0;
    }
    if (rest.length > 0) throw new UsageError(`serve takes no arguments (got "${rest[0]}")`);
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
  throw new UsageError(`Unknown command "${command}"`);
}

function isUsageError(error: unknown): boolean {
  // parseArgs refuses unknown options and missing values with a TypeError carrying a code.
  return (
    error instanceof UsageError ||
    error instanceof TypeError ||
    isDomainIntelError(error) ||
    String((error as { code?: unknown })?.code).startsWith("ERR_PARSE_ARGS")
  );
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
    if (interrupted) process.stdout.write("", () => process.exit(code));
  },
  (error: unknown) => {
    // The message only: a stack trace helps no one running a command.
    const message = error instanceof Error ? error.message : String(error);
    const usage = error instanceof UsageError ? `\n${mainUsage}` : "";
    process.stderr.write(`domain-intel: ${message}${usage}\n`);
    // For report and audit anything else means the run could not probe: 3, never the 1 that
    // means "findings" there.
    const probing = process.argv[2] === "report" || process.argv[2] === "audit";
    process.exitCode = isUsageError(error) ? 2 : probing ? 3 : 1;
  },
);
