import type * as packet from "dns-packet";
import type { Finding } from "../../../../contract/finding.js";
import { normalizeName, txtRecord } from "../../../../protocols/dns/records.js";
import { isFailure } from "../../../../protocols/dns/session.js";
import type { ComplianceFacts, HealthFacts } from "../facts.js";
import { plural } from "../finding.js";
import { perServer, received } from "./compliance.js";

/** What a server told about itself over CHAOS: the TXT strings by name, and records of class IN. */
function disclosed(compliance: ComplianceFacts) {
  const strings: Record<string, string> = {};
  let wrongClass = false;
  for (const { name, response } of compliance.software) {
    if (isFailure(response) || response.rcode !== "NOERROR") continue;
    const owned = response.answers.filter(
      (record): record is packet.TxtAnswer =>
        record.type === "TXT" && normalizeName(record.name) === name,
    );
    if (owned.some((record) => (record.class ?? "IN") !== "CH")) wrongClass = true;
    const text = owned.map((record) => txtRecord(record).value.trim()).join(" ");
    if (text !== "") strings[name] = text;
  }
  return { strings, wrongClass };
}

/**
 * `dns.ns.software-version`: no server tells its software and version over CHAOS TXT
 * (`version.bind`, `version.server`; NAMESERVER15), which points attackers at known flaws. An
 * instance name (`id.server`, RFC 4892) is shown, not held against it; a server that answers
 * a CH question with IN records is warned about too. Silence or an error is fine.
 */
export const nsSoftwareVersion = (facts: HealthFacts): Finding =>
  perServer({
    facts,
    id: "dns.ns.software-version",
    sent: "CH TXT version.bind, version.server and id.server",
    worst: "warn",
    shown: (compliance) => ({
      ...disclosed(compliance),
      received: Object.fromEntries(
        compliance.software.map(({ name, response }) => [name, received(response)]),
      ),
    }),
    judge: (compliance) => {
      if (
        compliance.software.every(
          ({ response }) => isFailure(response) && response.code === "aborted",
        )
      )
        return null;
      const { strings, wrongClass } = disclosed(compliance);
      const versions = ["version.bind", "version.server"]
        .filter((name) => strings[name] !== undefined)
        .map((name) => `${name} "${strings[name]}"`);
      if (versions.length > 0)
        return { status: "fail", what: `discloses its software (${versions.join(", ")})` };
      if (wrongClass)
        return { status: "fail", what: "answers CHAOS questions with IN-class records" };
      return { status: "pass", what: "discloses no software version" };
    },
    passed: (count) =>
      `None of the ${plural(count, "name server")} discloses its software version.`,
    failed: (problems) =>
      `${problems}: a version string tells attackers which known flaws to try. Answer version.bind and version.server with nothing, or refuse them.`,
  });
