import type { Finding } from "../../../contract/finding.js";
import type { SslChainCertificate } from "../../../protocols/x509/certificate-types.js";
import { type CertificateFindingsInput, finding, plural } from "./finding.js";

const subjects = (entries: readonly (SslChainCertificate | undefined)[]) =>
  entries.map((entry) => entry?.subject.dn ?? "?");

export function incompleteFinding(input: CertificateFindingsInput): Finding {
  const { chainPath, certificate, data } = input;
  if (!chainPath) {
    return finding("ssl.chain.incomplete", "skipped", "Not checked: no chain was read.");
  }
  if (certificate.selfSigned) {
    return finding(
      "ssl.chain.incomplete",
      "skipped",
      "Not applicable: the certificate is self-signed, there is no chain.",
    );
  }
  const last = data.chain[chainPath.path.at(-1)!];
  const details = {
    sent: data.chain.length,
    path: subjects(chainPath.path.map((index) => data.chain[index])),
    end: chainPath.end,
    endIssuer: chainPath.endIssuer,
  };
  if (chainPath.end === "self-signed") {
    return finding(
      "ssl.chain.incomplete",
      "pass",
      `The server sends its whole chain, up to the root ${last?.subject.dn}.`,
      details,
    );
  }
  if (chainPath.end === "trusted-issuer") {
    return finding(
      "ssl.chain.incomplete",
      "pass",
      `The server sends every certificate needed: the last one is issued by the trusted root ${chainPath.endIssuer}.`,
      details,
    );
  }
  if (chainPath.path.length === 1) {
    return finding(
      "ssl.chain.incomplete",
      "fail",
      `The server sends its certificate without the intermediate that issued it (${chainPath.endIssuer}); browsers may fetch it, but most other clients (curl, Node, Java, mobile apps) fail.`,
      details,
    );
  }
  // A CA certificate with an unknown issuer: a root this probe does not trust, or a missing
  // intermediate. Telling them apart would mean fetching from caIssuerUrls; trust says the rest.
  return finding(
    "ssl.chain.incomplete",
    "info",
    `The chain the server sends ends at ${last?.subject.dn}, whose issuer ${chainPath.endIssuer} was neither sent nor found among the trusted roots: either that root is not trusted (see ssl.cert.untrusted) or an intermediate is missing.`,
    details,
  );
}

export function orderFinding({ chainPath, data }: CertificateFindingsInput): Finding {
  if (!chainPath || chainPath.ordered) {
    return finding(
      "ssl.chain.order",
      "pass",
      data.chain.length > 1
        ? "The server sends its certificates in issuing order, leaf first."
        : "The server sends a single certificate.",
    );
  }
  const sent = subjects(data.chain);
  const path = subjects(chainPath.path.map((index) => data.chain[index]));
  return finding(
    "ssl.chain.order",
    "warn",
    `The server sends its certificates out of order (${sent.join(", ")}); each should be followed by its issuer (${path.join(" → ")}). TLS 1.2 requires the order and some clients fail without it.`,
    { sent, path },
  );
}

export function unrelatedFinding({ chainPath, data }: CertificateFindingsInput): Finding {
  const unused = chainPath?.unused ?? [];
  if (unused.length === 0) {
    return finding(
      "ssl.chain.unrelated",
      "pass",
      "Every certificate the server sends is part of its chain.",
    );
  }
  const sent = subjects(data.chain);
  const extra = unused.map((index) => {
    const dn = sent[index]!;
    // The same certificate earlier in the list: a duplicate rather than an unrelated one.
    const duplicate = data.chain
      .slice(0, index)
      .some((entry) => entry.fingerprint256 === data.chain[index]?.fingerprint256);
    return duplicate ? `${dn} (duplicate)` : dn;
  });
  return finding(
    "ssl.chain.unrelated",
    "info",
    `The server sends ${plural(unused.length, "certificate")} not part of its chain (${extra.join(", ")}); it only adds bytes to every handshake.`,
    { unrelated: extra },
  );
}

export function containsAnchorFinding({ chainPath, data }: CertificateFindingsInput): Finding {
  const root = chainPath && chainPath.end === "self-signed" && chainPath.path.length > 1;
  if (!root) {
    return finding("ssl.chain.contains-anchor", "pass", "The server does not send a root.");
  }
  const dn = data.chain[chainPath.path.at(-1)!]?.subject.dn;
  return finding(
    "ssl.chain.contains-anchor",
    "info",
    `The server sends the root ${dn}; clients use their own copy, so it only adds bytes to every handshake.`,
    { root: dn },
  );
}

export function chainExpiredFinding({ chainPath, data, now }: CertificateFindingsInput): Finding {
  const issuers = (chainPath?.path.slice(1) ?? [])
    .map((index) => data.chain[index])
    .filter((entry) => entry !== undefined);
  const invalid = issuers.filter(
    (entry) => Date.parse(entry.notAfter) <= now || Date.parse(entry.notBefore) > now,
  );
  if (invalid.length > 0) {
    const listed = invalid.map((entry) => ({
      subject: entry.subject.dn,
      notBefore: entry.notBefore,
      notAfter: entry.notAfter,
    }));
    const text = listed
      .map((entry) =>
        Date.parse(entry.notAfter) <= now
          ? `${entry.subject} expired on ${entry.notAfter}`
          : `${entry.subject} is not valid before ${entry.notBefore}`,
      )
      .join("; ");
    return finding(
      "ssl.chain.expired",
      "warn",
      `An issuer certificate the server sends is outside its validity (${text}); clients that cannot build another path to a root reject the chain.`,
      { invalid: listed },
    );
  }
  return finding(
    "ssl.chain.expired",
    "pass",
    issuers.length > 0
      ? "Every issuer certificate the server sends is within its validity."
      : "The server sends no issuer certificates.",
  );
}
