import { X509Certificate } from "node:crypto";
import { once } from "node:events";
import type net from "node:net";
import type { AddressInfo } from "node:net";
import tls from "node:tls";
import { unusedPort } from "../http/web-peers.js";
import {
  createCertificate,
  daysFromNow,
  type TestCertificate,
  type TestCertificateOptions,
  type TestPki,
} from "../tls/certificates.js";
import { startHelloResponder } from "../tls/hello-responder.js";
import { createOcspResponse } from "../tls/revocation.js";

/** The certificate a broken server sends, and the chain after it. */
export interface SslCertificateSpec {
  /** Leaf options over the default: RSA 2048 for the domain, 90 days, SHA-256. */
  readonly leaf?: Partial<Omit<TestCertificateOptions, "issuer" | "ca" | "commonName">>;
  /** Who signs the leaf: the test CA (default), the leaf itself, or a CA nobody trusts. */
  readonly signer?: "test-ca" | "self" | "unknown-ca";
  /** What follows the leaf: the CA's chain in order (default), nothing, or the chain reversed. */
  readonly chain?: "full" | "leaf-only" | "reversed";
  /** The leaf is signed by a second intermediate under the CA's (so a chain can be out of order). */
  readonly deep?: boolean;
  /** The intermediate sent is an expired issue of the CA's (same key and name). */
  readonly expiredIntermediate?: boolean;
}

/**
 * An old TLS library, simulated on the wire in front of the real server: it answers TLS 1.2
 * hellos offering ECDHE-RSA-AES128-GCM-SHA256 itself, TLS_FALLBACK_SCSV or not (RFC 7507
 * unknown to it), with the bugs set here; every other hello goes on to the real server.
 */
export interface OldLibrary {
  readonly heartbleed?: boolean;
  readonly earlyCcs?: boolean;
  /** Picks DEFLATE when a hello offers it (CRIME). */
  readonly compression?: boolean;
}

/** One address of `secure.test`: what listens on the scanned port and how. */
export interface SslWorld {
  /** node:tls server options: versions, suites, groups, secureOptions. */
  readonly server: Readonly<tls.TlsOptions>;
  readonly certificate?: SslCertificateSpec;
  /** The OCSP response the server staples, from the test CA. */
  readonly staple?: "good" | "revoked";
  readonly oldLibrary?: OldLibrary;
  /** false: nothing listens on the port (connections refused). */
  readonly tls?: boolean;
}

export interface ServedWorld {
  readonly port: number;
  close(): Promise<void>;
}

/** The chain a spec describes: the key, the PEM the server sends, and the leaf. */
async function chainOf(pki: TestPki, domain: string, spec: SslCertificateSpec = {}) {
  const leafOptions = {
    commonName: domain,
    subjectAltNames: [domain],
    keyType: "rsa" as const,
    ...spec.leaf,
  };
  if (spec.signer === "self") {
    const leaf = await createCertificate(leafOptions);
    return { leaf, chain: [leaf] };
  }
  const ca =
    spec.signer === "unknown-ca"
      ? await createCertificate({ commonName: "Nobody Trusts Me CA", ca: true })
      : pki.intermediate;
  const intermediate: TestCertificate = spec.expiredIntermediate
    ? await createCertificate({
        commonName: ca.subject.replace(/^CN=/, ""),
        ca: true,
        issuer: pki.root,
        keys: ca.keys,
        keyType: ca.keyType,
        notBefore: daysFromNow(-400),
        notAfter: daysFromNow(-5),
      })
    : ca;
  const issuers = spec.deep
    ? [await createCertificate({ commonName: "Fix Proof Issuing CA", ca: true, issuer: ca }), ca]
    : [intermediate];
  const leaf = await createCertificate({ ...leafOptions, issuer: issuers[0]! });
  const sent =
    spec.chain === "leaf-only" ? [] : spec.chain === "reversed" ? [...issuers].reverse() : issuers;
  return { leaf, chain: [leaf, ...sent] };
}

type Chain = Awaited<ReturnType<typeof chainOf>>;

/**
 * Serves `world` at `host` (port 0: any free one), for `domain`, with the test CA's chain.
 * Addresses served with one `chains` map and the same certificate spec send the same chain.
 */
export async function serveWorld(
  world: SslWorld,
  options: {
    pki: TestPki;
    domain: string;
    host: string;
    port: number;
    chains: Map<string, Promise<Chain>>;
  },
): Promise<ServedWorld> {
  const { pki, domain, host, chains } = options;
  if (world.tls === false)
    return { port: options.port || (await unusedPort()), close: async () => undefined };
  const key = JSON.stringify(world.certificate ?? {});
  if (!chains.has(key)) chains.set(key, chainOf(pki, domain, world.certificate));
  const { leaf, chain } = await chains.get(key)!;
  const server = tls.createServer({
    ...world.server,
    key: leaf.keyPem,
    cert: chain.map((certificate) => certificate.certPem).join(""),
  });
  const sockets = new Set<net.Socket>();
  server.on("connection", (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
  });
  server.on("tlsClientError", () => undefined);
  if (world.staple) {
    const response = await createOcspResponse({
      issuer: pki.intermediate,
      certificate: leaf,
      ...(world.staple === "revoked"
        ? { revoked: { revokedAt: daysFromNow(-1), reason: "keyCompromise" as const } }
        : {}),
    });
    server.on("OCSPRequest", (_certificate, _issuer, callback) => callback(null, response));
  }
  const front = world.oldLibrary;
  server.listen(front ? 0 : options.port, front ? "127.0.0.1" : host);
  await once(server, "listening");
  const closeTls = async () => {
    for (const socket of sockets) socket.destroy();
    await closeServer(server);
  };
  if (!front) return { port: (server.address() as AddressInfo).port, close: closeTls };
  // An old library in front: it answers what it gets wrong, and relays the rest to OpenSSL.
  const bugs = { heartbleed: front.heartbleed, earlyCcs: front.earlyCcs };
  const buggy = Boolean(front.heartbleed || front.earlyCcs);
  const responder = await startHelloResponder({
    versions: [0x0303],
    renegotiationInfo: true,
    suites: [0xc02f],
    ...(front.compression ? { compression: true } : {}),
    ...(buggy
      ? {
          bugs: Object.fromEntries(Object.entries(bugs).filter(([, on]) => on)),
          // The chain in clear, as a TLS 1.2 server sends it: the certificate is read and trusted.
          flight: { certificates: chain.map(({ certPem }) => new X509Certificate(certPem).raw) },
        }
      : {}),
    relayPort: (server.address() as AddressInfo).port,
    host,
    port: options.port,
  });
  return {
    port: responder.port,
    close: async () => {
      await responder.close();
      await closeTls();
    },
  };
}

function closeServer(server: net.Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}
