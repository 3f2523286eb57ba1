import type { webcrypto } from "node:crypto";
import { isIP } from "node:net";
import type * as X509 from "@peculiar/x509";

/**
 * Test certificates generated in-process with @peculiar/x509 and Node's WebCrypto: a root CA,
 * an intermediate and leaves (RSA 2048 or ECDSA P-256) with any validity window and SANs.
 */

export type TestKeyType = "rsa" | "ec";

export interface TestCertificate {
  /** The certificate, PEM. */
  certPem: string;
  /** Its private key, PKCS#8 PEM. */
  keyPem: string;
  /** The subject, as given ("CN=..."). */
  subject: string;
  /** The key pair, to sign further certificates with. */
  keys: webcrypto.CryptoKeyPair;
  keyType: TestKeyType;
}

export interface TestCertificateOptions {
  commonName: string;
  /** Default "ec" (fast); "rsa" is RSA 2048. */
  keyType?: TestKeyType;
  /** Default: a day ago. */
  notBefore?: Date;
  /** Default: 90 days from now. */
  notAfter?: Date;
  /** DNS names or IP literals. Leaves only. */
  subjectAltNames?: readonly string[];
  /** Signer; omitted means self-signed. */
  issuer?: TestCertificate;
  /** A CA certificate (basicConstraints cA, keyCertSign) rather than a TLS server leaf. */
  ca?: boolean;
}

/** A date `days` (fractions allowed, negative in the past) from now. */
export function daysFromNow(days: number): Date {
  return new Date(Date.now() + days * 86_400_000);
}

let loaded: Promise<typeof X509> | undefined;

/** @peculiar/x509 2.x resolves its services through tsyringe, which needs reflect-metadata. */
function loadX509(): Promise<typeof X509> {
  loaded ??= (async () => {
    await import("reflect-metadata");
    const x509 = await import("@peculiar/x509");
    x509.cryptoProvider.set(globalThis.crypto);
    return x509;
  })();
  return loaded;
}

const algorithms = {
  rsa: {
    name: "RSASSA-PKCS1-v1_5",
    modulusLength: 2048,
    publicExponent: new Uint8Array([1, 0, 1]),
    hash: "SHA-256",
  },
  ec: { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" },
} as const;

export async function createCertificate(options: TestCertificateOptions): Promise<TestCertificate> {
  const x509 = await loadX509();
  const keyType = options.keyType ?? "ec";
  const algorithm = algorithms[keyType];
  const keys = (await crypto.subtle.generateKey(algorithm, true, [
    "sign",
    "verify",
  ])) as webcrypto.CryptoKeyPair;
  const subject = `CN=${options.commonName}`;
  const issuer = options.issuer ?? { subject, keys, keyType };
  const usages = options.ca
    ? x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign
    : keyType === "rsa"
      ? x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment
      : x509.KeyUsageFlags.digitalSignature;
  const extensions: X509.Extension[] = [
    new x509.BasicConstraintsExtension(options.ca === true, undefined, true),
    new x509.KeyUsagesExtension(usages, true),
    await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    await x509.AuthorityKeyIdentifierExtension.create(issuer.keys.publicKey),
  ];
  if (!options.ca) {
    extensions.push(new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]));
  }
  if (options.subjectAltNames?.length) {
    extensions.push(
      new x509.SubjectAlternativeNameExtension(
        options.subjectAltNames.map((value) => ({ type: isIP(value) ? "ip" : "dns", value })),
      ),
    );
  }
  const certificate = await x509.X509CertificateGenerator.create({
    subject,
    issuer: issuer.subject,
    notBefore: options.notBefore ?? daysFromNow(-1),
    notAfter: options.notAfter ?? daysFromNow(90),
    publicKey: keys.publicKey,
    signingKey: issuer.keys.privateKey,
    signingAlgorithm: algorithms[issuer.keyType],
    extensions,
  });
  const pkcs8 = await crypto.subtle.exportKey("pkcs8", keys.privateKey);
  return {
    // Newline-terminated, so PEMs can be concatenated into chains and bundles.
    certPem: `${certificate.toString("pem").trim()}\n`,
    keyPem: `${x509.PemConverter.encode(pkcs8, "PRIVATE KEY").trim()}\n`,
    subject,
    keys,
    keyType,
  };
}

export interface TestPki {
  root: TestCertificate;
  intermediate: TestCertificate;
  /** A server leaf signed by the intermediate; `chainPem` is leaf + intermediate, as servers send it. */
  issueLeaf(
    options: Omit<TestCertificateOptions, "issuer" | "ca">,
  ): Promise<TestCertificate & { chainPem: string }>;
}

/** A root (RSA 2048 by default, like most public roots) and an ECDSA intermediate under it. */
export async function createTestPki(
  options: { name?: string; rootKeyType?: TestKeyType } = {},
): Promise<TestPki> {
  const name = options.name ?? "Domain Intel Test";
  const root = await createCertificate({
    commonName: `${name} Root`,
    keyType: options.rootKeyType ?? "rsa",
    ca: true,
    notBefore: daysFromNow(-365),
    notAfter: daysFromNow(3650),
  });
  const intermediate = await createCertificate({
    commonName: `${name} Intermediate`,
    issuer: root,
    ca: true,
    notBefore: daysFromNow(-365),
    notAfter: daysFromNow(1825),
  });
  return {
    root,
    intermediate,
    issueLeaf: async (leaf) => {
      const certificate = await createCertificate({ ...leaf, issuer: intermediate });
      return { ...certificate, chainPem: certificate.certPem + intermediate.certPem };
    },
  };
}
