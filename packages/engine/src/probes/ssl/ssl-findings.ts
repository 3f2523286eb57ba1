import type { Finding } from "../../contract/finding.js";
import {
  chainExpiredFinding,
  containsAnchorFinding,
  incompleteFinding,
  orderFinding,
  unrelatedFinding,
} from "./findings/chain.js";
import { clientsFinding } from "./findings/clients.js";
import { configurationFindings } from "./findings/configuration.js";
import { daneFinding } from "./findings/dane.js";
import {
  type CertificateFindingsInput,
  finding,
  type SslFindingsInput,
  sslFindingIds,
} from "./findings/finding.js";
import { postQuantumFinding } from "./findings/groups.js";
import { mozillaProfileFinding } from "./findings/mozilla-profile.js";
import { legacyProtocolFinding, ocspStaplingFinding } from "./findings/protocol.js";
import { endpointsFinding, unreachableFinding } from "./findings/reachability.js";
import { revokedFinding } from "./findings/revocation.js";
import { transparencyFinding, weakKeyFinding, weakSignatureFinding } from "./findings/strength.js";
import { hostnameFinding, selfSignedFinding, untrustedFinding } from "./findings/trust.js";
import {
  expiredFinding,
  expiringSoonFinding,
  longValidityFinding,
  notYetValidFinding,
} from "./findings/validity.js";
import { vulnerabilityFindings } from "./findings/vulnerabilities.js";

export { type SslFindingsInput, sslFindingIds } from "./findings/finding.js";

/** The checks that need the leaf, in sslFindingIds order. */
const certificateChecks: ((input: CertificateFindingsInput) => Finding)[] = [
  expiredFinding,
  notYetValidFinding,
  expiringSoonFinding,
  longValidityFinding,
  selfSignedFinding,
  untrustedFinding,
  hostnameFinding,
  weakKeyFinding,
  weakSignatureFinding,
  transparencyFinding,
  incompleteFinding,
  orderFinding,
  unrelatedFinding,
  containsAnchorFinding,
  chainExpiredFinding,
];

/** Every finding of sslFindingIds, in that order; what could not be checked is `skipped`. */
export function sslFindings(input: SslFindingsInput): Finding[] {
  const { data } = input;
  const certificate = data.certificate;
  if (!certificate) {
    const why = !data.reachable
      ? "no TLS handshake was made"
      : input.certificateProblem
        ? `the certificate could not be read (${input.certificateProblem})`
        : data.trusted === null
          ? "the certificate travels encrypted at TLS 1.3, and OpenSSL could not complete the handshake to read it"
          : "the server sent no certificate (an anonymous suite)";
    const skipped = (id: (typeof sslFindingIds)[number]) =>
      finding(id, "skipped", `Not checked: ${why}.`);
    return [
      unreachableFinding(input),
      ...sslFindingIds.slice(1, sslFindingIds.indexOf("ssl.tls.legacy-protocol")).map(skipped),
      data.reachable ? legacyProtocolFinding(data) : skipped("ssl.tls.legacy-protocol"),
      skipped("ssl.ocsp.not-stapled"),
      skipped("ssl.cert.revoked"),
      endpointsFinding(input),
      ...configurationFindings(input),
      postQuantumFinding(input),
      clientsFinding(input),
      mozillaProfileFinding(input),
      ...vulnerabilityFindings(input),
      daneFinding(input),
    ];
  }
  const withCertificate = { ...input, certificate };
  return [
    unreachableFinding(input),
    ...certificateChecks.map((check) => check(withCertificate)),
    legacyProtocolFinding(data),
    ocspStaplingFinding(withCertificate),
    revokedFinding(withCertificate),
    endpointsFinding(input),
    ...configurationFindings(input),
    postQuantumFinding(input),
    clientsFinding(input),
    mozillaProfileFinding(input),
    ...vulnerabilityFindings(input),
    daneFinding(input),
  ];
}
