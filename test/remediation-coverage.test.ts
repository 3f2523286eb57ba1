import {
  dnsConfigProofCases,
  dnsProofCases,
  hostingProofCases,
  httpProofCases,
  mailProofCases,
  sslProofCases,
  whoisProofCases,
} from "@domain-intel/test-kit";
import { describe, expect, it } from "vitest";
import type { RemediationTable } from "../packages/engine/src/contract/with-remediations.js";
import { dnsRemediations } from "../packages/engine/src/probes/dns/remediation.js";
import { hostingRemediations } from "../packages/engine/src/probes/hosting/remediation.js";
import { httpRemediations } from "../packages/engine/src/probes/http/remediation.js";
import { mailRemediations } from "../packages/engine/src/probes/mail/remediation.js";
import { sslRemediations } from "../packages/engine/src/probes/ssl/remediation.js";
import { whoisRemediations } from "../packages/engine/src/probes/whois/remediation.js";
import { findingTables } from "../scripts/references/finding-tables.js";

/**
 * How many of the ids that can fail or warn (from each section's closed table of ids and the
 * `when` of its reference row) carry a remediation, and how many of those are proven by
 * applying the fix on loopback and asking again.
 */
const sections: [block: string, table: RemediationTable<never>, proven: readonly string[]][] = [
  [
    "dns-checks",
    dnsRemediations,
    [...Object.keys(dnsProofCases), ...Object.keys(dnsConfigProofCases)],
  ],
  ["mail-findings", mailRemediations, Object.keys(mailProofCases)],
  ["http-findings", httpRemediations, Object.keys(httpProofCases)],
  // ssl.dane.tlsa: proven in probes/ssl/ssl-dane.test.ts (a re-signed zone around one server).
  ["ssl-findings", sslRemediations, [...Object.keys(sslProofCases), "ssl.dane.tlsa"]],
  ["whois-findings", whoisRemediations, Object.keys(whoisProofCases)],
  ["hosting-findings", hostingRemediations, Object.keys(hostingProofCases)],
];

/** Proofs that serve the world a fix in words describes instead of applying the fix itself. */
const declaredWorlds = Object.entries(dnsProofCases)
  .filter(([, proof]) => proof.step)
  .map(([id]) => id);

/** Ids that can fail or warn and have no fix, with the reason (the engine README lists them). */
const noFix: Readonly<Record<string, string>> = {
  "whois.parse.incomplete":
    "our reading of a registry's WHOIS text, not the domain: nothing for its owner to change",
};

const canFail = (when: string) => /\b(fail|warn)\b/.test(when);

function coverage() {
  return sections.map(([block, table, proven]) => {
    const { ids, reference } = findingTables[block]!;
    const failing = ids.filter((id) => canFail(reference[id]?.when ?? ""));
    const fixed = failing.filter((id) => Object.hasOwn(table, id));
    return {
      section: block.split("-")[0]!,
      failing,
      fixed,
      proven: failing.filter((id) => proven.includes(id)),
      applied: failing.filter((id) => proven.includes(id) && !declaredWorlds.includes(id)),
      missing: failing.filter((id) => !fixed.includes(id)),
      extra: Object.keys(table).filter((id) => !ids.includes(id)),
    };
  });
}

describe("remediation coverage of the ids that can fail or warn", () => {
  const rows = coverage();

  it("prints the figure", () => {
    const total = (key: "failing" | "fixed" | "proven" | "applied") =>
      rows.reduce((sum, row) => sum + row[key].length, 0);
    const percent = (part: number) => ((100 * part) / total("failing")).toFixed(1);
    for (const row of rows)
      console.log(
        `${row.section}: ${row.fixed.length}/${row.failing.length} with a remediation, ${row.proven.length} proven on loopback, ${row.applied.length} by applying it mechanically`,
      );
    console.log(
      `all: ${total("fixed")}/${total("failing")} (${percent(total("fixed"))} %) with a remediation, ${total("proven")} (${percent(total("proven"))} %) proven, ${total("applied")} of ${total("failing")} (${percent(total("applied"))} %) applied mechanically`,
    );
    console.log(`${total("proven") - total("applied")} proven by a declared world`);
    expect(total("fixed") / total("failing")).toBeGreaterThanOrEqual(0.9);
    // Issue 33's target: a proven fix, applied as the remediation writes it, for 90 % of them.
    expect(total("applied") / total("failing")).toBeGreaterThanOrEqual(0.9);
  });

  it("leaves out only the ids listed with a reason, and fixes no id the section lacks", () => {
    expect(rows.flatMap((row) => row.missing).sort()).toEqual(Object.keys(noFix).sort());
    expect(rows.flatMap((row) => row.extra)).toEqual([]);
  });

  it("proves only ids the tables fix", () => {
    for (const row of rows) expect(row.proven.filter((id) => !row.fixed.includes(id))).toEqual([]);
  });
});
