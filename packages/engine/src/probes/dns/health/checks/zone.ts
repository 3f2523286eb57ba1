import type * as packet from "dns-packet";
import type { Finding } from "../../../../contract/finding.js";
import { normalizeName } from "../../../../protocols/dns/records.js";
import type { DnsSoaRecord } from "../../dns-data.js";
import type { HealthFacts, ServerFacts, ZoneFacts } from "../facts.js";
import { check, listText, skipped, withZone } from "../finding.js";
import { soaAnswer } from "./nameserver.js";

/** `dns.zone.exists`: the name exists; NXDOMAIN fails (BASIC01). */
export const zoneExists = (facts: HealthFacts): Finding =>
  facts.exists
    ? check("dns.zone.exists", "pass", `${facts.domain} exists.`)
    : check("dns.zone.exists", "fail", `${facts.domain} does not exist (NXDOMAIN).`);

/** The zone's SOA record as one server serves it. */
const servedSoa = (server: ServerFacts, apex: string) =>
  soaAnswer(server)?.answers.find(
    (answer): answer is packet.SoaAnswer =>
      answer.type === "SOA" && normalizeName(answer.name) === apex,
  );

/** The zone's SOA: the resolver's when the domain is the apex, else the first server's. */
function zoneSoa(facts: HealthFacts, zone: ZoneFacts): DnsSoaRecord | null {
  if (zone.apex === facts.domain && facts.records.SOA) return facts.records.SOA;
  for (const server of zone.servers) {
    const record = servedSoa(server, zone.apex);
    if (record) {
      return {
        mname: normalizeName(record.data.mname),
        rname: normalizeName(record.data.rname),
        serial: record.data.serial ?? 0,
        refresh: record.data.refresh ?? 0,
        retry: record.data.retry ?? 0,
        expire: record.data.expire ?? 0,
        minimum: record.data.minimum ?? 0,
        ttl: record.ttl ?? 0,
      };
    }
  }
  return null;
}

/** `dns.soa.serial-sync`: every server serves the same serial (CONSISTENCY01). */
export const soaSerialSync = (facts: HealthFacts): Finding =>
  withZone(facts, "dns.soa.serial-sync", (zone) => {
    const serials = zone.servers.flatMap((server) => {
      const record = servedSoa(server, zone.apex);
      return record ? [{ server: server.server, serial: record.data.serial ?? 0 }] : [];
    });
    if (serials.length === 0)
      return skipped("dns.soa.serial-sync", "no name server gave the zone's SOA");
    const distinct = [...new Set(serials.map((entry) => entry.serial))];
    const details = { serials };
    if (distinct.length > 1) {
      return check(
        "dns.soa.serial-sync",
        "warn",
        `The name servers serve different versions of ${zone.apex}: ${serials.map((entry) => `${entry.server} has ${entry.serial}`).join(", ")}. A secondary is not getting updates.`,
        details,
      );
    }
    return check(
      "dns.soa.serial-sync",
      "pass",
      `${serials.length === 1 ? "The one answering server serves" : `All ${serials.length} servers serve`} serial ${distinct[0]}.`,
      details,
    );
  });

/** Zonemaster's SOA thresholds (ZONE02 to ZONE06), in seconds. */
export const soaThresholds = {
  minRefresh: 14_400,
  minRetry: 3_600,
  minExpire: 604_800,
  minMinimum: 300,
  maxMinimum: 86_400,
};

/** `dns.soa.timers`: refresh, retry, expire and minimum within Zonemaster's bounds. */
export const soaTimers = (facts: HealthFacts): Finding =>
  withZone(facts, "dns.soa.timers", (zone) => {
    const soa = zoneSoa(facts, zone);
    if (!soa) return skipped("dns.soa.timers", "the zone's SOA could not be read");
    const t = soaThresholds;
    const problems = [
      ...(soa.refresh < t.minRefresh
        ? [`refresh ${soa.refresh} is below ${t.minRefresh} (ZONE02)`]
        : []),
      ...(soa.retry >= soa.refresh
        ? [`retry ${soa.retry} is not below refresh ${soa.refresh} (ZONE03)`]
        : []),
      ...(soa.retry < t.minRetry ? [`retry ${soa.retry} is below ${t.minRetry} (ZONE04)`] : []),
      ...(soa.expire < t.minExpire
        ? [`expire ${soa.expire} is below ${t.minExpire} (ZONE05)`]
        : []),
      ...(soa.expire < soa.refresh
        ? [`expire ${soa.expire} is below refresh ${soa.refresh} (ZONE05)`]
        : []),
      ...(soa.minimum < t.minMinimum || soa.minimum > t.maxMinimum
        ? [`minimum ${soa.minimum} is outside ${t.minMinimum}..${t.maxMinimum} (ZONE06)`]
        : []),
    ];
    const details = {
      refresh: soa.refresh,
      retry: soa.retry,
      expire: soa.expire,
      minimum: soa.minimum,
      problems,
    };
    if (problems.length > 0) {
      return check(
        "dns.soa.timers",
        "warn",
        `The SOA timers of ${zone.apex} are off: ${problems.join("; ")}.`,
        details,
      );
    }
    return check(
      "dns.soa.timers",
      "pass",
      `The SOA timers of ${zone.apex} are within the recommended ranges.`,
      details,
    );
  });

const hostname =
  /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** RFC 5322 3.2.3: the local part of a mailbox without quoting. */
const dotAtom = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/i;

/** `dns.soa.syntax`: MNAME is a host name, RNAME a mailbox in DNS form (SYNTAX05 to 07). */
export const soaSyntax = (facts: HealthFacts): Finding =>
  withZone(facts, "dns.soa.syntax", (zone) => {
    const soa = zoneSoa(facts, zone);
    if (!soa) return skipped("dns.soa.syntax", "the zone's SOA could not be read");
    // RNAME's first label is the mailbox's local part (any character, dots escaped); the rest
    // is the mail domain.
    const split = /^((?:[^.\\]|\\.)+)\.(.+)$/.exec(soa.rname);
    const local = split?.[1]?.replace(/\\\./g, ".");
    const problems = [
      ...(soa.rname.includes("@")
        ? [`RNAME ${soa.rname} contains "@": write the mailbox as a DNS name (SYNTAX05)`]
        : []),
      ...(!split || !hostname.test(split[2]!)
        ? [`RNAME ${soa.rname} is not a mailbox in DNS form (SYNTAX06)`]
        : []),
      ...(local !== undefined && !soa.rname.includes("@") && !dotAtom.test(local)
        ? [
            `RNAME ${soa.rname} has a local part, ${local}, that is not a mailbox name (RFC 5322 dot-atom; SYNTAX06)`,
          ]
        : []),
      ...(!hostname.test(soa.mname)
        ? [`MNAME ${soa.mname} is not a valid host name (SYNTAX07)`]
        : []),
    ];
    const details = { mname: soa.mname, rname: soa.rname, problems };
    if (problems.length > 0) {
      return check(
        "dns.soa.syntax",
        "warn",
        `The SOA of ${zone.apex} is malformed: ${problems.join("; ")}.`,
        details,
      );
    }
    return check(
      "dns.soa.syntax",
      "pass",
      `MNAME ${soa.mname} and RNAME ${soa.rname} are well formed.`,
      details,
    );
  });

/** Types that may sit beside a CNAME (RFC 4035 2.5): the signatures and denial records of it. */
const besideCname = new Set(["CNAME", "RRSIG", "NSEC", "NSEC3"]);

/** `dns.zone.cname-conflict`: a CNAME is the only data at its name (RFC 1034 3.6.2, RFC 2181 10.1). */
export const zoneCnameConflict = (facts: HealthFacts): Finding => {
  if (!facts.exists) return skipped("dns.zone.cname-conflict", `${facts.domain} does not exist`);
  const domain = facts.domain;
  const alias = facts.records.CNAME[0];
  if (!alias) return check("dns.zone.cname-conflict", "pass", `${domain} is not an alias.`);
  const others = new Set<string>();
  for (const response of Object.values(facts.responses)) {
    for (const record of response.answers) {
      if (normalizeName(record.name) === domain && !besideCname.has(record.type))
        others.add(record.type);
    }
  }
  const apex = facts.zone !== null && !("failed" in facts.zone) && facts.zone.apex === domain;
  if (apex) others.add("SOA");
  const details = { cname: alias.target, otherTypes: [...others].sort() };
  if (others.size > 0) {
    return check(
      "dns.zone.cname-conflict",
      "fail",
      `${domain} is an alias of ${alias.target} and also has ${listText([...others].sort())} records${apex ? " (a CNAME at a zone apex)" : ""}: a CNAME must be the only data at its name, so resolvers answer unpredictably.`,
      details,
    );
  }
  return check(
    "dns.zone.cname-conflict",
    "pass",
    `${domain} is an alias of ${alias.target} with no other data beside it.`,
    details,
  );
};

/** The SOA fields that every server must agree on, besides the serial (CONSISTENCY02, 03, 06). */
const agreedFields = ["mname", "rname", "refresh", "retry", "expire", "minimum"] as const;

/** `dns.soa.consistency`: every server serves the same MNAME, RNAME and timers. */
export const soaConsistency = (facts: HealthFacts): Finding =>
  withZone(facts, "dns.soa.consistency", (zone) => {
    const served = zone.servers.flatMap((server) => {
      const record = servedSoa(server, zone.apex);
      if (!record) return [];
      const data = record.data;
      return [
        {
          server: server.server,
          mname: normalizeName(data.mname),
          rname: normalizeName(data.rname),
          refresh: data.refresh ?? 0,
          retry: data.retry ?? 0,
          expire: data.expire ?? 0,
          minimum: data.minimum ?? 0,
        },
      ];
    });
    if (served.length === 0)
      return skipped("dns.soa.consistency", "no name server gave the zone's SOA");
    const differing = agreedFields.filter(
      (field) => new Set(served.map((entry) => entry[field])).size > 1,
    );
    const details = { servers: served, differing };
    if (differing.length > 0) {
      const shown = differing
        .map(
          (field) =>
            `${field} (${served.map((entry) => `${entry.server} has ${entry[field]}`).join(", ")})`,
        )
        .join("; ");
      return check(
        "dns.soa.consistency",
        "warn",
        `The name servers serve different SOA fields for ${zone.apex}: ${shown}. The zone is not the same everywhere.`,
        details,
      );
    }
    return check(
      "dns.soa.consistency",
      "pass",
      `${served.length === 1 ? "The one answering server serves" : `All ${served.length} servers serve`} the same SOA MNAME, RNAME and timers.`,
      details,
    );
  });
