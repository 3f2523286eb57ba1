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
          ca?: boolean;
        }>;
      }
    | undefined;
  for (const certificate of ssl?.chain ?? []) {
    const start = time(certificate.notBefore);
    const end = time(certificate.notAfter);
    const name = certificate.subject?.commonName ?? certificate.subject?.dn ?? "certificate";
    if (start !== undefined && end !== undefined)
      spans.push({
        label: `${certificate.ca ? "CA" : "certificate"} ${name}`,
        start,
        end,
        kind: "certificate",
      });
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

const day = (value: number) => new Date(value).toISOString().slice(0, 10);

/** Where the axis starts and ends: the leaf, the registration's end and now, with a margin. */
function axisOf(spans: Span[], at: number): { from: number; to: number } {
  const leaf = spans.find((span) => span.kind === "certificate");
  const registrationEnd = spans.find((span) => span.kind === "domain")?.end;
  const times = [at, leaf?.start, leaf?.end, registrationEnd].filter(
    (value): value is number => value !== undefined,
  );
  const from = Math.min(...times);
  const to = Math.min(Math.max(...times), at + 3 * 365 * dayMs);
  const margin = Math.max((to - from) * 0.08, 15 * dayMs);
  return { from: from - margin, to: to + margin };
}

/**
 * Certificates and the registration on one time axis, so a certificate that outlives the
 * domain shows as a bar running past the line where the registration ends (that part hatched
 * red). The axis covers the leaf, the registration's end and now, at most 3 years ahead: a CA
 * valid for 10 years or a registration since 1995 would otherwise squash the leaf to a line;
 * their bars run to the edge, their dates are in the label.
 */
export function htmlTimeline(view: ReportView, now: Date): string {
  const spans = spansOf(view);
  if (spans.length === 0) return "";
  const at = now.getTime();
  const { from, to } = axisOf(spans, at);
  // Labels on the left, bars on the right. SVG attributes, not style attributes: the view
  // page's CSP forbids inline styles.
  const left = 46;
  const right = 99.5;
  const x = (value: number) =>
    left + ((right - left) * (Math.min(Math.max(value, from), to) - from)) / (to - from);
  const rowHeight = 22;
  const top = 18;
  const registrationEnd = spans.find((span) => span.kind === "domain")?.end;
  const rows = spans.map((span, index) => {
    const start = x(span.start);
    const width = Math.max(x(span.end) - start, 0.5);
    const expired = span.end < at ? " expired" : "";
    const title = `${span.label}: ${day(span.start)} to ${day(span.end)}`;
    const y = top + index * rowHeight;
    const outlived =
      span.kind === "certificate" && registrationEnd !== undefined && span.end > registrationEnd
        ? `<rect class="outlives" x="${x(registrationEnd).toFixed(2)}%" y="${y + 3}" width="${(x(span.end) - x(registrationEnd)).toFixed(2)}%" height="16"><title>${escapeHtml(`valid ${Math.ceil((span.end - registrationEnd) / dayMs)} days after the registration ends`)}</title></rect>`
        : "";
    return `<g><title>${escapeHtml(title)}</title><rect class="bar ${span.kind}${expired}" x="${start.toFixed(2)}%" y="${y + 3}" width="${width.toFixed(2)}%" height="16" rx="3"></rect>${outlived}<text x="0.5%" y="${y + 15}">${escapeHtml(title)}</text></g>`;
  });
  const height = top + spans.length * rowHeight + (registrationEnd === undefined ? 4 : 18);
  // Now's label above the rows, the registration's below: they never overlap. Each reads
  // away from the edge it is nearest to, so it is not cut off.
  const marker = (time: number, kind: string, label: string, y: number) => {
    const position = x(time);
    const anchor = position > 75 ? `dx="-3" text-anchor="end"` : `dx="3" text-anchor="start"`;
    const offset = position.toFixed(2);
    return `<line class="${kind}" x1="${offset}%" x2="${offset}%" y1="2" y2="${height - 2}"><title>${escapeHtml(label)}</title></line><text class="${kind}" x="${offset}%" y="${y}" ${anchor}>${escapeHtml(label)}</text>`;
  };
  const markers = [marker(at, "now", `now ${day(at)}`, 12)];
  if (registrationEnd !== undefined) {
    const label = `registration ends ${day(registrationEnd)}`;
    markers.push(marker(registrationEnd, "domain-end", label, height - 6));
  }
  return `<h3>Validity timeline</h3><svg class="timeline" width="100%" height="${height}" role="img" aria-label="Validity timeline">${rows.join("")}${markers.join("")}</svg>`;
}
