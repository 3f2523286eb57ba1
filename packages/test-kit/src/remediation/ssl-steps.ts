import { constants } from "node:crypto";
import type { ProofStep } from "./fix-proof.js";
import type { SslCertificateSpec, SslWorld } from "./ssl-world.js";

/**
 * Steps of the ssl section's remediations in words, applied to the servers that stand for the
 * site as its operator would: each applier names what the step must say, and reads what it
 * needs (names, key, hash, lifetime, option names) from the step's own text.
 */
export type SslStep = ProofStep<readonly SslWorld[]>;

const each =
  (change: (world: SslWorld, step: string) => SslWorld) =>
  (addresses: readonly SslWorld[], step: string) =>
    addresses.map((world) => change(world, step));

function matched(step: string, pattern: RegExp, what: string): RegExpMatchArray {
  const match = step.match(pattern);
  if (!match) throw new Error(`the step names no ${what}: ${step}`);
  return match;
}

/** The certificate a "new certificate" step describes, issued by the test CA with its chain. */
export function certificateOfStep(step: string): SslCertificateSpec {
  const names = matched(step, /\(subjectAltName ((?:DNS:[^,)\s]+(?:, )?)+)\)/, "names")[1]!
    .split(", ")
    .map((name) => name.replace(/^DNS:/, ""));
  const ec = /\bECDSA P-256 key\b/.test(step);
  const rsa = step.match(/\bRSA of at least (\d+) bits\b/);
  if (!ec && !rsa) throw new Error(`the step names no key: ${step}`);
  const hash = matched(step, /\bsigned with (SHA-256|SHA-384)\b/, "signature hash")[1] as
    | "SHA-256"
    | "SHA-384";
  const days = Number(matched(step, /\bvalid (\d+) days\b/, "lifetime")[1]);
  matched(step, /\bwith its intermediates, leaf first\b/, "chain");
  return {
    leaf: {
      subjectAltNames: names,
      ...(ec ? { keyType: "ec" } : { keyType: "rsa", rsaBits: Number(rsa![1]) }),
      signatureHash: hash,
      notBefore: new Date(Date.now() - 60_000),
      notAfter: new Date(Date.now() + days * 86_400_000),
      mustStaple: /\bmust-staple\b/.test(step),
    },
    signer: "test-ca",
    chain: "full",
  };
}

/** Issue the certificate the step describes; a staple of the old one no longer applies. */
export const issueAsStated: SslStep = {
  says: /^Issue a new certificate for /,
  apply: each(({ staple: _old, ...world }, step) => ({
    ...world,
    certificate: certificateOfStep(step),
  })),
};

/** Serve the CA's chain after the leaf, in order. */
export const serveFullChain: SslStep = {
  says: /full chain the CA delivered, leaf first then each intermediate/,
  apply: each((world) => ({ ...world, certificate: { ...world.certificate, chain: "full" } })),
};

/** Serve the CA's current issue of the intermediate in place of the expired one. */
export const serveCurrentIntermediate: SslStep = {
  says: /CA's current intermediate .* in place of the old one/,
  apply: each((world) => ({
    ...world,
    certificate: { ...world.certificate, expiredIntermediate: false },
  })),
};

/** Staple the CA's OCSP response for the certificate served. */
export const stapleOcsp: SslStep = {
  says: /ssl_stapling on/,
  apply: each((world) => ({ ...world, staple: "good" })),
};

/** The TLS library the distribution ships today: OpenSSL as Node links it, no old front. */
export const upgradeLibrary: SslStep = {
  says: /^(Install the TLS library your distribution ships today|Upgrade the server's TLS library)/,
  apply: each(({ oldLibrary: _old, ...world }) => world),
};

/** The OpenSSL options (SSL_OP_...) the step names, set on the server. */
export const setOpensslOptions: SslStep = {
  says: /\bSSL_OP_[A-Z_]+\b/,
  apply: each((world, step) => {
    const names = step.match(/\bSSL_OP_[A-Z_]+\b/g) ?? [];
    const flags = names.map((name) => {
      const flag = (constants as unknown as Record<string, number | undefined>)[name];
      if (flag === undefined) throw new Error(`OpenSSL here has no ${name}`);
      return flag;
    });
    const secureOptions = flags.reduce((all, flag) => all | flag, world.server.secureOptions ?? 0);
    return { ...world, server: { ...world.server, secureOptions } };
  }),
};

/** TLS on the port, where nothing spoke it. */
export const listenWithTls: SslStep = {
  says: /listens with TLS on port 443 at each of the domain's addresses/,
  apply: each((world) => ({ ...world, tls: true })),
};

/** Every address served as the first one is. */
export const configureAlike: SslStep = {
  says: /give each the same certificate and TLS settings/,
  apply: (addresses) => addresses.map(() => addresses[0]!),
};
