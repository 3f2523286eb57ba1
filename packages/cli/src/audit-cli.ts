import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import type { Engine, Report, SectionResult } from "@domain-intel/engine";
import { parseAuditInput } from "./audit-input.js";
import { type AuditFormat, type AuditResult, formatAudit } from "./audit-output.js";
import { progressBar } from "./audit-progress.js";
import { cliEngine } from "./cli-engine.js";
import { type CliStreams, choice, failOnOption, UsageError } from "./report-cli.js";
import { allFindings, exitCodeOf, reportView } from "./report-view.js";
import { auditUsage } from "./usage.js";

// Probing is waiting on the network: 32 domains at once keep one machine busy, and the
// engine still caps the outbound operations in flight (network.maxConcurrency).
const defaultConcurrency = 32;

function concurrencyOption(value: string | undefined): number {
  if (value === undefined) return defaultConcurrency;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 1000) {
    throw new UsageError(`--concurrency: "${value}" is not an integer from 1 to 1000`);
  }
  return Number(value);
}

/** The full report, or a report holding only the asked sections (no insights: they need all). */
async function auditOne(
  engine: Engine,
  domain: string,
  sections: string[] | undefined,
): Promise<Report> {
  if (!sections) return engine.lookup(domain);
  const results: SectionResult[] = await Promise.all(
    sections.map((section) => engine.lookup(domain, section)),
  );
  return {
    domain: results[0]?.domain ?? domain,
    generatedAt: new Date().toISOString(),
    sections: Object.fromEntries(results.map((result) => [result.section, result])),
    insights: [],
  };
}

/** `domain-intel audit <file|-> [options]`; resolves to the exit code. */
export async function auditCli(
  argv: string[],
  io: CliStreams & { stdin?: NodeJS.ReadableStream; onInterrupt?: (stop: () => void) => void },
): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      sections: { type: "string" },
      format: { type: "string" },
      concurrency: { type: "string" },
      output: { type: "string", short: "o" },
      "fail-on": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    io.stdout.write(`${auditUsage}\n`);
    return 0;
  }
  const failOn = failOnOption(values["fail-on"]);
  const format = choice<AuditFormat>("format", values.format ?? "table", [
    "table",
    "csv",
    "ndjson",
    "json",
  ]);
  const concurrency = concurrencyOption(values.concurrency);
  if (positionals.length !== 1)
    throw new UsageError("audit takes one file, or - for standard input");
  const engine = cliEngine(io.env);
  const sections = values.sections
    ?.split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = sections?.filter((name) => !engine.sections.includes(name)) ?? [];
  if (sections?.length === 0 || unknown.length > 0) {
    throw new UsageError(
      `--sections: "${unknown.join(",") || values.sections}"; sections are ${engine.sections.join(", ")}`,
    );
  }
  const source = positionals[0]!;
  const text = source === "-" ? readFileSync(0, "utf8") : readInputFile(source);
  const input = parseAuditInput(text);
  for (const { line, text: name, reason } of input.invalid) {
    io.stderr.write(`domain-intel: line ${line}: "${name}" skipped: ${reason}\n`);
  }

  const results: Array<AuditResult | undefined> = new Array(input.domains.length);
  const progress = progressBar(io.stderr, input.domains.length);
  let next = 0;
  let done = 0;
  let interrupted = false;
  // One engine for the whole run: its cache and in-flight sharing keep anything from being
  // probed twice; `concurrency` workers each take the next domain.
  const worker = async () => {
    while (!interrupted && next < input.domains.length) {
      const index = next++;
      const domain = input.domains[index]!;
      try {
        const report = await auditOne(engine, domain, sections);
        results[index] = { domain, report, view: reportView(report) };
      } catch (error) {
        results[index] = { domain, error: error instanceof Error ? error.message : String(error) };
      }
      done += 1;
      progress.tick(done);
    }
  };
  const finished = Promise.all(
    Array.from({ length: Math.min(concurrency, input.domains.length) }, worker),
  );
  const stopped = new Promise<void>((resolve) => {
    io.onInterrupt?.(() => {
      interrupted = true;
      resolve();
    });
  });
  await Promise.race([finished, stopped]);
  progress.clear();

  const completed = results.filter((result): result is AuditResult => result !== undefined);
  const output = formatAudit(completed, format);
  if (values.output) writeFileSync(values.output, output);
  else io.stdout.write(output);

  const views = completed.flatMap((result) => (result.view ? [result.view] : []));
  const findings = views.flatMap(allFindings);
  const errors = completed.filter((result) => result.error !== undefined).length;
  io.stderr.write(
    `${interrupted ? "Interrupted: " : ""}${completed.length} of ${input.domains.length} domains audited` +
      `, ${findings.filter((finding) => finding.status === "fail").length} fail` +
      `, ${findings.filter((finding) => finding.status === "warn").length} warn` +
      `${errors > 0 ? `, ${errors} could not be probed` : ""}` +
      `${input.invalid.length > 0 ? `, ${input.invalid.length} invalid names skipped` : ""}\n`,
  );
  // 130: the shell's code for a run stopped by Ctrl-C; its results are incomplete.
  if (interrupted) return 130;
  return errors > 0 ? 3 : exitCodeOf(views, failOn);
}

function readInputFile(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw new UsageError(
      `${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
}
