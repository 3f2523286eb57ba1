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
  // SVG attributes, not style attributes: the view page's CSP forbids inline styles.
  const rowHeight = 22;
  const rows = spans.map((span, index) => {
    const left = x(span.start);
    const width = Math.max(x(span.end) - left, 0.5);
    const expired = span.end < at ? " expired" : "";
    const title = `${span.label}: ${new Date(span.start).toISOString().slice(0, 10)} to ${new Date(span.end).toISOString().slice(0, 10)}`;
    const y = index * rowHeight;
    return `<g><title>${escapeHtml(title)}</title><rect class="bar ${span.kind}${expired}" x="${left.toFixed(2)}%" y="${y + 3}" width="${width.toFixed(2)}%" height="16" rx="3"></rect><text x="0.5%" y="${y + 15}">${escapeHtml(title)}</text></g>`;
  });
  const height = spans.length * rowHeight + 4;
  const nowX = x(at).toFixed(2);
  return `<h3>Validity timeline</h3><svg class="timeline" width="100%" height="${height}" role="img" aria-label="Validity timeline">${rows.join("")}<line class="now" x1="${nowX}%" x2="${nowX}%" y1="0" y2="${height}"><title>now</title></line></svg>`;
}
