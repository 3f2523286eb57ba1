import { ProbeError } from "../../contract/probe.js";
import {
  describeCertificate,
  describeChainCertificate,
  matchHostname,
} from "../../protocols/x509/certificate.js";
import type {
  SslCertificate,
  SslChainCertificate,
} from "../../protocols/x509/certificate-types.js";
import { type ChainPath, followChain } from "../../protocols/x509/chain-path.js";
import type { TrustAnchors } from "../../protocols/x509/trust-store.js";
import type { HandshakeOutcome } from "./handshake.js";

export interface HandshakeReading {
  certificate: SslCertificate | null;
  chain: SslChainCertificate[];
  chainPath: ChainPath | null;
  hostname: { match: boolean; commonNameOnly: boolean } | null;
}

/**
 * Describes what a completed handshake showed: the leaf, every certificate as sent, how they
 * link up, and whether the leaf names the domain. A certificate Node cannot describe is a bug
 * here or in Node, reported as ProbeError("internal") rather than as a fact about the domain.
 */
export function readHandshake(options: {
  outcome: Extract<HandshakeOutcome, { ok: true }>;
  domain: string;
  anchors: TrustAnchors;
  now: number;
}): HandshakeReading {
  const { outcome, domain, anchors, now } = options;
  const [leaf] = outcome.sent;
  if (!leaf) return { certificate: null, chain: [], chainPath: null, hostname: null };
  try {
    return {
      certificate: describeCertificate({ certificate: leaf, now }),
      chain: outcome.sent.map((certificate) => describeChainCertificate({ certificate })),
      chainPath: followChain({ sent: outcome.sent, anchors }),
      hostname: matchHostname({ certificate: leaf, hostname: domain }),
    };
  } catch (error) {
    throw new ProbeError("internal", "Reading the server's certificate failed.", { cause: error });
  }
}
