import { escapeHtml } from "./html-escape.js";
import type { ReportView } from "./report-view.js";

interface Span {
  label: string;
  start: number;
  end: number;
  kind: "certificate" | "domain";
}

const dayMs = 86_400_000;

function time(value: unknown): number | undefined {
  const parsed = typeof value === "string" ? Date.parse(value) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : undefined;
}

function spansOf(view: ReportView): Span[] {
  const spans: Span[] = [];
  const ssl = view.sections.find((section) => section.name === "ssl")?.data as
    | {
        chain?: Array<{
          subject?: { commonName?: string | null; dn?: string };
          notBefore?: string;
          notAfter?: string;
        }>;
      }
    | undefined;
  for (const certificate of ssl?.chain ?? []) {
    const start = time(certificate.notBefore);
    const end = time(certificate.notAfter);
    const name = certificate.subject?.commonName ?? certificate.subject?.dn ?? "certificate";
    if (start !== undefined && end !== undefined)
      spans.push({ label: `certificate ${name}`, start, end, kind: "certificate" });
  }
  const whois = view.sections.find((section) => section.name === "whois")?.data as
    | { createdAt?: string; expiresAt?: string }
    | undefined;
  const end = time(whois?.expiresAt);
  if (end !== undefined) {
    spans.push({
      label: `registration of ${view.domain}`,
      start: time(whois?.createdAt) ?? end - 365 * dayMs,
      end,
      kind: "domain",
    });
  }
  return spans;
}

/**
 * Certificates and the registration on one time axis, so a certificate that outlives the
 * domain shows as a bar running past the registration's end. The axis spans from a little
 * before the earliest certificate to a little after the latest end, at most 3 years from now:
 * a registration since 1995 would otherwise squash every certificate to a line.
 */
export function htmlTimeline(view: ReportView, now: Date): string {
  const spans = spansOf(view);
  if (spans.length === 0) return "";
  const at = now.getTime();
  const certificates = spans.filter((span) => span.kind === "certificate");
  const from = Math.min(at, ...certificates.map((span) => span.start)) - 30 * dayMs;
  const to = Math.min(
    Math.max(at, ...spans.map((span) => span.end)) + 30 * dayMs,
    at + 3 * 365 * dayMs,
  );
  const x = (value: number) => (100 * (Math.min(Math.max(value, from), to) - from)) / (to - from);
  const rows = spans.map((span) => {
    const left = x(span.start);
    const width = Math.max(x(span.end) - left, 0.5);
    const expired = span.end < at ? " expired" : "";
    const title = `${span.label}: ${new Date(span.start).toISOString().slice(0, 10)} to ${new Date(span.end).toISOString().slice(0, 10)}`;
    return `<div class="row" title="${escapeHtml(title)}"><div class="bar ${span.kind}${expired}" style="left:${left.toFixed(2)}%;width:${width.toFixed(2)}%"></div><span class="label">${escapeHtml(title)}</span></div>`;
  });
  return `<h3>Validity timeline</h3><div class="timeline">${rows.join("")}<div class="now" style="left:${x(at).toFixed(2)}%" title="now"></div></div>`;
}
