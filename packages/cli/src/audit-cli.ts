import { closeSync, openSync, readFileSync, writeSync } from "node:fs";
import { parseArgs } from "node:util";
import {
  type Engine,
  type FixEntry,
  fixesOf,
  groupFixes,
  type Report,
  type SectionResult,
} from "@domain-intel/engine";
import { parseAuditInput } from "./audit-input.js";
import { type AuditFormat, type AuditResult, auditWriter, tally } from "./audit-output.js";
import { progressBar } from "./audit-progress.js";
import { cliEngine } from "./cli-engine.js";
import { fixGroupsText } from "./fixes-output.js";
import { type CliStreams, choice, failOnOption, UsageError } from "./report-cli.js";
import { exitCodeOf, reportView } from "./report-view.js";
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
      fixes: { type: "string" },
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
  // Each domain has a few dozen operations in flight at its peak (a TLS scan alone makes 8
  // handshakes at once): the server's cap of 64 would hold a 32-domain run to a few domains'
  // worth and run their budgets out waiting.
  const engine = cliEngine(io.env, { maxConcurrency: Math.max(64, concurrency * 8) });
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
  // Opened first: a path that cannot be written is bad usage before any probing.
  const fixesFile = values.fixes === undefined ? undefined : openOutput(values.fixes, io.stdout);
  const fixes: FixEntry[] = [];
  const output = openOutput(values.output, io.stdout);
  const writer = auditWriter(format, sections ?? engine.sections, input.domains);
  output.write(writer.start());

  const progress = progressBar(io.stderr, input.domains.length);
  // Results are written in the list's order as soon as all before them are: only those that
  // finished ahead of a slower one wait, as text. Nothing else of a report is kept.
  const waiting = new Map<number, string>();
  let written = 0;
  let nextToWrite = 0;
  const emit = (text: string) => {
    output.write(written === 0 ? text : writer.between + text);
    written += 1;
  };
  const totals = { done: 0, fail: 0, warn: 0, errors: 0, code: 0 as 0 | 1 | 3 };
  const record = (index: number, result: AuditResult) => {
    const { fail, warn } = tally(result);
    totals.fail += fail;
    totals.warn += warn;
    if (result.error !== undefined) totals.errors += 1;
    const code = result.view ? exitCodeOf([result.view], failOn) : 3;
    totals.code = Math.max(totals.code, code) as 0 | 1 | 3;
    waiting.set(index, writer.row(result));
    while (waiting.has(nextToWrite)) {
      emit(waiting.get(nextToWrite)!);
      waiting.delete(nextToWrite);
      nextToWrite += 1;
    }
  };
  let next = 0;
  let interrupted = false;
  // One engine for the whole run (the list has each domain once, and work in flight is shared
  // between sections); `concurrency` workers each take the next domain.
  const worker = async () => {
    while (!interrupted && next < input.domains.length) {
      const index = next++;
      const domain = input.domains[index]!;
      let result: AuditResult;
      try {
        const report = await auditOne(engine, domain, sections);
        result = { domain, report, view: reportView(report) };
        if (fixesFile) fixes.push(...fixesOf(report));
      } catch (error) {
        result = { domain, error: error instanceof Error ? error.message : String(error) };
      }
      if (interrupted) return;
      record(index, result);
      totals.done += 1;
      progress.tick(totals.done);
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
  // Interrupted: what is done behind a domain still in flight is written too, in order.
  for (const index of [...waiting.keys()].sort((a, b) => a - b)) emit(waiting.get(index)!);
  output.write(writer.end(written));
  await output.close();
  if (fixesFile && values.fixes) {
    const groups = groupFixes(fixes);
    fixesFile.write(
      values.fixes.endsWith(".json")
        ? `${JSON.stringify(groups, null, 2)}\n`
        : fixGroupsText(groups),
    );
    await fixesFile.close();
  }

  io.stderr.write(
    `${interrupted ? "Interrupted: " : ""}${totals.done} of ${input.domains.length} domains audited` +
      `, ${totals.fail} fail, ${totals.warn} warn` +
      `${totals.errors > 0 ? `, ${totals.errors} could not be probed` : ""}` +
      `${input.invalid.length > 0 ? `, ${input.invalid.length} invalid names skipped` : ""}\n`,
  );
  // Interrupted, the verdict is incomplete, as when a section could not be probed: 3, so a CI
  // job gating on DESIGN's codes (0, 1, 2, 3) never reads a stopped run as a pass.
  return interrupted ? 3 : totals.code;
}

/** Standard output, or FILE opened now: a path that cannot be written is bad usage, found first. */
function openOutput(path: string | undefined, stdout: NodeJS.WritableStream) {
  if (path === undefined) {
    return {
      write: (text: string) => {
        if (text) stdout.write(text);
      },
      close: () => Promise.resolve(),
    };
  }
  let fd: number;
  try {
    fd = openSync(path, "w");
  } catch (error) {
    throw new UsageError(`--output: ${path}: ${(error as NodeJS.ErrnoException).code}`);
  }
  return {
    write: (text: string) => {
      if (text) writeSync(fd, text);
    },
    close: async () => closeSync(fd),
  };
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
