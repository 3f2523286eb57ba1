import type { Finding, Report, SectionResult } from "@domain-intel/engine";
import { type ServerKind, serverKindOf } from "./fixes-output.js";
import { escapeHtml } from "./html-escape.js";
import { fixHtml, fixStyle } from "./html-fixes.js";
import { mxHostsTable, recordsTable, redirectedSchemes, redirectTable } from "./html-tables.js";
import { htmlTimeline } from "./html-timeline.js";
import { allFindings, countByStatus, reportView, type SectionView } from "./report-view.js";

/** The page's style: no font file, no url(), no import; printable. */
export const reportStyle = `
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1d2330;background:#f6f7f9}
main{max-width:980px;margin:0 auto;padding:24px}
h1{font-size:1.6em;margin:.2em 0}h2{margin:1.6em 0 .4em;border-bottom:1px solid #d8dce3;padding-bottom:.2em}
.band{display:flex;flex-wrap:wrap;gap:10px;margin:12px 0}
.mark{border-radius:8px;padding:8px 14px;background:#fff;border:1px solid #d8dce3;min-width:90px;text-align:center}
.mark b{display:block;font-size:1.8em;line-height:1.1}
.g-good b{color:#11763a}.g-mid b{color:#a05a00}.g-bad b{color:#b3261e}.g-none b{color:#5a6272}
.finding{background:#fff;border-left:4px solid #d8dce3;margin:6px 0;padding:6px 10px}
.finding.fail{border-color:#b3261e}.finding.warn{border-color:#d08a00}.finding.pass{border-color:#11763a}
.status{font-weight:700;font-size:.8em;text-transform:uppercase;margin-right:.5em}
.fail .status{color:#b3261e}.warn .status{color:#a05a00}.pass .status{color:#11763a}
code,.id{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.85em;color:#5a6272}
table{border-collapse:collapse;background:#fff;margin:6px 0;width:100%}
td,th{border:1px solid #e2e5ea;padding:3px 8px;text-align:left;vertical-align:top;font-size:.9em}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:2px 14px}dl.facts dt{color:#5a6272}dl.facts dd{margin:0}
details{margin:8px 0}summary{cursor:pointer;color:#5a6272}
.timeline{background:#fff;border:1px solid #e2e5ea;display:block}
.timeline .bar{fill:#6b8fd6}.timeline .bar.domain{fill:#8aa36b}.timeline .bar.expired{fill:#b3261e}
.timeline text{font-size:12px;fill:#1d2330}.timeline line.now{stroke:#b3261e;stroke-width:2;stroke-dasharray:4 3}
.timeline line.domain-end{stroke:#4d6b2a;stroke-width:2;stroke-dasharray:2 2}.timeline text.now{fill:#b3261e}.timeline text.domain-end{fill:#4d6b2a}
.timeline .outlives{fill:#b3261e;fill-opacity:.55}
.error{color:#b3261e}
form#lookup{display:flex;flex-wrap:wrap;gap:10px;align-items:end}form#lookup input{display:block;padding:4px 6px;font:inherit}
@media print{body{background:#fff}details{display:block}details>*{display:block}}
${fixStyle}`;

function gradeClass(section: SectionView): string {
  if (section.status === "error") return "g-bad";
  const letter = section.grade?.[0];
  const score = section.score;
  if (!letter && score === null) {
    // No mark: the worst finding colours the section.
    if (section.findings.some((finding) => finding.status === "fail")) return "g-bad";
    return section.findings.some((finding) => finding.status === "warn") ? "g-mid" : "g-good";
  }
  if (letter === "A" || letter === "B" || (!letter && score! >= 80)) return "g-good";
  if (letter === "F" || letter === "T" || (!letter && score! < 50)) return "g-bad";
  return "g-mid";
}

function markHtml(section: SectionView): string {
  const fails = section.findings.filter((finding) => finding.status === "fail").length;
  const warns = section.findings.filter((finding) => finding.status === "warn").length;
  // Without a grade or score, the worst finding is the mark: never "ok" over a failing check.
  const worst = fails > 0 ? "fail" : warns > 0 ? "warn" : "ok";
  const mark =
    section.status === "error"
      ? "!"
      : (section.grade ?? (section.score === null ? worst : String(section.score)));
  return `<div class="mark ${gradeClass(section)}"><b>${escapeHtml(mark)}</b>${escapeHtml(section.name)}<br><small>${section.status === "error" ? "not probed" : `${fails} fail, ${warns} warn`}</small></div>`;
}

function findingHtml(finding: Finding, server?: ServerKind): string {
  const details =
    finding.details && Object.keys(finding.details).length > 0
      ? `<details><summary>details</summary><pre><code>${escapeHtml(JSON.stringify(finding.details, null, 2))}</code></pre></details>`
      : "";
  const fix =
    finding.remediation && (finding.status === "fail" || finding.status === "warn")
      ? fixHtml(finding.remediation, server)
      : "";
  return `<div class="finding ${escapeHtml(finding.status)}"><span class="status">${escapeHtml(finding.status)}</span>${escapeHtml(finding.message)} <span class="id">${escapeHtml(finding.id)}</span>${fix}${details}</div>`;
}

/** Tables drawn from a section's data, and the key facts (report-facts.ts) they show in full. */
const tables: Record<
  string,
  { draw: (data: unknown, domain: string) => string; shown: (data: unknown) => string[] }
> = {
  dns: { draw: (data, domain) => recordsTable(at(data, "records"), domain), shown: () => [] },
  http: {
    draw: redirectTable,
    shown: (data) => (redirectedSchemes(data).includes("http") ? ["from http"] : []),
  },
  mail: { draw: mxHostsTable, shown: () => ["SMTP"] },
};

const at = (data: unknown, key: string): unknown =>
  typeof data === "object" && data !== null ? (data as Record<string, unknown>)[key] : undefined;

/** Facts as tables or a timeline where the section has them; the key facts otherwise. */
function factsHtml(section: SectionView, domain: string, timeline: string): string {
  const drawn = section.data === undefined ? undefined : tables[section.name];
  const shown = drawn?.shown(section.data) ?? [];
  const facts = section.facts.filter(([label]) => !shown.includes(label));
  const parts: string[] = [];
  if (facts.length > 0) {
    parts.push(
      `<dl class="facts">${facts.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`).join("")}</dl>`,
    );
  }
  const table = drawn?.draw(section.data, domain) ?? "";
  // Without a table (no hops, no hosts), the key fact still says what happened.
  if (!table && drawn) return factsHtml({ ...section, data: undefined }, domain, timeline);
  parts.push(table, timeline);
  return parts.join("");
}

/** Everything the section found, folded: facts of sections this page draws no table for. */
function dataHtml(section: SectionView): string {
  if (section.data === undefined) return "";
  return `<details><summary>all data of ${escapeHtml(section.name)}</summary><pre><code>${escapeHtml(JSON.stringify(section.data, null, 2))}</code></pre></details>`;
}

function sectionHtml(
  section: SectionView,
  domain: string,
  timeline: string,
  server?: ServerKind,
): string {
  const problems = section.findings.filter((f) => f.status === "fail" || f.status === "warn");
  const rest = section.findings.filter((f) => f.status !== "fail" && f.status !== "warn");
  return `<section id="section-${escapeHtml(section.name)}"><h2>${escapeHtml(section.name)}</h2>${
    section.error ? `<p class="error">Could not be probed: ${escapeHtml(section.error)}</p>` : ""
  }${problems.map((finding) => findingHtml(finding, server)).join("")}${factsHtml(section, domain, timeline)}${dataHtml(section)}${
    rest.length > 0
      ? `<details><summary>${rest.length} other checks (passing, informational, skipped)</summary>${rest.map((finding) => findingHtml(finding)).join("")}</details>`
      : ""
  }</section>`;
}

/** The `Server` header the http section read, if the report has it. */
function siteServer(view: ReturnType<typeof reportView>): string | undefined {
  const data = view.sections.find((section) => section.name === "http")?.data;
  const server = (data as { server?: unknown } | undefined)?.server;
  return typeof server === "string" ? server : undefined;
}

function oneReport(answer: Report | SectionResult, now: Date): string {
  const view = reportView(answer);
  const counts = countByStatus(allFindings(view));
  const timeline = htmlTimeline(view, now);
  // The timeline goes once, under the first of the sections it draws from.
  const timelineSection = view.sections.find((s) => s.name === "ssl" || s.name === "whois")?.name;
  // Server lines for the server the site says it runs; every server's when it does not say.
  const server = serverKindOf(siteServer(view));
  return `<article class="report"><h1>${escapeHtml(view.domain)}</h1>
<div class="band">${view.sections.map(markHtml).join("")}</div>
<p>${counts.fail} fail, ${counts.warn} warn, ${counts.pass} pass, ${counts.info} info, ${counts.skipped} skipped</p>
${view.sections.map((section) => sectionHtml(section, view.domain, section.name === timelineSection ? timeline : "", server)).join("\n")}
${view.insights.length > 0 ? sectionHtml({ name: "insights", status: "ok", grade: null, score: null, error: null, findings: view.insights, facts: [], data: undefined }, view.domain, "") : ""}
</article>`;
}

/** The body of the page for each answer: what the view page puts in its document too. */
export function reportArticles(
  answers: ReadonlyArray<Report | SectionResult>,
  now = new Date(),
): string {
  return answers.map((answer) => oneReport(answer, now)).join("\n");
}

/**
 * The report page: one self-contained HTML document (inline style, no script, no font, no
 * external address) for reports or section envelopes, readable offline and printable.
 */
export function htmlReport(
  answers: ReadonlyArray<Report | SectionResult>,
  now = new Date(),
): string {
  const title = answers.map((answer) => answer.domain).join(", ") || "domain-intel report";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · domain-intel</title><style>${reportStyle}</style></head>
<body><main>${reportArticles(answers, now)}
<footer><small>domain-intel, ${escapeHtml(now.toISOString())}</small></footer></main></body></html>
`;
}
