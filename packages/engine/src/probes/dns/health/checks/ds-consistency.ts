import type * as packet from "dns-packet";
import type { Finding } from "../../../../contract/finding.js";
import { normalizeName } from "../../../../protocols/dns/records.js";
import { isFailure } from "../../../../protocols/dns/session.js";
import type { HealthFacts } from "../facts.js";
import { check, listText, plural, skipped, withZone } from "../finding.js";

/**
 * `dns.dnssec.ds-consistency`: every parent server serves the same DS set for the zone
 * (DNSSEC01's and DNSSEC07's per-server view): a server left behind by a DS change sends part
 * of the validators down another chain, or none.
 */
export const dnssecDsConsistency = (facts: HealthFacts): Finding =>
  withZone(facts, "dns.dnssec.ds-consistency", (zone) => {
    if (zone.parent === null)
      return skipped("dns.dnssec.ds-consistency", `${zone.apex} has no parent zone`);
    if (zone.givenDs)
      return skipped(
        "dns.dnssec.ds-consistency",
        "the DS set is the one given for the undelegated test, not asked of the parent's servers",
      );
    if (isFailure(zone.parent))
      return skipped(
        "dns.dnssec.ds-consistency",
        `the parent zone could not be found (${zone.parent.message})`,
      );
    const answered = zone.parentDs.flatMap(({ server, response }) => {
      if (isFailure(response) || response.rcode !== "NOERROR" || !response.flags.aa) return [];
      const ds = response.answers
        .filter(
          (record): record is packet.DSAnswer =>
            record.type === "DS" && normalizeName(record.name) === zone.apex,
        )
        .map(
          ({ data }) =>
            `${data.keyTag} ${data.algorithm} ${data.digestType} ${data.digest.toString("hex").toUpperCase()}`,
        )
        .sort();
      return [{ server, ds }];
    });
    const details = { parent: zone.parent.apex, servers: answered };
    if (answered.length === 0) {
      return skipped(
        "dns.dnssec.ds-consistency",
        `no server of ${zone.parent.apex} answered the DS question with authority`,
        details,
      );
    }
    const sets = new Map<string, string[]>();
    for (const { server, ds } of answered) {
      const key = ds.join("\n");
      sets.set(key, [...(sets.get(key) ?? []), server]);
    }
    if (sets.size > 1) {
      const shown = [...sets].map(([key, servers]) => {
        const count = key === "" ? 0 : key.split("\n").length;
        return `${listText(servers)} ${servers.length === 1 ? "serves" : "serve"} ${count === 0 ? "no DS" : plural(count, "DS record")}${count > 0 ? ` (key tags ${listText(key.split("\n").map((line) => line.split(" ")[0]!))})` : ""}`;
      });
      return check(
        "dns.dnssec.ds-consistency",
        "warn",
        `The servers of ${zone.parent.apex} serve different DS sets for ${zone.apex}: ${shown.join("; ")}. Validators get another chain of trust depending on the server they ask.`,
        details,
      );
    }
    const [only] = sets.keys();
    return check(
      "dns.dnssec.ds-consistency",
      "pass",
      `${answered.length === 1 ? `The one server of ${zone.parent.apex} asked serves` : `All ${answered.length} servers of ${zone.parent.apex} serve`} the same DS set for ${zone.apex} (${only === "" ? "none" : plural(only!.split("\n").length, "record")}).`,
      details,
    );
  });
