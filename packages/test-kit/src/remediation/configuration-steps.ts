import type { Remediation } from "@domain-intel/engine";

/**
 * The steps of a remediation in the form a machine can take (the engine README's "Name server
 * settings"): `<Software> <where>: \`<lines>\``, the software first, the lines in one code span.
 */
export interface ConfigurationStep {
  readonly software: string;
  readonly where: string;
  readonly lines: string;
}

const stepPattern = /^(BIND|NSD|Knot|PowerDNS|nftables) ([^`]+): `([^`]+)`$/;

/** Every step of `remediation` in that form; steps in plain words are left out. */
export function configurationSteps(remediation: Remediation): ConfigurationStep[] {
  return (remediation.steps ?? []).flatMap((step) => {
    const match = stepPattern.exec(step);
    return match ? [{ software: match[1]!, where: match[2]!, lines: match[3]! }] : [];
  });
}
