import pLimit from "p-limit";
import { stepTimeoutMs } from "../../../contract/budget.js";
import type { ProbeContext } from "../../../contract/probe.js";
import { describeSuite, type ScannedSuite } from "./cipher-suites.js";
import { clientHello, exchangeHello, type RawHelloOutcome, sslVersion } from "./raw-hello.js";
import { type ScanOutcome, type ScanVersion, scanHandshake } from "./scan-handshake.js";

/** `data.configuration`: what the server accepts, as far as this Node's OpenSSL can ask. */
export interface SslConfiguration {
  /** The address scanned. */
  address: string;
  /**
   * Accepted or not; null when it could not be told (the server stopped answering). SSL 3 is
   * asked with a hand-written ClientHello, Node's OpenSSL having none.
   */
  protocols: Record<"SSLv3" | ScanVersion, boolean | null>;
  /** Accepted suites per version, in the order the server picked them. */
  ciphers: Record<ScanVersion, ScannedSuite[]>;
  /** TLS 1.2: the server picks by its own preference; null with fewer than two suites. */
  serverOrder: boolean | null;
  /** Key exchange groups accepted ("X25519", "prime256v1", "ffdhe2048"...), at the best version. */
  groups: string[];
  /** Smallest finite-field DH group seen in a DHE exchange, in bits. */
  dhBits: number | null;
  /**
   * The ServerHello of the best version up to TLS 1.2 carries renegotiation_info (RFC 5746),
   * read from a hand-written ClientHello; null when there is no such version or no answer.
   */
  secureRenegotiation: boolean | null;
  /** Why `SSLv3` or `secureRenegotiation` is null, by that name. */
  notDetermined: { SSLv3?: string; secureRenegotiation?: string };
  /** Connections the scan opened, one a handshake. */
  handshakes: number;
  /** Handshakes cut short by the network (timeout, reset, refused) rather than refused by TLS. */
  failedHandshakes: number;
  /** Every question got an answer; false when the server stopped answering or time ran out. */
  complete: boolean;
}

export interface ScanOptions {
  address: string;
  port: number;
  servername: string;
  context: ProbeContext;
  /** Handshakes at once with this host. */
  concurrency: number;
  /** Cap on each handshake's timeout. */
  maxStepMs: number;
}

const legacyVersions = ["TLSv1", "TLSv1.1", "TLSv1.2"] as const;
const tls13Suites = [
  "TLS_AES_256_GCM_SHA384",
  "TLS_CHACHA20_POLY1305_SHA256",
  "TLS_AES_128_GCM_SHA256",
  "TLS_AES_128_CCM_SHA256",
  "TLS_AES_128_CCM_8_SHA256",
];
// Suites of TLS 1.2 and below by key exchange and cipher, each class enumerated on its own so
// that they run at once and each chain stays short; together they cover every suite. PSK and
// SRP need credentials a scanner has not got. SECLEVEL=0 lets OpenSSL offer the legacy suites
// and versions it still ships, on these sockets only.
const suiteClasses = (version: ScanVersion) =>
  ["kECDHE", "kDHE", "kRSA"].flatMap((kx) =>
    [
      // AEAD suites exist from TLS 1.2 on: earlier, offering only them fails in the client.
      ...(version === "TLSv1.2" ? [`${kx}+AESGCM:${kx}+AESCCM`, `${kx}+CHACHA20`] : []),
      `${kx}+AES:!AESGCM:!AESCCM`,
      `${kx}:!AES:!CHACHA20`,
    ].map((suites) => `${suites}:!PSK:!SRP`),
  );
const seclevel = "@SECLEVEL=0";
const ecGroups = ["X25519", "prime256v1", "secp384r1", "secp521r1", "X448"];
const ffdheGroups = ["ffdhe2048", "ffdhe3072", "ffdhe4096"];
/** More suites than OpenSSL has for a class: a bound on a server that never says no. */
const maxSuitesPerChain = 64;

type Try = (version: ScanVersion, ciphers: string, group?: string) => Promise<ScanOutcome>;

/** The server refused what was offered (an alert), as opposed to not answering at all. */
function refused(outcome: ScanOutcome): boolean {
  return (
    !outcome.ok &&
    (outcome.reason === "handshake_failed" || outcome.errorCode === "ERR_SSL_NO_CIPHER_MATCH")
  );
}

/**
 * Enumerates protocol versions, suites per version, TLS 1.2 server order and groups of one
 * address: per version and key exchange class, offer everything, note the suite the server
 * picks, take it out and offer again, until it refuses. Handshakes run at once up to
 * `concurrency` and the engine's limit, each timed from what is left of the budget; one that
 * there is no time left for is not made, and the answer says so (`complete: false`).
 */
export async function scanConfiguration(options: ScanOptions): Promise<SslConfiguration> {
  const { context } = options;
  let handshakes = 0;
  let failedHandshakes = 0;
  let complete = true;
  let dhBits: number | null = null;
  const hostSlot = pLimit(options.concurrency);

  const attempt: Try = (version, ciphers, group) =>
    hostSlot(() =>
      context.limit(async (): Promise<ScanOutcome> => {
        const timeoutMs = stepTimeoutMs(context, { maxMs: options.maxStepMs });
        if (context.signal.aborted || timeoutMs <= 0) {
          return { ok: false, reason: "timeout", errorCode: "ABORT_ERR" };
        }
        const outcome = await scanHandshake({
          address: options.address,
          port: options.port,
          allowPrivateAddresses: context.network.allowPrivateAddresses,
          servername: options.servername,
          version,
          ciphers,
          ...(group ? { group } : {}),
          timeoutMs,
          signal: context.signal,
        });
        // A class this OpenSSL has no suite for opens no connection.
        if (outcome.ok || outcome.errorCode !== "ERR_SSL_NO_CIPHER_MATCH") handshakes += 1;
        if (outcome.ok && outcome.ephemeral?.type === "DH" && outcome.ephemeral.size) {
          dhBits = Math.min(dhBits ?? Number.POSITIVE_INFINITY, outcome.ephemeral.size);
        }
        if (!outcome.ok && !refused(outcome) && outcome.reason !== "error") {
          failedHandshakes += 1;
        }
        return outcome;
      }),
    );

  /** A hand-written ClientHello of `version`, the connection counted like a handshake. */
  const rawHello = (version: number) =>
    hostSlot(() =>
      context.limit(async (): Promise<RawHelloOutcome> => {
        const timeoutMs = stepTimeoutMs(context, { maxMs: options.maxStepMs });
        if (context.signal.aborted || timeoutMs <= 0) return { ok: false, reason: "timeout" };
        const outcome = await exchangeHello({
          address: options.address,
          port: options.port,
          allowPrivateAddresses: context.network.allowPrivateAddresses,
          hello: clientHello(version, options.servername),
          timeoutMs,
          signal: context.signal,
        });
        if (outcome.ok || outcome.reason !== "blocked_address") handshakes += 1;
        // Some servers reset an SSL 3 hello rather than answer it: only silence counts as a
        // server that stopped answering.
        if (!outcome.ok && (outcome.reason === "timeout" || outcome.reason === "refused")) {
          failedHandshakes += 1;
        }
        return outcome;
      }),
    );

  /** One elimination chain: the suites accepted, and whether the server's refusal ended it. */
  const enumerate = async (
    version: ScanVersion,
    offer: (taken: readonly string[]) => string | null,
  ): Promise<{ suites: ScannedSuite[]; answered: boolean }> => {
    const suites: ScannedSuite[] = [];
    while (suites.length < maxSuitesPerChain) {
      const ciphers = offer(suites.map((suite) => suite.name));
      if (ciphers === null) return { suites, answered: true };
      const outcome = await attempt(version, ciphers);
      if (outcome.ok) {
        // A suite offered nowhere else, or one picked twice, would loop; stop there.
        if (suites.some((suite) => suite.name === outcome.cipher.name)) break;
        suites.push(describeSuite(outcome.cipher));
        continue;
      }
      if (refused(outcome)) return { suites, answered: true };
      complete = false;
      return { suites, answered: false };
    }
    return { suites, answered: true };
  };

  const versionScan = async (
    version: ScanVersion,
  ): Promise<{ accepted: boolean | null; suites: ScannedSuite[] }> => {
    if (version === "TLSv1.3") {
      const { suites, answered } = await enumerate(version, (taken) => {
        const left = tls13Suites.filter((suite) => !taken.includes(suite));
        return left.length > 0 ? left.join(":") : null;
      });
      return { accepted: suites.length > 0 ? true : answered ? false : null, suites };
    }
    // Everything at once first: a refused version costs one handshake, not one a class.
    const first = await attempt(version, ["ALL:COMPLEMENTOFALL:!PSK:!SRP", seclevel].join(":"));
    if (!first.ok) {
      if (refused(first)) return { accepted: false, suites: [] };
      complete = false;
      return { accepted: null, suites: [] };
    }
    const seed = describeSuite(first.cipher);
    const results = await Promise.all(
      suiteClasses(version).map((kind) =>
        enumerate(version, (taken) =>
          [kind, ...[seed.name, ...taken].map((name) => `!${name}`), seclevel].join(":"),
        ),
      ),
    );
    return { accepted: true, suites: [seed, ...results.flatMap((result) => result.suites)] };
  };

  const [scanned, sslv3] = await Promise.all([
    Promise.all([...legacyVersions, "TLSv1.3" as const].map(versionScan)),
    rawHello(sslVersion.SSLv3).then(sslv3Of),
  ]);
  const [tls10, tls11, tls12, tls13] = scanned as [
    (typeof scanned)[0],
    (typeof scanned)[0],
    (typeof scanned)[0],
    (typeof scanned)[0],
  ];

  const [serverOrder, groups, renegotiation] = await Promise.all([
    preferenceOf(tls12.suites, attempt),
    groupsOf({ tls12: tls12.suites, tls13: tls13.accepted === true }, attempt),
    renegotiationOf(
      { TLSv1: tls10.accepted, "TLSv1.1": tls11.accepted, "TLSv1.2": tls12.accepted },
      tls13.accepted,
      rawHello,
    ),
  ]);
  const notDetermined: SslConfiguration["notDetermined"] = {};
  if (sslv3.accepted === null) notDetermined.SSLv3 = sslv3.why;
  if (renegotiation.secure === null) notDetermined.secureRenegotiation = renegotiation.why;
  if (serverOrder === undefined || groups === undefined) complete = false;

  return {
    address: options.address,
    protocols: {
      SSLv3: sslv3.accepted,
      TLSv1: tls10.accepted,
      "TLSv1.1": tls11.accepted,
      "TLSv1.2": tls12.accepted,
      "TLSv1.3": tls13.accepted,
    },
    ciphers: {
      TLSv1: tls10.suites,
      "TLSv1.1": tls11.suites,
      "TLSv1.2": tls12.suites,
      "TLSv1.3": tls13.suites,
    },
    serverOrder: serverOrder ?? null,
    groups: groups ?? [],
    dhBits,
    secureRenegotiation: renegotiation.secure,
    notDetermined,
    handshakes,
    failedHandshakes,
    complete: complete && failedHandshakes === 0,
  };
}

/**
 * TLS 1.2: offer two accepted suites both ways round. The same pick both times is the server's
 * own order; the first offered each time is the client's. Undefined: no answer.
 */
async function preferenceOf(
  suites: readonly ScannedSuite[],
  attempt: Try,
): Promise<boolean | null | undefined> {
  const [first, second] = suites;
  if (!first || !second) return null;
  const pair = [first.name, second.name];
  const [forward, backward] = await Promise.all([
    attempt("TLSv1.2", [...pair, seclevel].join(":")),
    attempt("TLSv1.2", [...pair].reverse().concat(seclevel).join(":")),
  ]);
  if (!forward.ok || !backward.ok) return undefined;
  return forward.cipher.name === backward.cipher.name;
}

/** The groups accepted, one handshake each, at TLS 1.3 when the server has it, else 1.2 ECDHE. */
async function groupsOf(
  accepted: { tls12: readonly ScannedSuite[]; tls13: boolean },
  attempt: Try,
): Promise<string[] | undefined> {
  const ecdhe = accepted.tls12.filter((suite) => suite.standardName.includes("_ECDHE_"));
  const candidates = accepted.tls13 ? [...ecGroups, ...ffdheGroups] : ecGroups;
  if (!accepted.tls13 && ecdhe.length === 0) return [];
  const outcomes = await Promise.all(
    candidates.map((group) =>
      accepted.tls13
        ? attempt("TLSv1.3", tls13Suites.join(":"), group)
        : attempt("TLSv1.2", [...ecdhe.map((suite) => suite.name), seclevel].join(":"), group),
    ),
  );
  if (outcomes.some((outcome) => !outcome.ok && !refused(outcome) && outcome.reason !== "error")) {
    return undefined;
  }
  return candidates.filter((_, index) => outcomes[index]?.ok);
}

const unanswered = (outcome: Extract<RawHelloOutcome, { ok: false }>) =>
  outcome.reason === "blocked_address"
    ? "the address is not allowed"
    : `the hand-written ClientHello went unanswered (${outcome.reason})`;

/**
 * SSL 3 from the server's answer to an SSL 3 ClientHello: a ServerHello of version 3.0 accepts
 * it; an alert, a ServerHello of another version, or a close without a word refuses it.
 */
function sslv3Of(outcome: RawHelloOutcome): { accepted: boolean | null; why: string } {
  if (outcome.ok) {
    const { answer } = outcome;
    return { accepted: answer.kind === "hello" && answer.version === sslVersion.SSLv3, why: "" };
  }
  if (outcome.reason === "closed") return { accepted: false, why: "" };
  return { accepted: null, why: unanswered(outcome) };
}

/**
 * RFC 5746 from the ServerHello of a hand-written ClientHello at the best version up to TLS
 * 1.2 the scan saw accepted. TLS 1.3 has no renegotiation at all.
 */
async function renegotiationOf(
  accepted: Record<"TLSv1" | "TLSv1.1" | "TLSv1.2", boolean | null>,
  tls13: boolean | null,
  rawHello: (version: number) => Promise<RawHelloOutcome>,
): Promise<{ secure: boolean | null; why: string }> {
  const best = (["TLSv1.2", "TLSv1.1", "TLSv1"] as const).find((version) => accepted[version]);
  if (!best) {
    const why = tls13
      ? "the server accepts only TLS 1.3, which has no renegotiation"
      : "no version up to TLS 1.2 was seen accepted";
    return { secure: null, why };
  }
  const outcome = await rawHello(sslVersion[best]);
  if (!outcome.ok) return { secure: null, why: unanswered(outcome) };
  const { answer } = outcome;
  if (answer.kind !== "hello") {
    const what = answer.kind === "alert" ? `alert ${answer.description}` : "no ServerHello";
    return { secure: null, why: `the server refused the hand-written ClientHello (${what})` };
  }
  return { secure: answer.extensions.includes(0xff01), why: "" };
}
