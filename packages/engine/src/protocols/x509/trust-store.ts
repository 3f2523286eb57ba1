import { X509Certificate } from "node:crypto";
import tls from "node:tls";
import { type ParsedCertificate, tryParseCertificate } from "./parse-certificate.js";
import { issuedBy, nameKey } from "./verify-signature.js";

const pemBlock = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/**
 * Splits extra root certificates (PEM strings or bundles) into single PEM blocks, or returns
 * undefined when a value holds no certificate or one that does not parse.
 */
export function parseCaCertificates(ca: string | readonly string[]): string[] | undefined {
  const values = typeof ca === "string" ? [ca] : ca;
  const blocks: string[] = [];
  for (const value of values) {
    if (typeof value !== "string") return undefined;
    const found = value.match(pemBlock);
    if (!found) return undefined;
    for (const block of found) {
      try {
        new X509Certificate(block);
      } catch {
        return undefined;
      }
      blocks.push(block);
    }
  }
  return blocks.length > 0 ? blocks : undefined;
}

/**
 * The probe's client settings. Legacy servers must still complete a handshake so that their
 * TLS 1.0 and weak keys are reported rather than hidden behind a handshake failure: TLS 1.0 is
 * allowed and OpenSSL's security level is 0 (level 1 refuses TLS 1.0/1.1 and SHA-1 in OpenSSL
 * 3). Verification then no longer rejects SHA-1 signatures or small keys; the weak-key and
 * weak-signature findings report those. Nothing is sent over these connections.
 */
const ciphers = [tls.DEFAULT_CIPHERS, "ALL", "!aNULL", "!eNULL", "@SECLEVEL=0"].join(":");

const trustStores = new Map<string, tls.SecureContext>();

/**
 * A secure context trusting Node's bundled roots plus `extra`, built once per process: passing
 * a `ca` list to every tls.connect would parse the ~150 bundled roots on each probe. `ca`
 * replaces the default store, hence the bundled roots are listed explicitly. Roots added through
 * NODE_EXTRA_CA_CERTS are not in `tls.rootCertificates` and so are not trusted here.
 */
export function createTrustStore(extra: readonly string[]): tls.SecureContext {
  // 50-100 ms of CPU to build: one per set of extra roots in the process, whatever builds probes.
  const key = extra.join("\n");
  let store = trustStores.get(key);
  if (!store) {
    store = tls.createSecureContext({
      ca: [...tls.rootCertificates, ...extra],
      minVersion: "TLSv1",
      ciphers,
    });
    trustStores.set(key, store);
  }
  return store;
}

/** The trusted certificates, to find which one issued the last certificate a server sent. */
export interface TrustAnchors {
  /** A trusted certificate that issued `certificate` (name and signature). */
  issuerOf(certificate: ParsedCertificate): ParsedCertificate | undefined;
  /** `certificate` is itself a trusted root (the same subject and key). */
  trusts(certificate: ParsedCertificate): boolean;
}

let bundled: Map<string, ParsedCertificate[]> | undefined;

function indexBySubject(pems: readonly string[], into = new Map<string, ParsedCertificate[]>()) {
  for (const pem of pems) {
    const certificate = tryParseCertificate(new X509Certificate(pem).raw);
    if (!certificate) continue;
    const key = nameKey(certificate.subject);
    const same = into.get(key);
    if (same) same.push(certificate);
    else into.set(key, [certificate]);
  }
  return into;
}

export function createTrustAnchors(extra: readonly string[]): TrustAnchors {
  const own = indexBySubject(extra);
  // Node's roots are parsed on first use and shared by every probe.
  const named = (key: string) => {
    bundled ??= indexBySubject(tls.rootCertificates);
    return [...(own.get(key) ?? []), ...(bundled.get(key) ?? [])];
  };
  return {
    issuerOf: (certificate) =>
      named(nameKey(certificate.issuer)).find((candidate) => issuedBy(certificate, candidate)),
    trusts: (certificate) =>
      named(nameKey(certificate.subject)).some((root) => root.spki.equals(certificate.spki)),
  };
}
