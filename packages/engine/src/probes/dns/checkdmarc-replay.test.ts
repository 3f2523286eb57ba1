import {
  assessInLab,
  type CheckdmarcCase,
  checkdmarcCases,
  extraZone,
} from "@domain-intel/test-kit";
import type * as packet from "dns-packet";
import { afterAll, describe, expect, it } from "vitest";

type Records = packet.Answer[];
const txt = (name: string, data: string): packet.Answer => ({ type: "TXT", name, ttl: 300, data });

/** reports.test, a report service's zone, with the case's authorization records. */
const reportService = (names: Record<string, string[]> = {}) =>
  extraZone(
    "reports.test",
    Object.entries(names).flatMap(([name, values]) => values.map((value) => txt(name, value))),
  );

/** example.test with the case's records at `_dmarc` and at the apex, in place of the lab's. */
const withCase = (entry: CheckdmarcCase) => (records: Records) => [
  ...records.filter((record) => !(record.type === "TXT" && record.name === "_dmarc.example.test")),
  ...entry.dmarc.map((value) => txt("_dmarc.example.test", value)),
  ...(entry.apex ?? []).map((value) => txt("example.test", value)),
  ...(entry.name ? [{ type: "A", name: entry.name, ttl: 300, data: "192.0.2.40" } as const] : []),
];

const tally = { agree: 0, differ: 0 };

// checkdmarc's DMARC test records served on loopback and read by the dns section: each case
// agrees with checkdmarc's verdict, or differs exactly as the table says and the README explains.
describe.concurrent("checkdmarc's DMARC cases through the dns section", () => {
  it.each(checkdmarcCases.map((entry, index) => ({ ...entry, index })))(
    "$index $test: $checkdmarc -> $id",
    async (entry) => {
      const { check } = await assessInLab({
        name: entry.name,
        child: withCase(entry),
        extraZones: [reportService(entry.reports)],
      });
      const finding = check(entry.id);
      const detail = `${JSON.stringify(entry.dmarc)}: ${finding.status} ${finding.message}`;
      if (entry.differs) {
        expect(finding.status, detail).toBe(entry.differs.ours);
        expect(entry.agree).not.toContain(finding.status);
        tally.differ += 1;
      } else {
        expect(entry.agree, detail).toContain(finding.status);
        tally.agree += 1;
      }
    },
    60_000,
  );
});

afterAll(() => {
  if (tally.agree + tally.differ === checkdmarcCases.length) {
    console.log(
      `checkdmarc replay: ${tally.agree} of ${checkdmarcCases.length} cases agree, ${tally.differ} differ as explained`,
    );
  }
});
