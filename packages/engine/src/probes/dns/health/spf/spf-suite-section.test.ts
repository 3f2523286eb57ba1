import { replaySpfSuite, testProbeContext } from "@domain-intel/test-kit";
import type * as packet from "dns-packet";
import { describe, expect, it } from "vitest";
import { txtRecord } from "../../../../protocols/dns/records.js";
import { createHealthSession, isFailure } from "../../../../protocols/dns/session.js";
import { parseServerAddress } from "../../../../protocols/dns/wire/server-address.js";
import { checkHost } from "../../../../protocols/spf/check-host.js";
import { resolverSpfDns } from "../../../../protocols/spf/spf-dns.js";
import { expandSpf } from "./expand-spf.js";

// The RFC 7208 suite once more, now as the dns section reads each test's domain: the section
// judges the record without a sender (gather: the TXT lookup, then expandSpf), check_host()
// with one. Where check_host() ends in a permerror because of the domain's own record, the
// section flags the record; where it reaches a verdict, the section finds nothing wrong with
// the record; where it ends in a temperror, the section says which lookup went unanswered.

type Seen = "flagged" | "clean" | "unanswered" | "lookup unanswered";

describe("the RFC 7208 suite's domains as the dns section reads them", () => {
  it("flags every record-level permerror, raises no false alarm, reports timeouts", async () => {
    const replayed = await replaySpfSuite({
      suite: "rfc7208",
      run: async (test, resolver) => {
        const sender = test.mailfrom === "" ? `postmaster@${test.helo}` : test.mailfrom;
        const domain = sender.slice(sender.lastIndexOf("@") + 1).toLowerCase();
        const verdict = await checkHost({
          ip: test.host,
          sender: test.mailfrom,
          helo: test.helo,
          dns: resolverSpfDns(testProbeContext({ resolvers: [resolver], timeoutMs: 3000 })),
        });
        const ownRecord = new RegExp(
          `^(the SPF record of ${domain} |${domain} publishes \\d+ SPF records)`,
          "i",
        );
        const expected: Seen | null =
          verdict.result === "permerror" && ownRecord.test(verdict.reason)
            ? "flagged"
            : ["pass", "fail", "softfail", "neutral"].includes(verdict.result)
              ? "clean"
              : verdict.result === "temperror"
                ? verdict.lookups === 0
                  ? "unanswered"
                  : "lookup unanswered"
                : null;
        return {
          expected,
          seen: expected === null ? null : await sectionReading(resolver, domain),
        };
      },
    });
    const tally = { flagged: 0, clean: 0, unanswered: 0, "lookup unanswered": 0 };
    const wrong: string[] = [];
    for (const { test, outcome } of replayed) {
      if (outcome.expected === null) continue;
      tally[outcome.expected]++;
      if (outcome.seen !== outcome.expected) {
        wrong.push(`${test.id}: ${outcome.expected} expected, ${outcome.seen}`);
      }
    }
    console.log(`rfc7208 through the section's reader: ${JSON.stringify(tally)}`);
    expect(wrong).toEqual([]);
    expect(tally.flagged).toBeGreaterThan(20);
    expect(tally.clean).toBeGreaterThan(80);
    expect(tally.unanswered).toBeGreaterThan(0);
    expect(tally["lookup unanswered"]).toBeGreaterThan(0);
  }, 120_000);
});

/** What the dns section's SPF reading says of the domain's own record. */
async function sectionReading(resolver: string, domain: string): Promise<Seen | string> {
  const context = testProbeContext({ resolvers: [resolver], timeoutMs: 3000 });
  const session = createHealthSession({
    context,
    resolver: parseServerAddress({ server: resolver })!,
    authoritativePort: 53,
    udpTries: 2,
    tryTimeoutMs: 500,
    nowSeconds: Math.floor(Date.now() / 1000),
  });
  try {
    const response = await session.recursive({ name: domain, type: "TXT" });
    if (isFailure(response)) {
      return ["timeout", "deadline"].includes(response.code) ? "unanswered" : response.message;
    }
    const txt = response.answers
      .filter((record) => record.type === "TXT")
      .map((record) => txtRecord(record as packet.TxtAnswer).value);
    const spf = await expandSpf({ session, domain, txt });
    if (spf.records.length > 1 || spf.syntaxErrors.some((entry) => entry.domain === domain)) {
      return "flagged";
    }
    // What dns.spf.lookups warns about (a failed lookup) or skips for (cut short by the budget).
    if (
      spf.problems.some((problem) => problem.startsWith("lookup of")) ||
      spf.cutShort.length > 0
    ) {
      return "lookup unanswered";
    }
    return spf.records.length === 1 ? "clean" : `no record read (${spf.records.length})`;
  } finally {
    await session.close();
  }
}
