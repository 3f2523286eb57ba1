import type { Finding } from "../../../../contract/finding.js";
import { isFailure } from "../../../../protocols/dns/session.js";
import { checkDenial, type DenialProof } from "../../../../protocols/dnssec/denial-proof.js";
import type { HealthFacts, NegativeQuery, ServerFacts, ZoneFacts } from "../facts.js";
import { check, listText, plural, skipped } from "../finding.js";
import { type ApexDenial, judgeApexDenial, type Nsec3Parameters } from "./apex-denial.js";
import { withDnssec } from "./dnssec-data.js";

interface ServerDenial {
  server: string;
  nxdomain: (DenialProof & { query: string; rcode: string }) | null;
  nodata: (DenialProof & { query: string; rcode: string }) | null;
}

function judge(
  facts: HealthFacts,
  zone: ZoneFacts,
  keys: Parameters<typeof checkDenial>[0]["keys"],
  server: ServerFacts,
): ServerDenial {
  const one = (asked: NegativeQuery, nxdomain: boolean) => {
    const { response } = asked;
    if (isFailure(response)) return null;
    const expected = nxdomain ? "NXDOMAIN" : "NOERROR";
    const query = `${asked.name}/${asked.type} with DO`;
    // A server answering otherwise (REFUSED, a synthesized answer) has nothing to prove here.
    if (response.rcode !== expected || response.answers.some((r) => r.type === asked.type))
      return null;
    return {
      query,
      rcode: response.rcode,
      ...checkDenial({
        authorities: response.authorities,
        name: asked.name,
        type: asked.type,
        zone: zone.apex,
        nxdomain,
        keys,
        nowSeconds: facts.nowSeconds,
      }),
    };
  };
  return {
    server: server.server,
    nxdomain: one(server.denial.nxdomain, true),
    nodata: one(server.denial.nodata, false),
  };
}

const proofsOf = new WeakMap<ZoneFacts, ServerDenial[]>();

/** Every server's proofs, for this check and dns.dnssec.nsec3-params: worked out once. */
export function denialProofs(
  facts: HealthFacts,
  zone: ZoneFacts,
  keys: Parameters<typeof checkDenial>[0]["keys"],
): ServerDenial[] {
  let proofs = proofsOf.get(zone);
  if (!proofs) {
    proofs = zone.servers.map((server) => judge(facts, zone, keys, server));
    proofsOf.set(zone, proofs);
  }
  return proofs;
}

const apexOf = new WeakMap<ZoneFacts, { server: string; apex: ApexDenial }[]>();

/** Every server's apex NSEC/NSEC3PARAM, judged once for this check and nsec3-params. */
function apexDenials(
  facts: HealthFacts,
  zone: ZoneFacts,
  keys: Parameters<typeof checkDenial>[0]["keys"],
): { server: string; apex: ApexDenial }[] {
  let judged = apexOf.get(zone);
  if (!judged) {
    judged = zone.servers.flatMap((server) => {
      const apex = judgeApexDenial({
        apex: server.denial.apex,
        zone: zone.apex,
        keys,
        nowSeconds: facts.nowSeconds,
      });
      return apex ? [{ server: server.server, apex }] : [];
    });
    apexOf.set(zone, judged);
  }
  return judged;
}

/**
 * `dns.dnssec.denial`: NXDOMAIN and NODATA answers carry a valid NSEC or NSEC3 proof, and the
 * apex's own NSEC (or NSEC3 and NSEC3PARAM) is one record, listing the apex's types, signed,
 * the same kind on every server (DNSSEC10). A validator needs the first; the second shows the
 * zone's denial records even where no negative answer could be had.
 */
export const dnssecDenial = (facts: HealthFacts): Finding =>
  withDnssec(facts, "dns.dnssec.denial", (zone, keys) => {
    if (keys.length === 0) return skipped("dns.dnssec.denial", `${zone.apex} is not signed`);
    const proofs = denialProofs(facts, zone, keys);
    const judged = proofs.flatMap((entry) =>
      [
        ["NXDOMAIN", entry.nxdomain],
        ["NODATA", entry.nodata],
      ].flatMap(([label, proof]) =>
        proof
          ? [
              {
                server: entry.server,
                label: label as string,
                proof: proof as NonNullable<ServerDenial["nxdomain"]>,
              },
            ]
          : [],
      ),
    );
    const apexes = apexDenials(facts, zone, keys);
    const details = { servers: proofs, apex: apexes };
    if (judged.length === 0 && apexes.length === 0) {
      return skipped(
        "dns.dnssec.denial",
        "no name server gave a negative answer or the apex's NSEC or NSEC3PARAM to check",
        details,
      );
    }
    const problems = [
      ...judged
        .filter((entry) => !entry.proof.proven)
        .map(
          (entry) =>
            `the ${entry.label} from ${entry.server} carries no valid proof (${entry.proof.reason})`,
        ),
      ...apexes.flatMap((entry) =>
        entry.apex.problems.map((problem) => `${entry.server}: ${problem}`),
      ),
    ];
    const kinds = new Set(apexes.map((entry) => entry.apex.kind));
    const records = new Set(apexes.flatMap((entry) => entry.apex.record ?? []));
    if (kinds.size === 1 && records.size > 1)
      problems.push(
        "the servers serve different apex NSEC or NSEC3 records: the zone differs between them",
      );
    if (kinds.size > 1)
      problems.push(
        `the servers disagree on the denial: ${apexes.map((entry) => `${entry.server} shows ${entry.apex.kind?.toUpperCase() ?? "none"}`).join(", ")}`,
      );
    if (problems.length > 0) {
      return check(
        "dns.dnssec.denial",
        "fail",
        `The zone's proofs of non-existence are broken: ${problems.join("; ")}. Validating resolvers answer SERVFAIL for names and types that do not exist.`,
        details,
      );
    }
    const shown = [
      ...new Set([
        ...judged.map((entry) => entry.proof.kind!.toUpperCase()),
        ...apexes.map((entry) => entry.apex.kind!.toUpperCase()),
      ]),
    ];
    const servers = new Set([...judged, ...apexes].map((entry) => entry.server)).size;
    return check(
      "dns.dnssec.denial",
      "pass",
      judged.length > 0
        ? `NXDOMAIN and NODATA answers from ${plural(servers, "name server")} carry valid ${listText(shown)} proofs.`
        : `The apex of ${zone.apex} holds a valid ${listText(shown)} record on ${plural(servers, "name server")} (no negative answer could be had to check).`,
      details,
    );
  });

/**
 * `dns.dnssec.nsec3-params`: NSEC3 with hash algorithm 1, no unassigned flag, the same
 * parameters on every server (RFC 5155 8.1, 8.2: validators ignore NSEC3 records otherwise),
 * and 0 extra iterations without salt (RFC 9276 3.1).
 */
export const dnssecNsec3Params = (facts: HealthFacts): Finding =>
  withDnssec(facts, "dns.dnssec.nsec3-params", (zone, keys) => {
    if (keys.length === 0) return skipped("dns.dnssec.nsec3-params", `${zone.apex} is not signed`);
    const seen = denialProofs(facts, zone, keys).flatMap((entry) =>
      [entry.nxdomain, entry.nodata].flatMap((proof) =>
        proof ? [{ server: entry.server, proof }] : [],
      ),
    );
    const apexes = apexDenials(facts, zone, keys);
    if (seen.length === 0 && apexes.length === 0) {
      return skipped("dns.dnssec.nsec3-params", "no name server gave a negative answer to read");
    }
    // Per server: the apex's parameters (all four), else those of its proofs.
    const params = new Map<string, Nsec3Parameters>();
    for (const { server, apex } of apexes) if (apex.nsec3) params.set(server, apex.nsec3);
    for (const { server, proof } of seen) {
      if (!proof.nsec3 || params.has(server)) continue;
      params.set(server, { algorithm: 1, flags: proof.nsec3.optOut ? 1 : 0, ...proof.nsec3 });
    }
    if (params.size === 0) {
      // NSEC has no parameters to tune (its zone walking is another matter).
      return check(
        "dns.dnssec.nsec3-params",
        "pass",
        `${zone.apex} uses NSEC, which has no iterations or salt to tune.`,
      );
    }
    const details = { servers: Object.fromEntries(params) };
    const distinct = new Set([...params.values()].map((value) => JSON.stringify(value)));
    const failures = distinct.size > 1 ? ["the servers use different NSEC3 parameters"] : [];
    const warnings: string[] = [];
    const overlaps = apexes.flatMap(({ server, apex }) =>
      apex.overlaps.map((overlap) => `${overlap} (from ${server})`),
    );
    for (const value of new Set([...params.values()].map((v) => JSON.stringify(v)))) {
      const { algorithm, flags, iterations, salt } = JSON.parse(value) as Nsec3Parameters;
      if (algorithm !== 1)
        failures.push(`hash algorithm ${algorithm}, which no validator knows (RFC 5155 8.1)`);
      if ((flags & ~1) !== 0)
        failures.push(`flags ${flags}, with bits RFC 5155 leaves unassigned (8.2)`);
      if (iterations > 0) warnings.push(plural(iterations, "extra iteration"));
      if (salt !== "-") warnings.push(`a salt (${salt})`);
    }
    if (failures.length > 0) {
      return check(
        "dns.dnssec.nsec3-params",
        "fail",
        `The NSEC3 parameters make validators ignore the records: ${listText([...new Set(failures)])}.`,
        details,
      );
    }
    if (overlaps.length > 0) {
      return check(
        "dns.dnssec.nsec3-params",
        "warn",
        `The apex's NSEC3 records overlap, which one chain never does (RFC 5155 7.1): ${listText([...new Set(overlaps)])}. The zone holds a second NSEC3 chain or stray NSEC3 records: sign it again with one parameter set.`,
        { ...details, overlaps },
      );
    }
    if (warnings.length > 0) {
      return check(
        "dns.dnssec.nsec3-params",
        "warn",
        `NSEC3 uses ${listText([...new Set(warnings)])}: RFC 9276 asks for 0 iterations and no salt, which cost resolvers nothing and protect nothing.`,
        details,
      );
    }
    const optOut = [...params.values()].some((value) => (value.flags & 1) !== 0);
    return check(
      "dns.dnssec.nsec3-params",
      "pass",
      `NSEC3 uses 0 extra iterations and no salt${optOut ? ", with opt-out" : ""}, as RFC 9276 recommends.`,
      details,
    );
  });
