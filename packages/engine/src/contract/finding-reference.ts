/**
 * What a finding id means, for people: written once beside the section's ids (typed by them, so
 * an id without its row does not compile) and rendered into the reference tables of the README
 * and the docs by `scripts/generate-references.ts`.
 */
export interface FindingReference {
  /** What is judged, where `when` alone does not say it. */
  readonly what?: string;
  /** Why it matters. */
  readonly why?: string;
  /** When it does not pass: its status and the condition (`fail: ...; warn: ...`). */
  readonly when: string;
  /** Where the rule comes from: RFCs, other tools' test cases. */
  readonly reference?: string;
}
