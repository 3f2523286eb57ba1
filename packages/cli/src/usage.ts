import { unsetText } from "./read-serve-variables.js";
import { serveVariables } from "./serve-variables.js";

/** The usage of each command, shown by `<command> --help` (exit 0) and after bad usage (exit 2). */
export const mainUsage = `Usage:
  domain-intel report <domain>... [options]       a readable report of each domain (report --help)
  domain-intel audit <file|-> [options]           audit a list of domains, one a line (audit --help)
  domain-intel serve                              start the API server (serve --help)
  domain-intel mcp                                serve the Model Context Protocol on stdio (serve's settings)
  domain-intel keys create|list|revoke|rotate|migrate   manage API keys (keys --help)
  domain-intel --version | --help

Exit codes: 0 nothing at or above --fail-on, 1 findings at or above it, 2 bad usage,
3 a section could not be probed.`;

export const reportUsage = `Usage: domain-intel report <domain>... [options]

Probes each domain and prints a summary: each section's grade and status, the failing and
warning findings with their messages, key facts, and a count of checks.

Options:
  -s, --section NAME         one section only (dns, ssl, whois, or any section the engine has)
      --ns NAME[/ADDRESS]    undelegated test (dns section): judge the zone from this name
                             server instead of the parent's delegation; repeat for each
      --ds TAG,ALG,TYPE,HEX  undelegated test: judge DNSSEC from this DS record; repeat for each
      --json                 the JSON the API answers (an array when several domains are given)
      --format text|json|html
                             text (default), json (as --json), or html: the report page
  -o, --output FILE          write to FILE instead of standard output
      --fail-on fail|warn|never
                             exit 1 when a finding is at or above this (default fail)
  -v, --verbose              list the passing, skipped and informational checks too
      --fixes                only the fixes of the failing and warning findings, ready to
                             paste: zone-file lines, server lines, files, registrar changes,
                             steps as # comments; with --format json, the fixes as JSON
      --server nginx|apache|caddy|iis|haproxy
                             with --fixes: that server's lines only (default: all of them)
  -h, --help                 this help

Colour only on a terminal, never with NO_COLOR (FORCE_COLOR=1 forces it). Settings come from
the same DOMAIN_INTEL_* variables as serve (see serve --help).

Exit codes: 0 nothing at or above --fail-on, 1 findings at or above it, 2 bad usage,
3 a section could not be probed.`;

export const auditUsage = `Usage: domain-intel audit <file|-> [options]

Audits every domain of a file (or standard input with -), one a line; blank lines and
# comments are ignored, duplicates audited once, invalid names reported and skipped.

Options:
      --sections a,b         these sections only (default: the full report)
      --format table|csv|ndjson|json
                             table (default): one line a domain; csv: one row a domain with
                             each section's status and grade, fail and warn counts and the
                             failing ids; ndjson: one report a line; json: an array
      --concurrency N        domains probed at once (default 32)
      --fixes FILE           write the fleet's fixes there, the same change for many domains
                             once ({{domain}} for each), largest group first; JSON when FILE
                             ends in .json, else lines ready to paste
  -o, --output FILE          write there instead of standard output
      --fail-on fail|warn|never
                             exit 1 when a finding is at or above this (default fail)
  -h, --help                 this help

A progress bar goes to standard error when it is a terminal. Each domain is written as soon
as it is done (in the file's order). Ctrl-C stops the run, writes the domains done so far and
exits 3: the verdict is incomplete.

Exit codes: 0 nothing at or above --fail-on, 1 findings at or above it, 2 bad usage,
3 a section could not be probed, or the run was interrupted.`;

/** `serve --help`: every variable of the table, what it does, its default and the option it sets. */
export function serveUsage(): string {
  const width = Math.max(...serveVariables.map(({ name }) => name.length)) + 2;
  const rows = serveVariables.map((variable) => {
    const sets = "option" in variable.sets ? `; engine option ${variable.sets.option}` : "";
    return `  ${variable.name.padEnd(width)}${variable.summary}\n  ${"".padEnd(width)}default: ${unsetText(variable)}${sets}`;
  });
  return `Usage: domain-intel serve

Starts the API server (plain node:http) with the settings of these environment variables
(booleans take 1/0, true/false, yes/no; an empty variable counts as unset; a bad value stops
the start with a message naming the variable):

${rows.join("\n")}`;
}
