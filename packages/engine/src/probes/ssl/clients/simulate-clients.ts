import { groupName, sslVersion } from "../../../protocols/tls/client-hello.js";
import { profileHello } from "../../../protocols/tls/profile-hello.js";
import type { RawHelloOutcome } from "../../../protocols/tls/raw-hello.js";
import { suiteNamed } from "../../../protocols/tls/suite-table.js";
import type { SimulatedClient } from "../data/clients-schema.js";
import {
  type ScanVersion,
  type SslConfiguration,
  scanVersions,
} from "../data/configuration-schema.js";
import { describeSuite } from "../scan/cipher-suites.js";
import type { HelloAsker } from "../scan/hello-asker.js";
import { type ClientProfile, clientProfiles } from "./client-profiles.js";

type Outcome = Omit<SimulatedClient, "id" | "name" | "current" | "from">;

const versionNames = new Map<number, string>(
  Object.entries(sslVersion).map(([name, code]) => [code, name]),
);
const versionName = (code: number) => versionNames.get(code) ?? `0x${code.toString(16)}`;
const suiteName = (code: number) =>
  suiteNamed(code)?.standardName ?? `0x${code.toString(16).padStart(4, "0")}`;

/** Alert descriptions (RFC 8446 6) a refusing server sends most. */
const alertNames: Record<number, string> = {
  10: "unexpected_message",
  40: "handshake_failure",
  47: "illegal_parameter",
  50: "decode_error",
  70: "protocol_version",
  71: "insufficient_security",
  80: "internal_error",
  86: "inappropriate_fallback",
  109: "missing_extension",
  112: "unrecognized_name",
};
/** Signalling suites, which no server picks and facts need not know. */
const signalling = new Set([0x00ff, 0x5600]);

const refused = (reason: string): Outcome => ({
  connects: false,
  protocol: null,
  suite: null,
  group: null,
  dhBits: null,
  forwardSecrecy: null,
  reason,
});
const untold = (reason: string): Outcome => ({ ...refused(reason), connects: null });

/**
 * Handshake simulation for one address: every client profile's own ClientHello is sent and the
 * server's ServerHello (and ECDHE/DHE ServerKeyExchange) judged as that client would judge it.
 * A client the finished scan already shows locked out (no version or no suite in common, every
 * suite it offers known to the scan) costs no connection.
 */
export async function simulateClients(
  configuration: Pick<SslConfiguration, "protocols" | "ciphers">,
  scanAnswered: boolean,
  asker: HelloAsker,
  profiles: readonly ClientProfile[] = clientProfiles,
): Promise<SimulatedClient[]> {
  return Promise.all(
    profiles.map(async (profile): Promise<SimulatedClient> => {
      const who = { id: profile.id, name: profile.name, current: profile.current };
      const locked = scanAnswered ? lockedOutByFacts(profile, configuration) : null;
      if (locked) return { ...who, ...refused(locked), from: "facts" };
      const outcome = await asker.exchange(
        () => profileHello(profile.hello, asker.servername),
        "key-exchange",
      );
      return { ...who, ...judgeAnswer(profile, outcome), from: "hello" };
    }),
  );
}

/** Why the scan's facts alone lock the client out, or null when only its hello can tell. */
function lockedOutByFacts(
  profile: ClientProfile,
  configuration: Pick<SslConfiguration, "protocols" | "ciphers">,
): string | null {
  const spoken = scanVersions.filter((version) =>
    profile.hello.versions.includes(sslVersion[version]),
  );
  if (spoken.some((version) => configuration.protocols[version] === null)) return null;
  const common = spoken.filter((version) => configuration.protocols[version] === true);
  if (common.length === 0) {
    const accepted = scanVersions.filter((version) => configuration.protocols[version]);
    return `No protocol version in common: the client speaks ${list(spoken)}, the server accepts ${list(accepted)}.`;
  }
  const offered = profile.hello.suites.filter((code) => !signalling.has(code));
  if (offered.some((code) => !profile.knownSuites.has(code))) return null;
  const shared = (version: ScanVersion) =>
    configuration.ciphers[version].some((suite) =>
      offered.some((code) => suiteNamed(code)?.standardName === suite.standardName),
    );
  if (common.some(shared)) return null;
  return `No cipher suite in common at ${list(common)}: the server accepts none of the client's ${offered.length} suites.`;
}

const list = (versions: readonly string[]) => (versions.length > 0 ? versions.join(", ") : "none");

/** The server's answer to the client's hello, judged as the client judges it. */
function judgeAnswer(profile: ClientProfile, outcome: RawHelloOutcome | undefined): Outcome {
  if (!outcome) return untold("No connection was made (no time left, or not allowed).");
  if (!outcome.ok) {
    return outcome.reason === "closed" || outcome.reason === "reset"
      ? refused("The server closed the connection without a ServerHello.")
      : untold(`The hello went unanswered (${outcome.reason}).`);
  }
  const { answer } = outcome;
  if (answer.kind === "alert") {
    const name = alertNames[answer.description] ?? "alert";
    return refused(`The server refused the hello: ${name} (${answer.description}).`);
  }
  if (answer.kind !== "hello") return refused("The server answered with no ServerHello.");
  const { hello } = profile;
  if (!hello.versions.includes(answer.version)) {
    return refused(
      `The server chose ${versionName(answer.version)}, which the client does not speak.`,
    );
  }
  if (!hello.suites.includes(answer.suite)) {
    return refused(`The server chose ${suiteName(answer.suite)}, which the client did not offer.`);
  }
  const group = answer.group;
  if (group !== null && hello.groups.length > 0 && !hello.groups.includes(group)) {
    return refused(
      `The server chose the group ${groupName(group)}, which the client did not offer.`,
    );
  }
  // RFC 8446 4.1.4: a HelloRetryRequest for a group the client already sent a share of is an error.
  if (answer.retry && group !== null && hello.keyShares.includes(group)) {
    return refused(`The server asked again for ${groupName(group)}, whose key share was sent.`);
  }
  const suite = suiteNamed(answer.suite);
  return {
    connects: true,
    protocol: versionName(answer.version),
    suite: suiteName(answer.suite),
    group: group === null ? null : groupName(group),
    dhBits: answer.dhBits,
    forwardSecrecy: suite ? describeSuite(suite).forwardSecrecy : null,
    reason: null,
  };
}
