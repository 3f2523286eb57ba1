import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { fixesOf, isDomainIntelError, type Report, type SectionResult } from "@domain-intel/engine";
import { cliEngine } from "./cli-engine.js";
import { fixesText, serverKinds } from "./fixes-output.js";
import { htmlReport } from "./html-report.js";
import { exitCodeOf, type FailOn, reportView } from "./report-view.js";
import { paintFor, textSummary } from "./text-summary.js";
import { reportUsage } from "./usage.js";

export class UsageError extends Error {}

export function failOnOption(value: string | undefined): FailOn {
  if (value === undefined) return "fail";
  if (value === "fail" || value === "warn" || value === "never") return value;
  throw new UsageError(`--fail-on: "${value}" is not fail, warn or never`);
}

export function choice<T extends string>(option: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`--${option}: "${value}" is not one of ${allowed.join(", ")}`);
}

export interface CliStreams {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}

/** `domain-intel report <domain>... [options]`; resolves to the exit code. */
export async function reportCli(argv: string[], io: CliStreams): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      section: { type: "string", short: "s" },
      ns: { type: "string", multiple: true },
      ds: { type: "string", multiple: true },
      json: { type: "boolean" },
      format: { type: "string" },
      output: { type: "string", short: "o" },
      "fail-on": { type: "string" },
      verbose: { type: "boolean", short: "v" },
      fixes: { type: "boolean" },
      server: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    io.stdout.write(`${reportUsage}\n`);
    return 0;
  }
  const failOn = failOnOption(values["fail-on"]);
  const format = values.json
    ? "json"
    : choice("format", values.format ?? "text", ["text", "json", "html"] as const);
  if (values.json && values.format && values.format !== "json") {
    throw new UsageError(`--json and --format ${values.format} ask for two formats`);
  }
  if (values.fixes && format === "html")
    throw new UsageError("--fixes prints text or json, not html");
  const server =
    values.server === undefined ? undefined : choice("server", values.server, serverKinds);
  if (server && !values.fixes) throw new UsageError("--server goes with --fixes");
  if (positionals.length === 0) throw new UsageError("report needs at least one domain");
  const domains = [...new Set(positionals)];
  // Zonemaster's undelegated test: the dns section judged from the given servers and DS set.
  const query = {
    ...(values.ns ? { ns: values.ns } : {}),
    ...(values.ds ? { ds: values.ds } : {}),
  };
  const undelegated = Object.keys(query).length > 0;
  if (undelegated && values.section !== undefined && values.section !== "dns")
    throw new UsageError("--ns and --ds are options of the dns section");
  const section = undelegated ? "dns" : values.section;

  const engine = cliEngine(io.env);
  const answers: Array<Report | SectionResult> = [];
  let invalid = false;
  // One after the other, as asked: a person reads them in order, and one engine serves them all.
  for (const domain of domains) {
    try {
      answers.push(
        section
          ? await engine.lookup(domain, section, undelegated ? { query } : {})
          : await engine.lookup(domain),
      );
    } catch (error) {
      if (error instanceof TypeError && undelegated) throw new UsageError(error.message);
      if (!isDomainIntelError(error)) throw error;
      io.stderr.write(`domain-intel: ${domain}: ${error.message}\n`);
      invalid = true;
    }
  }
  const views = answers.map(reportView);
  let output: string;
  if (values.fixes) {
    const fixes = answers.flatMap(fixesOf);
    output = format === "json" ? `${JSON.stringify(fixes, null, 2)}\n` : fixesText(fixes, server);
  } else if (format === "json") {
    output = `${JSON.stringify(answers.length === 1 && domains.length === 1 ? answers[0] : answers, null, 2)}\n`;
  } else if (format === "html") {
    output = htmlReport(answers);
  } else {
    // Colour follows where the text goes: never into a file.
    const paint = paintFor(values.output ? {} : io.stdout, io.env);
    output = views
      .map((view) => textSummary(view, { paint, verbose: values.verbose ?? false }))
      .join("\n");
  }
  if (values.output) writeFileSync(values.output, output);
  else io.stdout.write(output);
  return invalid ? 2 : exitCodeOf(views, failOn);
}
