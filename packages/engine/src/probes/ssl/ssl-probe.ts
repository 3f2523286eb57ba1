import type tls from "node:tls";
import { isAddressAllowed } from "../../network/address-policy.js";
import { resolveHost } from "../../network/resolve-host.js";
import { type Probe, type ProbeContext, ProbeError } from "../probe.js";
import { describeCertificate, matchHostname } from "./certificate.js";
import { handshake } from "./handshake.js";
import { sslDataSchema } from "./schema.js";
import type { SslData, SslUnreachableReason } from "./ssl-data.js";
import { sslFindings } from "./ssl-findings.js";
import { createTrustStore, parseCaCertificates } from "./trust-store.js";
import { sslTtlMs } from "./ttl.js";

export interface SslProbeOptions {
  /** TCP port to probe. Default 443. */
  port?: number;
  /**
   * Extra trusted roots as PEM (a certificate, a bundle, or a list of them), added to Node's
   * bundled roots for this probe's sockets only.
   */
  ca?: string | readonly string[];
  /** Limit on TCP connect plus TLS handshake, in milliseconds; the probe's budget also applies. Default 10000. */
  handshakeTimeoutMs?: number;
}

interface SslProbeSettings {
  port: number;
  handshakeTimeoutMs: number;
  secureContext: tls.SecureContext | undefined;
}

const knownOptions = new Set(["port", "ca", "handshakeTimeoutMs"]);
const maxTimerMs = 2_147_483_647;

/**
 * The built-in `ssl` probe: one TLS handshake with the domain's first allowed address
 * (IPv4 first), SNI = domain, reporting the leaf certificate, trust, host name match and
 * findings. Unreachable is data; only a resolver failure or a budget spent before anything
 * happened throws.
 */
export function sslProbe(options: SslProbeOptions = {}): Probe<SslData> {
  const settings = validateOptions(options);
  return {
    dataSchema: sslDataSchema,
    run: (domain, context) => probeDomain(domain, context, settings),
    ttlMs: (data) => sslTtlMs({ data, now: Date.now() }),
  };
}

function validateOptions(options: SslProbeOptions): SslProbeSettings {
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw new TypeError("sslProbe: options must be an object");
  }
  for (const key of Object.keys(options)) {
    if (!knownOptions.has(key)) throw new TypeError(`sslProbe: unknown option options.${key}`);
  }
  const { port = 443, ca, handshakeTimeoutMs = 10_000 } = options;
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new TypeError("sslProbe: options.port must be an integer 1..65535");
  }
  if (
    !Number.isInteger(handshakeTimeoutMs) ||
    handshakeTimeoutMs < 1 ||
    handshakeTimeoutMs > maxTimerMs
  ) {
    throw new TypeError(`sslProbe: options.handshakeTimeoutMs must be an integer 1..${maxTimerMs}`);
  }
  let secureContext: tls.SecureContext | undefined;
  const emptyList = Array.isArray(ca) && ca.length === 0;
  if (ca !== undefined && !emptyList) {
    const roots = typeof ca === "string" || Array.isArray(ca) ? parseCaCertificates(ca) : undefined;
    if (!roots) {
      throw new TypeError(
        "sslProbe: options.ca must be a PEM certificate string or an array of them",
      );
    }
    secureContext = createTrustStore(roots);
  }
  return { port, handshakeTimeoutMs, secureContext };
}

async function probeDomain(
  domain: string,
  context: ProbeContext,
  settings: SslProbeSettings,
): Promise<SslData> {
  if (context.signal.aborted) throw outOfTime(domain, context.signal.reason);

  let resolved: Awaited<ReturnType<typeof resolveHost>>;
  try {
    resolved = await resolveHost(domain, context);
  } catch (error) {
    if (context.signal.aborted) throw outOfTime(domain, error);
    const code = (error as NodeJS.ErrnoException).code ?? "unknown error";
    throw new ProbeError("upstream_error", `Resolving ${domain} failed (${code}).`, {
      cause: error,
    });
  }

  const allowed = resolved
    .filter(({ address }) => isAddressAllowed(address, context.network.allowPrivateAddresses))
    .sort((a, b) => a.family - b.family);
  const target = allowed[0];
  if (!target) {
    const reason = resolved.length === 0 ? "no_address" : "blocked_address";
    const refused = resolved.map(({ address }) => address);
    return unreachable({ domain, port: settings.port, reason, refusedAddresses: refused });
  }

  const outcome = await context.limit(async () => {
    // The wait for a slot may have used up the budget; then nothing was attempted.
    if (context.signal.aborted) return undefined;
    return handshake({
      address: target.address,
      port: settings.port,
      servername: domain,
      secureContext: settings.secureContext,
      timeoutMs: settings.handshakeTimeoutMs,
      signal: context.signal,
    }).catch((error: unknown) => {
      throw new ProbeError("internal", "Reading the TLS session failed.", { cause: error });
    });
  });
  if (!outcome) throw outOfTime(domain, context.signal.reason);

  if (!outcome.ok) {
    return unreachable({
      domain,
      port: settings.port,
      reason: outcome.reason,
      errorCode: outcome.errorCode,
      address: target.address,
    });
  }

  const now = Date.now();
  let certificate: SslData["certificate"] = null;
  let host: ReturnType<typeof matchHostname> | undefined;
  if (outcome.certificate) {
    try {
      certificate = describeCertificate({ certificate: outcome.certificate, now });
      host = matchHostname({ certificate: outcome.certificate, hostname: domain });
    } catch (error) {
      throw new ProbeError("internal", "Reading the server's certificate failed.", {
        cause: error,
      });
    }
  }
  const data: Omit<SslData, "findings"> = {
    reachable: true,
    reason: null,
    errorCode: null,
    address: target.address,
    port: settings.port,
    protocol: outcome.protocol,
    cipher: outcome.cipher,
    alpn: outcome.alpn,
    trusted: outcome.authorized,
    trustError: outcome.authorized ? null : outcome.authorizationError,
    hostnameMatch: host ? host.match : null,
    certificate,
  };
  const findings = sslFindings({
    domain,
    data,
    now,
    commonNameOnly: host?.commonNameOnly ?? false,
  });
  return { ...data, findings };
}

function unreachable(options: {
  domain: string;
  port: number;
  reason: SslUnreachableReason;
  errorCode?: string;
  address?: string;
  refusedAddresses?: string[];
}): SslData {
  const data: Omit<SslData, "findings"> = {
    reachable: false,
    reason: options.reason,
    errorCode: options.errorCode ?? null,
    address: options.address ?? null,
    port: options.port,
    protocol: null,
    cipher: null,
    alpn: null,
    trusted: null,
    trustError: null,
    hostnameMatch: null,
    certificate: null,
  };
  const refusedAddresses =
    options.reason === "blocked_address" ? options.refusedAddresses : undefined;
  return {
    ...data,
    findings: sslFindings({ domain: options.domain, data, now: Date.now(), refusedAddresses }),
  };
}

function outOfTime(domain: string, cause: unknown): ProbeError {
  return new ProbeError("timeout", `The time budget ran out before ${domain} could be probed.`, {
    cause,
  });
}
