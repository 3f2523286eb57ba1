import type tls from "node:tls";
import type * as packet from "dns-packet";
import { stepTimeoutMs } from "../../contract/budget.js";
import { type Probe, type ProbeContext, ProbeError } from "../../contract/probe.js";
import { resolveOptions } from "../../contract/resolve-options.js";
import { withRemediations } from "../../contract/with-remediations.js";
import {
  type ResolvedTarget,
  resolveTarget,
  TargetResolutionError,
} from "../../network/resolve-target.js";
import { tlsaMatches, tlsaOf } from "../../protocols/dane/tlsa.js";
import {
  type AnswerValidator,
  answerValidator,
  type SecuredAnswer,
} from "../../protocols/dnssec/answer-security.js";
import { type CrlCache, createCrlCache } from "../../protocols/revocation/crl-cache.js";
import type { ParsedCertificate } from "../../protocols/x509/parse-certificate.js";
import {
  createTrustAnchors,
  createTrustStore,
  type TrustAnchors,
} from "../../protocols/x509/trust-store.js";
import { certificatesOnPath, weakSignatures } from "./chain-facts.js";
import type { SslEndpoint, SslUnreachableReason } from "./data/endpoint-schema.js";
import type { SslRevocation } from "./data/revocation-schema.js";
import {
  type SslDane,
  type SslData,
  SslOptions,
  type SslProbeOptions,
  type SslReachableData,
  type SslSettings,
  type SslUnreachableData,
  sslDeclaration,
} from "./declaration.js";
import { endpointOf } from "./endpoints.js";
import { type HandshakeOutcome, handshakeEach } from "./handshake-each.js";
import { type HandshakeReading, readHandshake } from "./read-handshake.js";
import { sslFixes } from "./remediation.js";
import { checkRevocation, revocationFailed, worstEndpointGrade } from "./revocation.js";
import { type AddressScan, scanEach } from "./scan/scan-each.js";
import { sslFindings } from "./ssl-findings.js";
import { sslTtlMs } from "./ttl.js";

interface Trust {
  secureContext: tls.SecureContext;
  anchors: TrustAnchors;
}

interface SslProbeSettings extends SslSettings {
  /** Built on first use: the bundled roots take a moment to load. */
  trust(): Trust;
  /** CRLs this probe fetched, each kept until its nextUpdate. */
  crlCache: CrlCache;
}

/** Limit on resolving the domain, all resolvers together. */
const resolveTimeoutMs = 5000;

// Probes without extra roots share one trust store.
let defaultTrust: Trust | undefined;

/**
 * The built-in `ssl` probe: one TLS handshake (SNI = domain, ALPN h2 and http/1.1, OCSP
 * stapling requested) with each allowed address of the domain, reporting the first reachable
 * one's certificate, chain as sent, trust, host name match and findings, plus a summary of
 * every address. Unreachable is data; only a resolver failure or a budget spent before
 * anything happened throws.
 */
export function sslProbe(options: SslProbeOptions = {}): Probe<SslData> {
  return createSslProbe(resolveOptions(SslOptions, options, "sslProbe: options"));
}

/** The probe from settings already resolved (the engine resolves them once, at creation). */
export function createSslProbe(resolved: SslSettings): Probe<SslData> {
  const roots = [...resolved.ca];
  let own: Trust | undefined;
  const trust = (): Trust => {
    if (roots.length === 0) {
      defaultTrust ??= { secureContext: createTrustStore([]), anchors: createTrustAnchors([]) };
      return defaultTrust;
    }
    own ??= { secureContext: createTrustStore(roots), anchors: createTrustAnchors(roots) };
    return own;
  };
  const crlCache = createCrlCache({ maxEntries: 32, maxBytes: 32 * 1024 * 1024 });
  const settings: SslProbeSettings = { ...resolved, trust, crlCache };
  return withRemediations(sslFixes, {
    summary: sslDeclaration.summary,
    dataSchema: sslDeclaration.data,
    example: sslDeclaration.example,
    run: (domain, context) => probeDomain(domain, context, settings),
    ttlMs: (data) => sslTtlMs({ data, now: Date.now() }),
  });
}

async function probeDomain(
  domain: string,
  context: ProbeContext,
  settings: SslProbeSettings,
): Promise<SslData> {
  if (context.signal.aborted) throw outOfTime(domain, context.signal.reason);
  const owner = `_${settings.port}._tcp.${domain}`;
  const validator = answerValidator({ context, anchors: settings.trustAnchors });
  try {
    return await handshakeDomain({ domain, context, settings, owner, validator });
  } finally {
    await validator.close();
  }
}

/** What the site's TLSA answer says, matched against the chain sent when there is one. */
function daneOf(options: {
  owner: string;
  answer: SecuredAnswer;
  sent: readonly ParsedCertificate[] | null;
}): SslDane {
  const { owner, answer, sent } = options;
  const tlsa = answer.records.map((record) => tlsaOf((record as packet.TlsaAnswer).data));
  if (tlsa.length === 0) return { owner, tlsa, secure: null, reason: null, match: null };
  return {
    owner,
    tlsa,
    secure: answer.security.secure,
    reason: answer.security.secure ? null : answer.security.reason,
    match: sent && sent.length > 0 ? tlsa.some((record) => tlsaMatches(record, sent)) : null,
  };
}

async function handshakeDomain(options: {
  domain: string;
  context: ProbeContext;
  settings: SslProbeSettings;
  owner: string;
  validator: AnswerValidator;
}): Promise<SslData> {
  const { domain, context, settings, owner } = options;
  // Asked after the handshakes and before the scan, so that the handshakes and the scan's
  // connections alone fill their share of the engine's limit: one more round trip, and the
  // chain's queries only when there are TLSA records.
  const dane = async (sent: readonly ParsedCertificate[] | null) =>
    daneOf({ owner, answer: await options.validator.answer(owner, "TLSA"), sent });

  let target: ResolvedTarget;
  try {
    const timeoutMs = stepCapMs(resolveTimeoutMs, context);
    target = await resolveTarget({ host: domain, context, timeoutMs });
  } catch (error) {
    if (context.signal.aborted) throw outOfTime(domain, error);
    if (error instanceof TargetResolutionError) {
      throw new ProbeError(error.timedOut ? "timeout" : "upstream_error", error.message, {
        cause: error,
      });
    }
    const code = (error as NodeJS.ErrnoException).code ?? "unknown error";
    throw new ProbeError("upstream_error", `Resolving ${domain} failed (${code}).`, {
      cause: error,
    });
  }

  const { port } = settings;
  const trust = settings.trust();
  const probed = target.allowed.slice(0, settings.maxAddresses);
  const outcomes = await handshakeEach({
    addresses: probed,
    context,
    handshake: { port, servername: domain, secureContext: trust.secureContext },
    maxStepMs: {
      connect: stepCapMs(settings.connectTimeoutMs, context),
      handshake: stepCapMs(settings.handshakeTimeoutMs, context),
    },
  });
  if (probed.length > 0 && outcomes.every((outcome) => outcome === undefined)) {
    throw outOfTime(domain, context.signal.reason);
  }

  const now = Date.now();
  // An address whose turn came with no time left has no run: it was not tried.
  const runs = probed.flatMap((address, index) => {
    const outcome = outcomes[index];
    if (!outcome) return [];
    const reading = outcome.ok
      ? readHandshake({ outcome, domain, anchors: trust.anchors, now })
      : undefined;
    return [{ address, outcome, reading }];
  });
  const notTried = probed
    .filter((_, index) => outcomes[index] === undefined)
    .map(({ address }) => address);
  const endpointsWith = (
    scans?: ReadonlyMap<string, AddressScan>,
    revocations?: ReadonlyMap<string, SslRevocation | null>,
  ) =>
    target.addresses.map((address) =>
      endpointOf({
        address,
        run: runs.find((run) => run.address === address),
        target,
        scan: scans?.get(address.address),
        revocation: revocations?.get(address.address),
      }),
    );

  const primary = runs.find((run) => run.outcome.ok) ?? runs[0];
  if (!primary) {
    const reason = target.addresses.length === 0 ? "no_address" : "blocked_address";
    const refusedAddresses = target.refused.map(({ address }) => address);
    return unreachable({
      domain,
      port,
      reason,
      refusedAddresses,
      endpoints: endpointsWith(),
      dane: await dane(null),
    });
  }
  const { outcome, reading } = primary;
  if (!outcome.ok || !reading) {
    const failure: Extract<HandshakeOutcome, { ok: false }> = outcome.ok
      ? { ok: false, reason: "error", errorCode: "UNKNOWN" }
      : outcome;
    return unreachable({
      domain,
      port,
      reason: failure.reason,
      errorCode: failure.errorCode,
      timeoutMs: failure.timeoutMs,
      address: primary.address.address,
      notTried,
      endpoints: endpointsWith(),
      dane: await dane(null),
    });
  }

  const daneData = await dane(reading.parsed);
  // Asked while the scan runs: the two share the budget rather than follow each other.
  const revocationsAsked = revocationsOf({ runs, settings, context, trust });

  // After the first handshakes, whose certificates the findings describe: every reachable
  // address probed is scanned, and the grade is the worst address's.
  // A scan started inside the answer reserve could not ask anything: it is not started.
  const scanTimeLeft = stepTimeoutMs(context) > 0;
  const scanned =
    settings.scan && scanTimeLeft
      ? await scanEach({
          targets: runs.flatMap(({ address, outcome: each, reading: read }) =>
            each.ok && read
              ? [
                  {
                    address: address.address,
                    trusted: read.trusted,
                    hostnameMatch: read.hostname ? read.hostname.match : null,
                    certificate: read.certificate,
                    weakSignatures: read.certificate
                      ? weakSignatures(
                          certificatesOnPath({
                            chain: read.chain,
                            chainPath: read.chainPath,
                            leaf: read.certificate,
                          }),
                        ).map((entry) => entry.subject.dn || entry.fingerprint256)
                      : [],
                  },
                ]
              : [],
          ),
          port,
          servername: domain,
          context,
          concurrency: settings.scanConcurrency,
          maxStepMs: stepCapMs(settings.handshakeTimeoutMs, context),
        })
      : undefined;
  const revocations = await revocationsAsked;
  const endpoints = endpointsWith(scanned?.scans, revocations);
  const worst = scanned?.worst;
  const revocation = revocations.get(primary.address.address) ?? null;
  // The endpoints' grades carry each address's revocation cap; the worst is the section's.
  const graded = worstEndpointGrade(endpoints) ?? {
    grade: worst?.grade ?? null,
    gradeReasons: worst?.gradeReasons ?? [],
  };

  const data: Omit<SslReachableData, "findings"> = {
    reachable: true,
    reason: null,
    errorCode: null,
    address: primary.address.address,
    port,
    protocol: outcome.protocol,
    cipher: outcome.cipher,
    alpn: outcome.alpn,
    ocspStapled: outcome.ocspResponse !== null,
    trusted: reading.trusted,
    trustError: reading.trustError,
    clientFailure: outcome.clientFailure,
    hostnameMatch: reading.hostname ? reading.hostname.match : null,
    certificate: reading.certificate,
    chain: reading.chain,
    endpoints,
    configuration: worst?.configuration ?? null,
    groups: worst?.groups ?? null,
    vulnerabilities: worst?.vulnerabilities ?? null,
    clients: worst?.clients ?? null,
    profiles: worst?.profiles ?? null,
    revocation,
    grade: graded.grade,
    gradeReasons: graded.gradeReasons,
    dane: daneData,
  };
  const findings = sslFindings({
    domain,
    data,
    now,
    chainPath: reading.chainPath,
    commonNameOnly: reading.hostname?.commonNameOnly ?? false,
    certificateProblem: reading.certificateProblem,
    scanOff: !settings.scan,
    scanOutOfTime: settings.scan && !scanTimeLeft,
    notTried,
  });
  return { ...data, findings };
}

/**
 * Each reachable address's revocation status, by address. Addresses that send the same leaf
 * and the same staple share one check, so a responder is asked once for them all.
 */
async function revocationsOf(options: {
  runs: readonly {
    address: { address: string };
    outcome: HandshakeOutcome;
    reading: HandshakeReading | undefined;
  }[];
  settings: SslProbeSettings;
  context: ProbeContext;
  trust: Trust;
}): Promise<Map<string, SslRevocation | null>> {
  const shared = new Map<string, Promise<SslRevocation | null>>();
  const asked = options.runs.map(async ({ address, outcome, reading }) => {
    if (!outcome.ok || !reading?.certificate) return [address.address, null] as const;
    const key = `${reading.certificate.fingerprint256} ${outcome.ocspResponse?.toString("base64") ?? ""}`;
    let check = shared.get(key);
    if (!check) {
      check = revocationOf({ ...options, reading, outcome });
      shared.set(key, check);
    }
    return [address.address, await check] as const;
  });
  return new Map(await Promise.all(asked));
}

/** The leaf's revocation status, or null when there is no leaf read or the check is off. */
function revocationOf(options: {
  reading: HandshakeReading;
  settings: SslProbeSettings;
  context: ProbeContext;
  trust: Trust;
  outcome: Extract<HandshakeOutcome, { ok: true }>;
}): Promise<SslRevocation | null> {
  const { reading, settings, context } = options;
  const leaf = reading.parsed[0];
  if (!settings.revocation || !reading.certificate || !leaf || !reading.chainPath) {
    return Promise.resolve(null);
  }
  const { path, end } = reading.chainPath;
  const onPath = path.map((index) => reading.parsed[index]!);
  /** The next on the path, else the trust anchor that issued the last one. */
  const issuerAt = (position: number) =>
    onPath[position + 1] ??
    (end === "trusted-issuer" ? options.trust.anchors.issuerOf(onPath[position]!) : undefined);
  // Intermediates: every CA after the leaf but a sent self-signed root, which nothing revokes.
  const last = end === "self-signed" ? onPath.length - 1 : onPath.length;
  const intermediates = onPath
    .slice(1, last)
    .map((certificate, index) => ({ certificate, issuer: issuerAt(index + 1) }));
  // Started before the scan and awaited after it: a failure must come back as data, not as a
  // rejection nobody is waiting on yet.
  return checkRevocation({
    certificate: leaf,
    issuer: issuerAt(0),
    intermediates,
    stapled: options.outcome.ocspResponse,
    context,
    crlCache: settings.crlCache,
    maxStepMs: stepCapMs(settings.handshakeTimeoutMs, context),
  }).catch((error: unknown) => revocationFailed(error));
}

function unreachable(options: {
  domain: string;
  port: number;
  reason: SslUnreachableReason;
  errorCode?: string;
  timeoutMs?: number | undefined;
  address?: string;
  refusedAddresses?: string[];
  notTried?: readonly string[];
  endpoints: SslEndpoint[];
  dane: SslDane;
}): SslData {
  const data: Omit<SslUnreachableData, "findings"> = {
    reachable: false,
    reason: options.reason,
    errorCode: options.errorCode ?? null,
    address: options.address ?? null,
    port: options.port,
    protocol: null,
    cipher: null,
    alpn: null,
    ocspStapled: null,
    clientFailure: null,
    trusted: null,
    trustError: null,
    hostnameMatch: null,
    certificate: null,
    chain: [],
    endpoints: options.endpoints,
    configuration: null,
    groups: null,
    vulnerabilities: null,
    clients: null,
    profiles: null,
    revocation: null,
    grade: null,
    gradeReasons: [],
    dane: options.dane,
  };
  const refusedAddresses =
    options.reason === "blocked_address" ? options.refusedAddresses : undefined;
  const findings = sslFindings({
    domain: options.domain,
    data,
    now: Date.now(),
    refusedAddresses,
    timeoutMs: options.timeoutMs,
    notTried: options.notTried,
  });
  return { ...data, findings };
}

/**
 * A step's cap: its own limit, and never more than half the run's budget, so that one silent
 * resolver, peer or handshake leaves time for what follows it and for the answer.
 */
function stepCapMs(limitMs: number, context: ProbeContext): number {
  return Math.min(limitMs, Math.floor(context.network.timeoutMs / 2));
}

function outOfTime(domain: string, cause: unknown): ProbeError {
  return new ProbeError("timeout", `The time budget ran out before ${domain} could be probed.`, {
    cause,
  });
}
