import type { DnsRecordChange } from "../../contract/remediation.js";
import { rfc } from "./references.js";
import { dnsRecordChange } from "./zone-line.js";

/** A TLSA record as both sections read it. */
interface Tlsa {
  readonly usage: number;
  readonly selector: number;
  readonly matchingType: number;
  readonly data: string;
}

/**
 * The TLSA records at `owner` replaced by one matching the certificate in use: DANE-EE (3),
 * the whole certificate (0), SHA-256 (1), from the certificate's own SHA-256 fingerprint.
 */
export function tlsaChange(
  owner: string,
  fingerprint256: string,
  present: readonly Tlsa[],
): DnsRecordChange {
  return dnsRecordChange({
    action: "replace",
    owner,
    type: "TLSA",
    ttl: 3600,
    value: `3 0 1 ${fingerprint256.replace(/:/g, "").toUpperCase()}`,
    replaces: present.map(
      (record) =>
        `${record.usage} ${record.selector} ${record.matchingType} ${record.data.toUpperCase()}`,
    ),
  });
}

/** What to know before and after publishing the records. */
export const tlsaSteps = (server: string): string[] => [
  `Publish the new TLSA record before the ${server} presents a new certificate (and keep the old one until then): DANE clients refuse a certificate no record matches.`,
  "A record of the public key (3 1 1, openssl x509 -noout -pubkey | openssl pkey -pubin -outform DER | openssl dgst -sha256) survives renewals that keep the key.",
];

export const tlsaReferences = [rfc(7671, "5.1"), rfc(6698, "2.1")];
