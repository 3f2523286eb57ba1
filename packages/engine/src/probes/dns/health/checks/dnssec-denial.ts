import type { Finding } from "../../../../contract/finding.js";
import { isFailure } from "../../../../protocols/dns/session.js";
import { checkDenial, type DenialProof } from "../../../../protocols/dnssec/denial-proof.js";
import type { HealthFacts, NegativeQuery, ServerFacts, ZoneFacts } from "../facts.js";
import { check, listText, plural, skipped } from "../finding.js";
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

/** `dns.dnssec.denial`: NXDOMAIN and NODATA answers carry a valid NSEC or NSEC3 proof (DNSSEC08-10). */
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
    const details = { servers: proofs };
    if (judged.length === 0) {
      return skipped(
        "dns.dnssec.denial",
        "no name server gave a negative answer to check",
        details,
      );
    }
    const unproven = judged.filter((entry) => !entry.proof.proven);
    if (unproven.length > 0) {
      return check(
        "dns.dnssec.denial",
        "fail",
        `Negative answers carry no valid proof of non-existence: ${listText(unproven.map((entry) => `the ${entry.label} from ${entry.server} (${entry.proof.reason})`))}. Validating resolvers answer SERVFAIL for names that do not exist.`,
        details,
      );
    }
    const kinds = [...new Set(judged.map((entry) => entry.proof.kind!.toUpperCase()))];
    return check(
      "dns.dnssec.denial",
      "pass",
      `NXDOMAIN and NODATA answers from ${plural(new Set(judged.map((entry) => entry.server)).size, "name server")} carry valid ${listText(kinds)} proofs.`,
      details,
    );
  });

/** `dns.dnssec.nsec3-params`: NSEC3 with no extra iterations and no salt (RFC 9276 3.1). */
export const dnssecNsec3Params = (facts: HealthFacts): Finding =>
  withDnssec(facts, "dns.dnssec.nsec3-params", (zone, keys) => {
    if (keys.length === 0) return skipped("dns.dnssec.nsec3-params", `${zone.apex} is not signed`);
    const seen = denialProofs(facts, zone, keys).flatMap((entry) =>
      [entry.nxdomain, entry.nodata].flatMap((proof) =>
        proof ? [{ server: entry.server, proof }] : [],
      ),
    );
    if (seen.length === 0) {
      return skipped("dns.dnssec.nsec3-params", "no name server gave a negative answer to read");
    }
    const nsec3 = seen.filter((entry) => entry.proof.nsec3 !== null);
    if (nsec3.length === 0) {
      // NSEC has no parameters to tune (its zone walking is another matter).
      return check(
        "dns.dnssec.nsec3-params",
        "pass",
        `${zone.apex} uses NSEC, which has no iterations or salt to tune.`,
      );
    }
    const params = nsec3[0]!.proof.nsec3!;
    const details = { ...params };
    const problems = [
      ...(params.iterations > 0 ? [`${plural(params.iterations, "extra iteration")}`] : []),
      ...(params.salt !== "-" ? [`a salt (${params.salt})`] : []),
    ];
    if (problems.length > 0) {
      return check(
        "dns.dnssec.nsec3-params",
        "warn",
        `NSEC3 uses ${listText(problems)}: RFC 9276 asks for 0 iterations and no salt, which cost resolvers nothing and protect nothing.`,
        details,
      );
    }
    return check(
      "dns.dnssec.nsec3-params",
      "pass",
      `NSEC3 uses 0 extra iterations and no salt${params.optOut ? ", with opt-out" : ""}, as RFC 9276 recommends.`,
      details,
    );
  });
