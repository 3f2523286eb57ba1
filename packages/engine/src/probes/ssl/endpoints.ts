import type { AddressClass } from "../../network/address-policy.js";
import type { ResolvedTarget } from "../../network/resolve-target.js";
import type { SslEndpoint } from "./data/endpoint-schema.js";
import type { SslRevocation } from "./data/revocation-schema.js";
import type { HandshakeOutcome } from "./handshake.js";
import type { HandshakeReading } from "./read-handshake.js";
import { gradeWithRevocation } from "./revocation.js";
import type { AddressScan } from "./scan/scan-each.js";

/** One address's line in `endpoints`: refused, not probed, failed, or what its handshake showed. */
export function endpointOf(options: {
  address: AddressClass;
  /** The handshake made with it; undefined when none was attempted. */
  run: { outcome: HandshakeOutcome; reading: HandshakeReading | undefined } | undefined;
  target: ResolvedTarget;
  /** Its configuration scan; undefined when it was not scanned. */
  scan?: AddressScan | undefined;
  /** Its certificate's revocation status; undefined when not checked. */
  revocation?: SslRevocation | null | undefined;
}): SslEndpoint {
  const { address, run, target, scan } = options;
  const revocation = options.revocation ?? null;
  const base = { address: address.address, family: address.family, range: address.range };
  const nothing = {
    protocol: null,
    clientFailure: null,
    trusted: null,
    trustError: null,
    hostnameMatch: null,
    ocspStapled: null,
    fingerprint256: null,
    configuration: null,
    groups: null,
    vulnerabilities: null,
    clients: null,
    profiles: null,
    revocation: null,
    grade: null,
    gradeReasons: [],
  };
  if (!run) {
    const reason = target.refused.includes(address) ? "blocked_address" : "not_probed";
    return { ...base, reachable: false, reason, errorCode: null, ...nothing };
  }
  const { outcome, reading } = run;
  if (!outcome.ok) {
    return {
      ...base,
      reachable: false,
      reason: outcome.reason,
      errorCode: outcome.errorCode,
      ...nothing,
    };
  }
  return {
    ...base,
    reachable: true,
    reason: null,
    errorCode: null,
    protocol: outcome.protocol,
    clientFailure: outcome.clientFailure,
    trusted: reading ? reading.trusted : null,
    trustError: reading ? reading.trustError : null,
    hostnameMatch: reading?.hostname ? reading.hostname.match : null,
    ocspStapled: outcome.ocspResponse !== null,
    fingerprint256: reading?.certificate?.fingerprint256 ?? null,
    configuration: scan?.configuration ?? null,
    groups: scan?.groups ?? null,
    vulnerabilities: scan?.vulnerabilities ?? null,
    clients: scan?.clients ?? null,
    profiles: scan?.profiles ?? null,
    revocation,
    ...gradeWithRevocation({
      grade: scan?.grade ?? null,
      gradeReasons: scan?.gradeReasons ?? [],
      revocation,
    }),
  };
}
