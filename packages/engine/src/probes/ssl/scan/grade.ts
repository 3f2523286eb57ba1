import type { SslGrade } from "../data/configuration-schema.js";
import { type GradeFacts, gradeCaps } from "./grade-caps.js";

export type { GradeFacts, SslGrade };

/** Best first; a cap lowers the grade to its place here. */
const order: readonly SslGrade[] = ["A+", "A", "A-", "B", "C", "D", "E", "F"];

/** HSTS max-age that earns A+: SSL Labs' "long" max-age, 180 days. */
export const aPlusHstsSeconds = 15_552_000;

/**
 * The server's grade, as SSL Labs' rating guide gives it: T when browsers would not trust the
 * certificate (untrusted, not for the name, unreadable, or signed over SHA-1 or MD5 on the
 * path), else A lowered by every cap of `gradeCaps` that applies. A+ needs the http section's
 * HSTS (`withHsts`).
 */
export function gradeOf(facts: GradeFacts): { grade: SslGrade; reasons: string[] } {
  const distrust = distrustOf(facts);
  if (distrust) return { grade: "T", reasons: [distrust] };
  let grade: SslGrade = "A";
  const reasons: string[] = [];
  for (const cap of gradeCaps) {
    const reason = cap.applies(facts);
    if (reason === null) continue;
    reasons.push(`${cap.grade}: ${reason}`);
    if (order.indexOf(cap.grade) > order.indexOf(grade)) grade = cap.grade;
  }
  return { grade, reasons };
}

function distrustOf(facts: GradeFacts): string | null {
  if (facts.trusted === false) return "the certificate is not trusted";
  if (facts.trusted === null) return "the certificate could not be read";
  if (facts.hostnameMatch === false) return "the certificate is not for the name";
  const [weak] = facts.weakSignatures;
  return weak ? `${weak} is signed with SHA-1 or MD5, which every browser refuses` : null;
}

/**
 * A becomes A+ when the site sends HSTS with a max-age of at least six months, unless a cap at
 * A applied (its reason in `reasons` reads "A: ..."), as no TLS_FALLBACK_SCSV does.
 */
export function withHsts(
  grade: SslGrade,
  hstsMaxAgeSeconds: number | null,
  reasons: readonly string[] = [],
): SslGrade {
  const cappedAtA = reasons.some((reason) => reason.startsWith("A: "));
  return grade === "A" &&
    !cappedAtA &&
    hstsMaxAgeSeconds !== null &&
    hstsMaxAgeSeconds >= aPlusHstsSeconds
    ? "A+"
    : grade;
}

/** `grade` is worse than `than`; T, an untrusted certificate, is worst of all. */
export function worseGrade(grade: SslGrade, than: SslGrade): boolean {
  const rank = (value: SslGrade) => (value === "T" ? order.length : order.indexOf(value));
  return rank(grade) > rank(than);
}
