import {
  clientHello,
  type GroupName,
  groupCodes,
  postQuantumGroups,
  sslVersion,
  sslv2ClientHello,
} from "../../../protocols/tls/client-hello.js";
import type { ServerAnswer, ServerHelloAnswer } from "../../../protocols/tls/server-answer.js";
import { legacySuites, type SuiteEntry, tls13Suites } from "../../../protocols/tls/suite-table.js";
import type { ScannedSuite, ScanVersion, SslConfiguration } from "../data/configuration-schema.js";
import { describeSuite } from "./cipher-suites.js";
import type { HelloAsker } from "./hello-asker.js";

export type { ScanVersion, SslConfiguration };

type Hello = ServerHelloAnswer;
type Suite = { code: number; name: string; standardName: string };

/** What the configuration scan found, before the connection counts are known. */
export interface ConfigurationScan {
  configuration: Omit<SslConfiguration, "handshakes" | "failedHandshakes" | "complete">;
  /** Post-quantum hybrid groups accepted at TLS 1.3, in the order asked. */
  postQuantum: string[];
  /** Every question got an answer. */
  answered: boolean;
  /** The first ServerHello of each version up to TLS 1.2 accepted, for later questions. */
  legacyHellos: Partial<Record<(typeof legacyVersions)[number], Hello>>;
}

const legacyVersions = ["TLSv1", "TLSv1.1", "TLSv1.2"] as const;
const ecGroups: readonly GroupName[] = ["X25519", "prime256v1", "secp384r1", "secp521r1", "X448"];
const ffdheGroups: readonly GroupName[] = ["ffdhe2048", "ffdhe3072", "ffdhe4096"];
/** More suites than the table has: a bound on a server that never says no. */
const maxSuitesPerChain = 128;
const tls13Table: readonly Suite[] = tls13Suites.map((suite) => ({
  ...suite,
  standardName: suite.name,
}));

/** The suites of TLS 1.2 and below that a hello of `version` may offer. */
const suitesOf = (version: (typeof legacyVersions)[number]): readonly SuiteEntry[] =>
  version === "TLSv1.2" ? legacySuites : legacySuites.filter((suite) => !suite.tls12);

// Suites by key exchange and cipher, each class enumerated on its own so that they run at once
// and each chain stays short. A class with no suite left ends at once, without a connection.
const cipherClass = (suite: SuiteEntry) =>
  /_AES_\d+_(GCM|CCM)/.test(suite.standardName)
    ? "aes-aead"
    : suite.standardName.includes("_CHACHA20_")
      ? "chacha20"
      : suite.standardName.includes("_AES_")
        ? "aes-cbc"
        : "other";
const classesOf = (suites: readonly SuiteEntry[]): SuiteEntry[][] => {
  const classes = new Map<string, SuiteEntry[]>();
  for (const suite of suites) {
    const key = `${suite.keyExchange} ${cipherClass(suite)}`;
    classes.set(key, [...(classes.get(key) ?? []), suite]);
  }
  return [...classes.values()];
};

/**
 * Enumerates protocol versions, suites per version, TLS 1.2 server order and groups of one
 * address, every question a hand-written ClientHello read to the ServerHello: per version and
 * class of suites, offer everything, note the suite the server picks, take it out and offer
 * again, until it refuses. Connections run at once up to `concurrency` and the engine's limit,
 * each timed from what is left of the budget; one that there is no time left for is not made,
 * and the answer says so (`complete: false`).
 */
export async function scanConfiguration(asker: HelloAsker): Promise<ConfigurationScan> {
  let complete = true;
  let dhBits: number | null = null;
  const ask: Ask = async (spec) => {
    const asked = await asker.ask(spec);
    if (asked.kind === "accepted" && asked.hello.dhBits) {
      dhBits = Math.min(dhBits ?? Number.POSITIVE_INFINITY, asked.hello.dhBits);
    }
    return asked;
  };

  /**
   * SSL 2 or 3: many servers close or reset on a version they never spoke, so only silence (a
   * timeout, a refused connection) counts as a server that stopped answering.
   */
  const askAncient = async (
    hello: Buffer,
    accepts: (answer: ServerAnswer) => boolean,
  ): Promise<{ accepted: boolean | null; why: string }> => {
    const outcome = await asker.exchange(hello, "hello");
    if (!outcome) {
      return { accepted: null, why: "no connection was made (no time left, or not allowed)" };
    }
    if (outcome.ok) return { accepted: accepts(outcome.answer), why: "" };
    if (outcome.reason === "closed") return { accepted: false, why: "" };
    if (outcome.reason !== "reset") asker.unanswered();
    return {
      accepted: null,
      why: `the hand-written ClientHello went unanswered (${outcome.reason})`,
    };
  };

  /** One elimination chain: the suites accepted, and whether the server's refusal ended it. */
  const enumerate = async (
    version: ScanVersion,
    offered: readonly Suite[],
    keyShare = false,
  ): Promise<{ suites: Suite[]; answered: boolean }> => {
    const suites: Suite[] = [];
    while (suites.length < maxSuitesPerChain) {
      const left = offered.filter((suite) => !suites.includes(suite));
      if (left.length === 0) return { suites, answered: true };
      const asked = await ask({
        version: sslVersion[version],
        suites: left.map((suite) => suite.code),
        keyShare,
      });
      if (asked.kind === "refused") return { suites, answered: true };
      if (asked.kind === "unanswered") {
        complete = false;
        return { suites, answered: false };
      }
      suites.push(left.find((suite) => suite.code === asked.hello.suite)!);
    }
    return { suites, answered: true };
  };

  const versionScan = async (
    version: (typeof legacyVersions)[number],
  ): Promise<{ accepted: boolean | null; suites: Suite[]; hello?: Hello }> => {
    // Everything at once first: a refused version costs one connection, not one a class.
    const all = suitesOf(version);
    const first = await ask({
      version: sslVersion[version],
      suites: all.map((suite) => suite.code),
    });
    if (first.kind === "refused") return { accepted: false, suites: [] };
    if (first.kind === "unanswered") {
      complete = false;
      return { accepted: null, suites: [] };
    }
    const seed = all.find((suite) => suite.code === first.hello.suite)!;
    const results = await Promise.all(
      classesOf(all.filter((suite) => suite !== seed)).map((kind) => enumerate(version, kind)),
    );
    return {
      accepted: true,
      suites: [seed, ...results.flatMap((result) => result.suites)],
      hello: first.hello,
    };
  };

  const tls13Scan = async (): Promise<{ accepted: boolean | null; suites: Suite[] }> => {
    const first = await enumerate("TLSv1.3", tls13Table);
    if (first.suites.length > 0) return { accepted: true, suites: first.suites };
    // RFC 8446 requires a server to answer a hello without a key share with a
    // HelloRetryRequest; one that does not may still take a hello that carries one.
    const { suites, answered } = await enumerate("TLSv1.3", tls13Table, true);
    const told = first.answered && answered;
    return { accepted: suites.length > 0 ? true : told ? false : null, suites };
  };

  const sslv3Hello = clientHello({
    version: sslVersion.SSLv3,
    suites: suitesOf("TLSv1").map((suite) => suite.code),
    servername: asker.servername,
  });
  const [[tls10, tls11, tls12], tls13, sslv3, sslv2] = await Promise.all([
    Promise.all([versionScan("TLSv1"), versionScan("TLSv1.1"), versionScan("TLSv1.2")]),
    tls13Scan(),
    askAncient(
      sslv3Hello,
      (answer) => answer.kind === "hello" && answer.version === sslVersion.SSLv3,
    ),
    askAncient(sslv2ClientHello(), (answer) => answer.kind === "sslv2"),
  ]);

  const [serverOrder, groups, postQuantum] = await Promise.all([
    preferenceOf(tls12.suites, ask),
    groupsOf({ tls12: tls12.suites, tls13: tls13.accepted === true }, ask),
    postQuantumOf(tls13.accepted === true, ask),
  ]);
  const renegotiation = renegotiationOf([tls12, tls11, tls10], tls13.accepted);
  const notDetermined: SslConfiguration["notDetermined"] = {};
  if (sslv2.accepted === null) notDetermined.SSLv2 = sslv2.why;
  if (sslv3.accepted === null) notDetermined.SSLv3 = sslv3.why;
  if (renegotiation.secure === null) notDetermined.secureRenegotiation = renegotiation.why;
  if (serverOrder === undefined || groups === undefined || postQuantum === undefined) {
    complete = false;
  }
  const described = (suites: readonly Suite[]): ScannedSuite[] => suites.map(describeSuite);

  return {
    configuration: {
      address: asker.address,
      protocols: {
        SSLv2: sslv2.accepted,
        SSLv3: sslv3.accepted,
        TLSv1: tls10.accepted,
        "TLSv1.1": tls11.accepted,
        "TLSv1.2": tls12.accepted,
        "TLSv1.3": tls13.accepted,
      },
      ciphers: {
        TLSv1: described(tls10.suites),
        "TLSv1.1": described(tls11.suites),
        "TLSv1.2": described(tls12.suites),
        "TLSv1.3": described(tls13.suites),
      },
      serverOrder: serverOrder ?? null,
      groups: groups ?? [],
      dhBits,
      secureRenegotiation: renegotiation.secure,
      notDetermined,
    },
    postQuantum: postQuantum ?? [],
    answered: complete,
    legacyHellos: { TLSv1: tls10.hello, "TLSv1.1": tls11.hello, "TLSv1.2": tls12.hello },
  };
}

type Ask = HelloAsker["ask"];

/**
 * TLS 1.2: offer two accepted suites both ways round. The same pick both times is the server's
 * own order; the first offered each time is the client's. Undefined: no answer.
 */
async function preferenceOf(
  suites: readonly Suite[],
  ask: Ask,
): Promise<boolean | null | undefined> {
  const [first, second] = suites;
  if (!first || !second) return null;
  const [forward, backward] = await Promise.all([
    ask({ version: sslVersion["TLSv1.2"], suites: [first.code, second.code] }),
    ask({ version: sslVersion["TLSv1.2"], suites: [second.code, first.code] }),
  ]);
  if (forward.kind !== "accepted" || backward.kind !== "accepted") return undefined;
  return forward.hello.suite === backward.hello.suite;
}

/**
 * The groups accepted, one hello each offering that group alone: at TLS 1.3 when the server
 * has it (its HelloRetryRequest names the group), else TLS 1.2 ECDHE (its ServerKeyExchange
 * names the curve). Undefined: some hello went unanswered.
 */
async function groupsOf(
  accepted: { tls12: readonly Suite[]; tls13: boolean },
  ask: Ask,
): Promise<string[] | undefined> {
  const ecdhe = accepted.tls12.filter((suite) => suite.standardName.includes("_ECDHE_"));
  const candidates = accepted.tls13 ? [...ecGroups, ...ffdheGroups] : ecGroups;
  if (!accepted.tls13 && ecdhe.length === 0) return [];
  const outcomes = await Promise.all(
    candidates.map((group) =>
      ask({
        version: accepted.tls13 ? sslVersion["TLSv1.3"] : sslVersion["TLSv1.2"],
        suites: (accepted.tls13 ? tls13Table : ecdhe).map((suite) => suite.code),
        groups: [group],
      }),
    ),
  );
  if (outcomes.some((outcome) => outcome.kind === "unanswered")) return undefined;
  return candidates.filter((group, index) => {
    const outcome = outcomes[index];
    return (
      outcome?.kind === "accepted" &&
      (outcome.hello.group ?? groupCodes[group]) === groupCodes[group]
    );
  });
}

/**
 * RFC 5746 from the first ServerHello of the best version up to TLS 1.2 the scan saw accepted:
 * every such hello offers renegotiation_info. TLS 1.3 has no renegotiation at all.
 */
function renegotiationOf(
  bestFirst: readonly { accepted: boolean | null; hello?: Hello }[],
  tls13: boolean | null,
): { secure: boolean | null; why: string } {
  const best = bestFirst.find((version) => version.accepted);
  if (!best?.hello) {
    const why = tls13
      ? "the server accepts only TLS 1.3, which has no renegotiation"
      : "no version up to TLS 1.2 was seen accepted";
    return { secure: null, why };
  }
  return { secure: best.hello.extensions.includes(0xff01), why: "" };
}

/**
 * The post-quantum hybrid groups accepted at TLS 1.3: offer them all, without a key share, and
 * the HelloRetryRequest names the one the server picks (RFC 8446 4.1.4), so nothing is computed
 * on either side; take it out and ask again, until the server refuses. A server without TLS 1.3
 * is not asked. Undefined: a hello went unanswered.
 */
async function postQuantumOf(tls13: boolean, ask: Ask): Promise<string[] | undefined> {
  if (!tls13) return [];
  const accepted: GroupName[] = [];
  for (;;) {
    const left = postQuantumGroups.filter((group) => !accepted.includes(group));
    if (left.length === 0) return accepted;
    const asked = await ask({
      version: sslVersion["TLSv1.3"],
      suites: tls13Table.map((suite) => suite.code),
      groups: left,
    });
    if (asked.kind === "unanswered") return undefined;
    const picked = left.find(
      (group) => groupCodes[group] === (asked.kind === "accepted" ? asked.hello.group : -1),
    );
    if (!picked) return accepted;
    accepted.push(picked);
  }
}
