import { remediation } from "../../../protocols/remediation/build.js";
import { rfc } from "../../../protocols/remediation/references.js";
import type { DnsFix } from "./fix.js";

/**
 * Fixes that are a run of the zone's signer: the step carries the exact command, with the
 * parameters the checks want (signatures valid from an hour ago for 30 days, RFC 6781 4.4.2;
 * NSEC, or NSEC3 with no extra iteration and no salt, RFC 9276 3.1), so a person pastes it and a
 * test (ours) reads and runs it.
 */

/** Signature validity the command asks for: from an hour back (clock skew) to 30 days ahead. */
const validFromSeconds = 3600;
const validDays = 30;

/** BIND's `dnssec-signzone` with the zone's keys from `-K`, re-signing the whole zone. */
export function signZoneCommand(zone: string, denial: "nsec" | "nsec3"): string {
  const nsec3 = denial === "nsec3" ? " -3 - -H 0" : "";
  return `dnssec-signzone -S -K /etc/bind/keys -o ${zone} -N increment -s now-${validFromSeconds} -e now+${validDays * 86_400}${nsec3} db.${zone}`;
}

const otherSigners =
  "Knot DNS: knotc zone-sign; PowerDNS: pdnsutil rectify-zone (with set-nsec3 '1 0 0 -' for NSEC3); a DNS provider: turn DNSSEC off and on again, or ask its support.";

/** A fix that is one re-signing run, then the signed zone loaded on every server. */
const resign =
  (options: {
    summary: string;
    before?: string;
    denial?: "nsec" | "nsec3";
    references: string[];
  }): DnsFix =>
  (_finding, data, { domain }) => {
    const zone = data.health.zone ?? domain;
    return remediation({
      summary: options.summary,
      steps: [
        ...(options.before ? [options.before] : []),
        `Re-sign the whole zone with its current keys; with BIND's signer: \`${signZoneCommand(zone, options.denial ?? "nsec")}\` (signatures valid from an hour ago for ${validDays} days${options.denial === "nsec3" ? ", NSEC3 with 0 extra iterations and no salt" : ", NSEC; for NSEC3 add -3 - -H 0"}).`,
        "Then load the signed zone on every name server (transfer it from the signer; a server signing on its own needs the same keys).",
        otherSigners,
      ],
      references: options.references,
    });
  };

/** `dns.dnssec.signatures`. */
export const signaturesFix = resign({
  summary: "Re-sign the zone: some signatures do not verify.",
  references: [rfc(4035, "5.3")],
});

/** `dns.dnssec.validity`. */
export const validityFix = resign({
  summary: "Re-sign before the signatures expire, and keep the signer's clock right.",
  before:
    "Check that the signer runs and re-signs on schedule (signatures renewed at least a week before they expire); check its clock for signatures that start in the future.",
  references: [rfc(6781, "4.4.2")],
});

/** `dns.dnssec.consistency`. */
export const consistencyFix = resign({
  summary: "Serve the same DNSKEY set and signatures from every name server.",
  before:
    "Transfer the signed zone from one signer to every server; a server signing on its own needs the same keys.",
  references: [rfc(6781, "4.3.5")],
});

/** `dns.dnssec.denial`. */
export const denialFix = resign({
  summary: "Make the signer publish NSEC or NSEC3 proofs for names and types that do not exist.",
  references: [rfc(4035, "3.1.3")],
});

/** `dns.dnssec.nsec3-params`. */
export const nsec3ParamsFix = resign({
  summary: "Use NSEC3 with 0 extra iterations and no salt (RFC 9276).",
  denial: "nsec3",
  before:
    "BIND with dnssec-policy: nsec3param iterations 0 optout no salt-length 0; Knot: nsec3-iterations: 0 and nsec3-salt-length: 0; PowerDNS: pdnsutil set-nsec3 ZONE '1 0 0 -'. A zone signed by hand: the command below.",
  references: [rfc(9276, "3.1")],
});
