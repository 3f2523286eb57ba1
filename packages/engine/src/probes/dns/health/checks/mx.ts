import net from "node:net";
import type { Finding } from "../../../../contract/finding.js";
import type { HealthFacts } from "../facts.js";
import { check, listText, plural, skipped } from "../finding.js";
import { hostNameProblems } from "./host-name-syntax.js";
import { isNullMx, withMail } from "./mail-facts.js";
import { serverSets, setsText } from "./server-sets.js";

/**
 * `dns.mx.present`: MX records, or a null MX saying no mail is accepted (RFC 7505), the same on
 * every server of the zone (ZONE09).
 */
export const mxPresent = (facts: HealthFacts): Finding =>
  withMail(
    facts,
    "dns.mx.present",
    () => {
      const mx = facts.records.MX;
      const details = { exchanges: mx.map((record) => `${record.preference} ${record.exchange}`) };
      const compared = serverSets(facts, "MX");
      if (compared?.differing) {
        return check(
          "dns.mx.present",
          "warn",
          `The name servers of ${facts.domain} serve different MX sets: ${setsText(compared.sets)}. Mail goes wherever the server a sender's resolver asked says (every server of a zone serves the same data, RFC 1034 4.1): load the same zone on every server.`,
          { ...details, servers: compared.sets },
        );
      }
      if (isNullMx(facts)) {
        return check(
          "dns.mx.present",
          "pass",
          `${facts.domain} publishes a null MX: it accepts no mail (RFC 7505).`,
          details,
        );
      }
      if (mx.length > 0) {
        return check(
          "dns.mx.present",
          "pass",
          `${facts.domain} has ${plural(mx.length, "MX record")}.`,
          details,
        );
      }
      if (hasNoAddress(facts)) {
        // Nothing to fall back to: senders fail at once rather than queue (RFC 5321 5.1).
        return check(
          "dns.mx.present",
          "info",
          `${facts.domain} has no MX and no address record: no mail can be delivered to it (RFC 5321 5.1). A null MX ("0 .") would say so explicitly (RFC 7505).`,
          details,
        );
      }
      return check(
        "dns.mx.present",
        "warn",
        `${facts.domain} has no MX record: senders fall back to its address records (RFC 5321 5.1). Publish MX records, or a null MX ("0 .") if it takes no mail.`,
        details,
      );
    },
    ["MX"],
  );

/** No A and no AAAA, both read (a failed lookup proves nothing). */
const hasNoAddress = (facts: HealthFacts) =>
  facts.records.A.length === 0 &&
  facts.records.AAAA.length === 0 &&
  !facts.unanswered.A &&
  !facts.unanswered.AAAA;

/** `dns.mx.valid`: MX targets are host names (RFC 952/1123), not aliases or IP addresses, and resolve (ZONE08, SYNTAX08). */
export const mxValid = (facts: HealthFacts): Finding =>
  withMail(
    facts,
    "dns.mx.valid",
    (mail) => {
      const mx = facts.records.MX;
      if (mx.length === 0) return skipped("dns.mx.valid", `${facts.domain} has no MX records`);
      if (isNullMx(facts)) {
        const { preference } = mx[0]!;
        // RFC 7505 3: the null MX is preference 0 and target "."; receivers still see "no mail".
        if (preference !== 0)
          return check(
            "dns.mx.valid",
            "warn",
            `The null MX has preference ${preference}; RFC 7505 3 defines it with preference 0 ("0 .").`,
            { preference },
          );
        return check(
          "dns.mx.valid",
          "pass",
          'The null MX is well formed (a single record, preference 0, target ".").',
        );
      }
      const problems: string[] = [];
      if (mx.some((record) => record.exchange === ".")) {
        problems.push(`a null MX ("." target) must be the only MX record (RFC 7505 3)`);
      }
      const targets = mail.mxTargets.map((target) => {
        if (net.isIP(target.host) !== 0) {
          problems.push(`${target.host} is an IP address; an MX must name a host (RFC 5321 5.1)`);
        } else if (hostNameProblems(target.host).some((problem) => problem.level === "fail")) {
          problems.push(
            ...hostNameProblems(target.host).map(
              (problem) => `${problem.text} (RFC 952, RFC 1123)`,
            ),
          );
        } else if (target.cname !== null) {
          problems.push(`${target.host} is an alias of ${target.cname} (RFC 2181 10.3)`);
        } else if (target.error === null && target.addresses.length === 0) {
          problems.push(`${target.host} has no A or AAAA record`);
        }
        return {
          host: target.host,
          addresses: target.addresses,
          cname: target.cname,
          error: target.error,
        };
      });
      const unknown = targets.filter(
        (target) => target.error !== null && target.addresses.length === 0,
      );
      const details = { targets };
      if (problems.length > 0) {
        return check(
          "dns.mx.valid",
          "fail",
          `Mail to ${facts.domain} may not be delivered: ${problems.join("; ")}.`,
          details,
        );
      }
      if (unknown.length === targets.length) {
        return skipped(
          "dns.mx.valid",
          `the addresses of ${listText(unknown.map((target) => target.host))} could not be looked up`,
          details,
        );
      }
      return check(
        "dns.mx.valid",
        "pass",
        `Every mail exchanger of ${facts.domain} resolves to an address.`,
        details,
      );
    },
    ["MX"],
  );
