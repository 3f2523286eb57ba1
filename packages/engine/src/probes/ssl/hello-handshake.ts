import { clientHello, sslVersion } from "../../protocols/tls/client-hello.js";
import { exchangeHello } from "../../protocols/tls/raw-hello.js";
import type { ServerHelloAnswer } from "../../protocols/tls/server-answer.js";
import { legacySuites, suiteNamed, tls13Suites } from "../../protocols/tls/suite-table.js";
import type { HandshakeOutcome } from "./handshake.js";

/** Protocol versions as Node's getProtocol() names them. */
export const versionNames: Record<number, string> = {
  768: "SSLv3",
  769: "TLSv1",
  770: "TLSv1.1",
  771: "TLSv1.2",
  772: "TLSv1.3",
};

/** The suite as Node's getCipher() describes it: names, and the version that defined it. */
export function cipherOf(code: number) {
  const hex = `0x${code.toString(16).padStart(4, "0")}`;
  const { name, standardName } = suiteNamed(code) ?? { name: hex, standardName: hex };
  const legacy = legacySuites.find((suite) => suite.code === code);
  const version = tls13Suites.some((suite) => suite.code === code)
    ? "TLSv1.3"
    : legacy?.tls12
      ? "TLSv1.2"
      : legacy?.keyExchange === "ECDHE"
        ? "TLSv1"
        : "SSLv3";
  return { name, standardName, version };
}

/**
 * When OpenSSL cannot complete a handshake with a server (it accepts only suites OpenSSL no
 * longer builds, or sends a chain larger than OpenSSL reads), the server may still speak TLS:
 * a hand-written TLS 1.2 hello offering every suite, with status_request and ALPN, is read to
 * the ServerHelloDone, whose Certificate message (and CertificateStatus) travel in clear before
 * TLS 1.3. The certificates are read by the probe's own DER reader and trusted or not by its
 * own verification (`verifyChain`). A server that speaks only TLS 1.3 sends them encrypted:
 * then only its ServerHello is known. Undefined: it did not answer TLS at all.
 */
export async function helloHandshake(options: {
  address: string;
  port: number;
  servername: string;
  allowPrivateAddresses: boolean;
  timeoutMs: number;
  signal: AbortSignal;
  /** Why the TLS client failed, kept with the answer. */
  clientFailure: { reason: string; errorCode: string };
}): Promise<Extract<HandshakeOutcome, { ok: true }> | undefined> {
  const exchange = (hello: Buffer) => exchangeHello({ ...options, hello, until: "flight" });
  const legacy = await exchange(
    clientHello({
      version: sslVersion["TLSv1.2"],
      suites: legacySuites.map((suite) => suite.code),
      servername: options.servername,
      statusRequest: true,
      alpn: ["h2", "http/1.1"],
    }),
  );
  if (legacy.ok && legacy.answer.kind === "hello" && !legacy.answer.retry) {
    return outcomeOf(legacy.answer, options.clientFailure);
  }
  const modern = await exchange(
    clientHello({
      version: sslVersion["TLSv1.3"],
      suites: tls13Suites.map((suite) => suite.code),
      servername: options.servername,
      keyShare: true,
      alpn: ["h2", "http/1.1"],
    }),
  );
  if (modern.ok && modern.answer.kind === "hello") {
    return outcomeOf(modern.answer, options.clientFailure);
  }
  return undefined;
}

function outcomeOf(
  answer: ServerHelloAnswer,
  clientFailure: { reason: string; errorCode: string },
): Extract<HandshakeOutcome, { ok: true }> {
  return {
    ok: true,
    via: "hello",
    protocol: versionNames[answer.version] ?? `0x${answer.version.toString(16)}`,
    cipher: cipherOf(answer.suite),
    alpn: answer.alpn,
    authorized: null,
    authorizationError: null,
    sent: answer.flight?.certificates ?? [],
    ocspResponse: answer.flight?.ocspResponse ?? null,
    clientFailure,
  };
}
