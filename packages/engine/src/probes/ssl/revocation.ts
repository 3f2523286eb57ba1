import { stepTimeoutMs } from "../../contract/budget.js";
import type { ProbeContext } from "../../contract/probe.js";
import { fetchBounded } from "../../network/fetch-bounded.js";
import {
  crlAnswer,
  maxCrlBytes,
  type ParsedCrl,
  parseCrl,
} from "../../protocols/revocation/crl.js";
import type { CrlCache } from "../../protocols/revocation/crl-cache.js";
import {
  encodeOcspRequest,
  maxOcspResponseBytes,
  readOcspResponse,
} from "../../protocols/revocation/ocsp.js";
import type { RevocationAnswer } from "../../protocols/revocation/revocation-answer.js";
import { certificateFields } from "../../protocols/x509/der/certificate-fields.js";
import { DerError } from "../../protocols/x509/der/der-reader.js";
import { printName } from "../../protocols/x509/distinguished-name.js";
import type { ParsedCertificate } from "../../protocols/x509/parse-certificate.js";
import type { SslGrade } from "./data/configuration-schema.js";
import type { SslRevocation, SslRevocationCheck } from "./data/revocation-schema.js";
import { worseGrade } from "./scan/grade.js";

/** Responders and distribution points asked at most, each: a bound on a hostile certificate. */
const maxUrlsEach = 2;

type Source = SslRevocationCheck["source"];

/** A certificate on the path and its issuer (sent, or from the trust store). */
export interface IssuedCertificate {
  certificate: ParsedCertificate;
  /** Without it nothing can be verified. */
  issuer: ParsedCertificate | undefined;
}

type Fetching = { context: ProbeContext; crlCache: CrlCache; maxStepMs: number };

/**
 * The leaf's revocation status and each intermediate's, as a browser with hard-fail would look
 * for them: for the leaf the stapled OCSP response, else each OCSP responder the AIA names
 * (HTTP POST), else each CRL distribution point (cached until its nextUpdate); for each
 * intermediate the same without a staple, all at once. The first verified good or revoked
 * answer decides; every fetch goes through network/ with the step's share of the budget.
 */
export async function checkRevocation(
  options: IssuedCertificate & {
    stapled: Buffer | null;
    /** The CA certificates between the leaf and the trust anchor, each with its issuer. */
    intermediates: readonly IssuedCertificate[];
  } & Fetching,
): Promise<SslRevocation> {
  const [leaf, ...intermediates] = await Promise.all([
    statusOf(options),
    ...options.intermediates.map((entry) => statusOf({ ...options, ...entry, stapled: null })),
  ]);
  return {
    ...leaf!,
    intermediates: intermediates.map((status, index) => ({
      subject: printName(options.intermediates[index]!.certificate.subject),
      ...status,
    })),
  };
}

type Status = Omit<SslRevocation, "intermediates">;

async function statusOf(
  options: IssuedCertificate & { stapled: Buffer | null } & Fetching,
): Promise<Status> {
  const { certificate: leaf, issuer, context } = options;
  const checks: SslRevocationCheck[] = [];
  if (!issuer) {
    return unavailable(
      checks,
      "the issuer's certificate was neither sent nor a trusted root, so no answer can be verified",
    );
  }
  const judge = (source: Source, url: string | null, answer: RevocationAnswer) => {
    checks.push(
      answer.status === "invalid"
        ? { source, url, outcome: "invalid", problem: answer.problem }
        : { source, url, outcome: answer.status, problem: null },
    );
    return answer.status === "good" || answer.status === "revoked" ? answer : undefined;
  };
  const failed = (source: Source, url: string, problem: string) => {
    checks.push({ source, url, outcome: "failed", problem });
    return undefined;
  };
  const timeoutMs = () => stepTimeoutMs(context, { maxMs: options.maxStepMs });

  const askStaple = () =>
    options.stapled
      ? judge(
          "ocsp-stapled",
          null,
          readOcspResponse({ der: options.stapled, certificate: leaf, issuer, now: Date.now() }),
        )
      : undefined;

  const askResponder = async (url: string) => {
    const fetched = await fetchBounded({
      url,
      context,
      timeoutMs: timeoutMs(),
      maxBytes: maxOcspResponseBytes,
      method: "POST",
      body: encodeOcspRequest(leaf, issuer),
      contentType: "application/ocsp-request",
    });
    if (!fetched.ok) return failed("ocsp", url, fetched.problem);
    const answer = readOcspResponse({
      der: fetched.body,
      certificate: leaf,
      issuer,
      now: Date.now(),
    });
    return judge("ocsp", url, answer);
  };

  /** The CRL at `url`, cached or fetched and parsed; undefined once a failure is recorded. */
  const crlAt = async (url: string): Promise<ParsedCrl | undefined> => {
    const cached = options.crlCache.get(url, Date.now());
    if (cached) return cached;
    const fetched = await fetchBounded({
      url,
      context,
      timeoutMs: timeoutMs(),
      maxBytes: maxCrlBytes,
    });
    if (!fetched.ok) return failed("crl", url, fetched.problem);
    try {
      return parseCrl(fetched.body);
    } catch (error) {
      if (!(error instanceof DerError)) throw error;
      judge("crl", url, { status: "invalid", problem: `it does not parse: ${error.message}` });
      return undefined;
    }
  };

  const askCrl = async (url: string, deltaOf?: ParsedCrl): Promise<ReturnType<typeof judge>> => {
    const crl = await crlAt(url);
    if (!crl) return undefined;
    const answer =
      deltaProblem(crl, deltaOf) ?? crlAnswer({ crl, certificate: leaf, issuer, now: Date.now() });
    // Only a CRL that speaks for this issuer and is fresh is worth keeping.
    if (answer.status !== "invalid") options.crlCache.set(url, crl, Date.now());
    const decided = judge("crl", url, answer);
    // A good base CRL is brought up to date by its delta CRLs (RFC 5280 6.3.3).
    if (decided?.status !== "good" || deltaOf) return decided;
    let delta: ReturnType<typeof judge>;
    for (const deltaUrl of fields.deltaCrlUrls.slice(0, maxUrlsEach)) {
      delta ??= await askCrl(deltaUrl, crl);
    }
    return delta ?? decided;
  };

  const fields = certificateFields(leaf);
  let decided = askStaple();
  for (const url of fields.ocspUrls.slice(0, maxUrlsEach)) {
    decided ??= await askResponder(url);
  }
  for (const url of fields.crlUrls.slice(0, maxUrlsEach)) {
    decided ??= await askCrl(url);
  }
  if (decided) {
    const source = checks.at(-1)!.source;
    return {
      status: decided.status,
      source,
      revokedAt: decided.revokedAt?.toISOString() ?? null,
      reason: decided.reason,
      problem: null,
      checks,
    };
  }
  if (checks.some((check) => check.outcome === "unknown")) {
    const source = checks.find((check) => check.outcome === "unknown")!.source;
    return { status: "unknown", source, revokedAt: null, reason: null, problem: null, checks };
  }
  const notFetched =
    fields.crlNotFetched.length > 0
      ? `; not fetched: ${fields.crlNotFetched.slice(0, maxUrlsEach * 2).join(", ")}`
      : "";
  return unavailable(
    checks,
    checks.length === 0
      ? `the certificate names no OCSP responder and no CRL over HTTP, and the server staples nothing${notFetched}`
      : `no source gave a verified answer${notFetched}`,
  );
}

/**
 * Why `crl` cannot serve as a delta of `base` (RFC 5280 5.2.4): it has no deltaCRLIndicator, or
 * updates a newer base than `base`. Null when it can, or when no delta is asked for.
 */
function deltaProblem(crl: ParsedCrl, base: ParsedCrl | undefined): RevocationAnswer | null {
  if (!base) return null;
  if (crl.baseCrlNumber === null) {
    return { status: "invalid", problem: "it is not a delta CRL (no deltaCRLIndicator)" };
  }
  if (base.crlNumber === null || crl.baseCrlNumber > base.crlNumber) {
    return {
      status: "invalid",
      problem: `it updates CRL number ${crl.baseCrlNumber}, not the base CRL read (${base.crlNumber ?? "unnumbered"})`,
    };
  }
  return null;
}

/** What an unexpected error in the check leaves: no status, and why. */
export function revocationFailed(error: unknown): SslRevocation {
  const failed = unavailable(
    [],
    `the check failed (${error instanceof Error ? error.message : String(error)})`,
  );
  return { ...failed, intermediates: [] };
}

function unavailable(checks: SslRevocationCheck[], problem: string): Status {
  return { status: "unavailable", source: null, revokedAt: null, reason: null, problem, checks };
}

/**
 * SSL Labs grades a server with a revoked certificate F (a zero certificate score in the
 * Rating Guide), whatever the rest: the cap, unless the grade is already T (not trusted).
 */
export function gradeWithRevocation(options: {
  grade: SslGrade | null;
  gradeReasons: string[];
  revocation: SslRevocation | null;
}): { grade: SslGrade | null; gradeReasons: string[] } {
  const { grade, gradeReasons, revocation } = options;
  const revokedIntermediate = revocation?.intermediates.find(
    (intermediate) => intermediate.status === "revoked",
  );
  if (
    grade === null ||
    (revocation?.status !== "revoked" && !revokedIntermediate) ||
    worseGrade(grade, "F")
  ) {
    return { grade, gradeReasons };
  }
  const reason =
    revocation?.status === "revoked"
      ? "F: the certificate is revoked"
      : `F: the intermediate ${revokedIntermediate?.subject} is revoked`;
  return { grade: "F", gradeReasons: [...gradeReasons, reason] };
}

/** The worst grade among the endpoints (each with its revocation cap), or undefined without one. */
export function worstEndpointGrade(
  endpoints: readonly { grade: SslGrade | null; gradeReasons: string[] }[],
): { grade: SslGrade; gradeReasons: string[] } | undefined {
  let worst: { grade: SslGrade; gradeReasons: string[] } | undefined;
  for (const { grade, gradeReasons } of endpoints) {
    if (grade !== null && (!worst || worseGrade(grade, worst.grade)))
      worst = { grade, gradeReasons };
  }
  return worst;
}
