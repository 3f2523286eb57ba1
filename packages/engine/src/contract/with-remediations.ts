import { fixAllowanceMs } from "./budget.js";
import type { Finding } from "./finding.js";
import type { Probe } from "./probe.js";
import type { Remediation } from "./remediation.js";

/** What a fix knows besides the finding and the section's data. */
export interface FixContext {
  /** The (normalised) domain the section answered for. */
  readonly domain: string;
}

/** One fix: the remediation computed from the finding and the section's data, or none. */
export type Fix<TData> = (
  finding: Finding,
  data: TData,
  context: FixContext,
) => Remediation | undefined;

/**
 * A section's fixes, written in its `remediation.ts`: for a finding id, the remediation
 * computed from the finding and the section's own data, or undefined when this case has none.
 */
export type RemediationTable<TData> = Readonly<Record<string, Fix<TData>>>;

/** Only findings that say something is wrong get a fix. */
const needsFix = new Set<Finding["status"]>(["fail", "warn"]);

/**
 * The findings of `data` with their remediations attached, from `table`. A fix that throws on
 * data it did not foresee is left out: a missing fix never costs the section its answer. Once
 * `timeUp()` says so, the findings left get none: fixes never make an answer late.
 */
export function remediate<TData>(
  findings: readonly Finding[],
  data: TData,
  table: RemediationTable<TData>,
  context: FixContext,
  timeUp: () => boolean = () => false,
): Finding[] {
  return findings.map((finding) => {
    if (!needsFix.has(finding.status) || !Object.hasOwn(table, finding.id)) return finding;
    if (timeUp()) return finding;
    let remediation: Remediation | undefined;
    try {
      remediation = table[finding.id]!(finding, data, context);
    } catch {
      remediation = undefined;
    }
    return remediation ? { ...finding, remediation } : finding;
  });
}

/** A section's fixes and where its findings sit in its data. */
export interface SectionFixes<TData> {
  readonly table: RemediationTable<TData>;
  readonly findings: (data: TData) => readonly Finding[] | undefined;
  /** The data with its findings replaced. */
  readonly replace: (data: TData, findings: Finding[]) => TData;
}

/** The fixes of a section whose findings are its data's `findings`. */
export function topLevelFixes<TData extends { findings: Finding[] }>(
  table: RemediationTable<TData>,
): SectionFixes<TData> {
  return {
    table,
    findings: (data) => data.findings,
    replace: (data, findings) => ({ ...data, findings }),
  };
}

/**
 * The probe with every failing or warning finding of its data carrying its fix: the one place a
 * section's table is applied, around the data its probe produced. Fixes run inside the answer
 * reserve, so they get a bounded share of it (`fixAllowanceMs`); a fix is pure and quick, and
 * the clock is read before each, so a slow one costs at most its own time past the bound.
 */
export function withRemediations<TData, TQuery = unknown>(
  fixes: SectionFixes<TData>,
  probe: Probe<TData, TQuery>,
): Probe<TData, TQuery> {
  return {
    ...probe,
    async run(domain, context) {
      const data = await probe.run(domain, context);
      const findings = fixes.findings(data);
      if (!findings) return data;
      const started = Date.now();
      const allowanceMs = fixAllowanceMs(context);
      const timeUp = () => Date.now() - started >= allowanceMs;
      return fixes.replace(data, remediate(findings, data, fixes.table, { domain }, timeUp));
    },
  };
}
