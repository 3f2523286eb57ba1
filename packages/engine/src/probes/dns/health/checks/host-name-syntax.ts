import type { Finding } from "../../../../contract/finding.js";
import { isFailure } from "../../../../protocols/dns/session.js";
import type { HealthFacts } from "../facts.js";
import { check, listText, skipped, withZone } from "../finding.js";

export interface NameProblem {
  /** `fail` breaks RFC 952/1123; `warn` is only discouraged. */
  level: "fail" | "warn";
  text: string;
}

const ldh = /^[a-z0-9-]+$/i;

/**
 * A host name against RFC 952 as RFC 1123 2.1 relaxed it (Zonemaster SYNTAX02 to 04, 08):
 * letters, digits and hyphens, no hyphen at either end of a label, a top-level label not all
 * digits; "--" in the third and fourth place is discouraged unless the label is an A-label.
 */
export function hostNameProblems(name: string): NameProblem[] {
  const labels = name.replace(/\.$/, "").split(".");
  const problems: NameProblem[] = [];
  for (const label of labels) {
    if (label === "" || !ldh.test(label)) {
      problems.push({
        level: "fail",
        text: `${name} has a label with characters other than letters, digits and hyphens`,
      });
    } else if (label.startsWith("-") || label.endsWith("-")) {
      problems.push({
        level: "fail",
        text: `${name} has a label starting or ending with a hyphen`,
      });
    } else if (label.slice(2, 4) === "--" && !/^xn--/i.test(label)) {
      problems.push({
        level: "warn",
        text: `${name} has "--" in the third and fourth place of ${label}, reserved for A-labels`,
      });
    }
  }
  if (/^\d+$/.test(labels[labels.length - 1] ?? "")) {
    problems.push({ level: "fail", text: `${name} ends in an all-numeric label` });
  }
  return problems;
}

/** `dns.ns.hostname`: the NS names of the zone and of the delegation are valid host names (SYNTAX04). */
export const nsHostname = (facts: HealthFacts): Finding =>
  withZone(facts, "dns.ns.hostname", (zone) => {
    const referral =
      zone.parent && !isFailure(zone.parent) && !isFailure(zone.parent.referral)
        ? zone.parent.referral.nsHosts
        : [];
    const names = [
      ...new Set([...(isFailure(zone.nsHosts) ? [] : zone.nsHosts), ...referral]),
    ].sort();
    if (names.length === 0) return skipped("dns.ns.hostname", "no NS name is known");
    const problems = names.flatMap(hostNameProblems);
    const details = { names, problems: problems.map((problem) => problem.text) };
    if (problems.length > 0) {
      const level = problems.some((problem) => problem.level === "fail") ? "fail" : "warn";
      return check(
        "dns.ns.hostname",
        level,
        `A name server name breaks the host name rules of RFC 952 and RFC 1123: ${problems.map((problem) => problem.text).join("; ")}.`,
        details,
      );
    }
    return check(
      "dns.ns.hostname",
      "pass",
      `${listText(names)} ${names.length === 1 ? "is a valid host name" : "are valid host names"}.`,
      details,
    );
  });
