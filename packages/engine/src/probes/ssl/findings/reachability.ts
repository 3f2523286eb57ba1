import type { Finding, FindingStatus } from "../../../contract/finding.js";
import type { SslEndpoint, SslUnreachableReason } from "../data/endpoint-schema.js";
import { finding, plural, type SslFindingsInput } from "./finding.js";

const unreachableText: Record<SslUnreachableReason, string> = {
  no_address: "has no A or AAAA record, so there is no TLS service to check",
  blocked_address:
    "resolves only to private, loopback or other non-public addresses, which this service does not connect to",
  refused: "refused the connection: nothing is listening",
  unreachable: "could not be reached: no route to the address",
  timeout: "did not complete a TLS handshake in time",
  reset: "closed the connection before the TLS handshake completed",
  no_tls: "answered, but not with TLS",
  handshake_failed: "speaks TLS, but the handshake failed",
  error: "could not be probed",
};

// What ran out of time, by the code the handshake gave (handshake.ts, stepTimeoutCodes).
const timeoutText: Record<string, string> = {
  ETIMEDOUT: "did not accept the TCP connection",
  ERR_TLS_HANDSHAKE_TIMEOUT: "accepted the TCP connection but did not complete a TLS handshake",
};

function unreachableMessage(input: SslFindingsInput, reason: SslUnreachableReason): string {
  const during = input.data.errorCode ? timeoutText[input.data.errorCode] : undefined;
  if (reason !== "timeout" || !during) return unreachableText[reason];
  return input.timeoutMs === undefined
    ? `${during} in time`
    : `${during} within ${input.timeoutMs} ms`;
}

// Why OpenSSL's client gave up, by its error code; others are shown as the code.
const clientFailureTexts: Record<string, string> = {
  ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE: "no protocol version or suite in common",
  ERR_SSL_NO_CIPHERS_AVAILABLE: "no suite in common",
  ERR_SSL_NO_SHARED_CIPHER: "no suite in common",
  ERR_SSL_UNSUPPORTED_PROTOCOL: "no protocol version in common",
  ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION: "no protocol version in common",
  ERR_SSL_EXCESSIVE_MESSAGE_SIZE: "its certificates exceed the 100 KB OpenSSL reads",
  ECONNRESET: "the connection was reset at OpenSSL's hello",
};

function clientFailureText(errorCode: string): string {
  const text = clientFailureTexts[errorCode];
  return text ? `${text}, ${errorCode}` : errorCode;
}

const attempted = (endpoint: SslEndpoint) =>
  endpoint.reason !== "blocked_address" && endpoint.reason !== "not_probed";

const failureOf = (endpoint: SslEndpoint) => ({
  address: endpoint.address,
  reason: endpoint.reason,
  errorCode: endpoint.errorCode,
});

/** What the budget left undone: the addresses not tried, said and listed. */
function notTriedOf(input: SslFindingsInput) {
  const notTried = input.notTried ?? [];
  if (notTried.length === 0) return { text: "", details: {} };
  const probed = input.data.endpoints.filter(
    (endpoint) => attempted(endpoint) || notTried.includes(endpoint.address),
  ).length;
  return {
    text: ` ${notTried.length} of ${plural(probed, "address", "addresses")} were not tried: the time budget ran out first.`,
    details: { notTried: [...notTried] },
  };
}

export function unreachableFinding(input: SslFindingsInput): Finding {
  const { domain, data } = input;
  const target = data.address ? `${data.address}:${data.port}` : `port ${data.port}`;
  const tried = data.endpoints.filter(attempted);
  const failed = tried.filter((endpoint) => !endpoint.reachable);
  const untried = notTriedOf(input);

  if (data.reachable) {
    const details = { address: data.address, port: data.port, ...untried.details };
    const clientless = data.endpoints.filter((endpoint) => endpoint.clientFailure);
    if (clientless.length > 0) {
      const list = clientless.map(
        (endpoint) =>
          `${endpoint.address} (${clientFailureText(endpoint.clientFailure!.errorCode)})`,
      );
      return finding(
        "ssl.unreachable",
        "warn",
        `${domain} answers TLS, but OpenSSL 3 (a current TLS client) cannot complete a handshake with ${plural(clientless.length, "address", "addresses")}: ${list.join(", ")}; what is reported there was read from hand-written hellos.`,
        {
          ...details,
          clientFailures: clientless.map((endpoint) => ({
            address: endpoint.address,
            ...endpoint.clientFailure,
          })),
        },
      );
    }
    if (failed.length > 0) {
      const list = failed.map((endpoint) => `${endpoint.address} (${endpoint.reason})`);
      return finding(
        "ssl.unreachable",
        "warn",
        `A TLS handshake with ${target} succeeded, but ${failed.length} of ${plural(tried.length, "address", "addresses")} of ${domain} did not complete one: ${list.join(", ")}.${untried.text}`,
        { ...details, failed: failed.map(failureOf) },
      );
    }
    const others = tried.length - 1;
    const otherAddresses = others === 1 ? "the other address" : `the other ${others} addresses`;
    const also = others > 0 ? `, and with ${otherAddresses} of ${domain}` : "";
    return finding(
      "ssl.unreachable",
      "pass",
      `A TLS handshake with ${target} succeeded${also}.${untried.text}`,
      details,
    );
  }

  const reason = data.reason ?? "error";
  const status: FindingStatus =
    reason === "no_address" ? "info" : reason === "blocked_address" ? "skipped" : "fail";
  const who = data.address ? `${domain} (${target})` : domain;
  const more =
    failed.length > 1 ? ` None of its ${failed.length} addresses completed a handshake.` : "";
  const message = `${who} ${unreachableMessage(input, reason)}.${more}${untried.text}`;
  return finding("ssl.unreachable", status, message, {
    reason,
    errorCode: data.errorCode,
    address: data.address,
    port: data.port,
    ...(input.timeoutMs === undefined ? {} : { timeoutMs: input.timeoutMs }),
    ...(input.refusedAddresses ? { refusedAddresses: [...input.refusedAddresses] } : {}),
    ...(failed.length > 1 ? { failed: failed.map(failureOf) } : {}),
    ...untried.details,
  });
}

const compared = ["fingerprint256", "trusted", "hostnameMatch", "protocol", "ocspStapled"] as const;
const comparedText: Record<(typeof compared)[number], string> = {
  fingerprint256: "certificate",
  trusted: "trust",
  hostnameMatch: "host name match",
  protocol: "protocol",
  ocspStapled: "OCSP stapling",
};

export function endpointsFinding({ data }: SslFindingsInput): Finding {
  const reachable = data.endpoints.filter((endpoint) => endpoint.reachable);
  if (reachable.length < 2) {
    return finding(
      "ssl.endpoints.inconsistent",
      "skipped",
      `Not checked: ${reachable.length === 1 ? "only one address" : "no address"} completed a TLS handshake.`,
    );
  }
  const differing = compared.filter(
    (key) => new Set(reachable.map((endpoint) => endpoint[key])).size > 1,
  );
  if (differing.length === 0) {
    return finding(
      "ssl.endpoints.inconsistent",
      "pass",
      `${reachable.length === 2 ? "Both" : `All ${reachable.length}`} addresses present the same certificate and TLS setup.`,
    );
  }
  return finding(
    "ssl.endpoints.inconsistent",
    "warn",
    `The ${reachable.length} addresses differ in ${differing.map((key) => comparedText[key]).join(", ")}; the other fields describe ${data.address} only.`,
    {
      differing,
      endpoints: reachable.map((endpoint) => ({
        address: endpoint.address,
        fingerprint256: endpoint.fingerprint256,
        trusted: endpoint.trusted,
        hostnameMatch: endpoint.hostnameMatch,
        protocol: endpoint.protocol,
        ocspStapled: endpoint.ocspStapled,
      })),
    },
  );
}
