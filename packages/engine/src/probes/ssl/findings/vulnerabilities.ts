import type { Finding } from "../../../contract/finding.js";
import type { SslEndpoint } from "../data/endpoint-schema.js";
import type { SslVulnerabilities } from "../data/vulnerabilities-schema.js";
import { finding, notScannedWhy, type SslFindingId, type SslFindingsInput } from "./finding.js";

type Verdict = { status: "pass" | "info" | "warn" | "fail" | "skipped"; message: string };

/** Each weakness: its id, and the verdict on one address's answers. */
const checks: readonly {
  id: SslFindingId;
  judge(vulnerabilities: SslVulnerabilities, endpoint: SslEndpoint): Verdict;
}[] = [
  {
    id: "ssl.vuln.fallback-scsv",
    judge: ({ fallbackScsv }) =>
      fallbackScsv === "ignored"
        ? {
            status: "fail",
            message:
              "The server accepts a hello marked as a fallback (TLS_FALLBACK_SCSV, RFC 7507) below the best version it accepts: an attacker who breaks the first handshakes can downgrade clients.",
          }
        : fallbackScsv === "honoured"
          ? {
              status: "pass",
              message:
                "The server refuses a hello marked as a fallback (TLS_FALLBACK_SCSV, RFC 7507) with inappropriate_fallback.",
            }
          : fallbackScsv === "not-applicable"
            ? {
                status: "pass",
                message:
                  "The server accepts one protocol version: there is nothing to fall back to.",
              }
            : {
                status: "skipped",
                message: "Not checked: the fallback hello got no clear answer.",
              },
  },
  {
    id: "ssl.vuln.compression",
    judge: ({ compression }) =>
      compression === true
        ? {
            status: "fail",
            message:
              "The server compresses TLS records (DEFLATE): secrets in requests can be recovered from the compressed sizes (CRIME).",
          }
        : compression === false
          ? { status: "pass", message: "The server does not compress TLS records (CRIME)." }
          : {
              status: "skipped",
              message: "Not checked: the hello offering compression got no answer.",
            },
  },
  {
    id: "ssl.vuln.heartbleed",
    judge: ({ heartbleed, heartbeat }) =>
      heartbleed === true
        ? {
            status: "fail",
            message:
              "The server answers a heartbeat request with more bytes than it was sent: its memory (keys, passwords, cookies) leaks to anyone (Heartbleed, CVE-2014-0160).",
          }
        : heartbleed === false
          ? {
              status: "pass",
              message: heartbeat
                ? "The server discards a heartbeat request that claims more than it carries (Heartbleed, CVE-2014-0160)."
                : "The server does not agree to TLS heartbeats: not open to Heartbleed (CVE-2014-0160).",
            }
          : { status: "skipped", message: "Not checked: the heartbeat hello got no answer." },
  },
  {
    id: "ssl.vuln.ccs-injection",
    judge: ({ ccsInjection }) =>
      ccsInjection === true
        ? {
            status: "fail",
            message:
              "The server takes a ChangeCipherSpec before the key exchange: a man in the middle can make both sides use keys it knows (CCS injection, CVE-2014-0224).",
          }
        : ccsInjection === false
          ? {
              status: "pass",
              message:
                "The server refuses a ChangeCipherSpec sent before the key exchange (CCS injection, CVE-2014-0224).",
            }
          : {
              status: "skipped",
              message: "Not checked: the early ChangeCipherSpec got no clear answer.",
            },
  },
  {
    id: "ssl.vuln.renegotiation",
    judge: ({ clientRenegotiation }, { configuration }) => {
      const secure = configuration?.secureRenegotiation;
      if (secure === false) {
        return {
          status: "warn",
          message:
            "The server does not support secure renegotiation (RFC 5746): if it renegotiates at all, an attacker can splice requests into a client's session (CVE-2009-3555).",
        };
      }
      if (clientRenegotiation === true) {
        return {
          status: "warn",
          message:
            "The server renegotiates when a client asks: each renegotiation costs it a public-key operation, a cheap denial of service (CVE-2011-1473).",
        };
      }
      if (clientRenegotiation === false) {
        return {
          status: "pass",
          message:
            secure === true
              ? "The server supports secure renegotiation (RFC 5746) and refuses renegotiation started by a client."
              : "The server refuses renegotiation started by a client (TLS 1.3 has none).",
        };
      }
      return { status: "skipped", message: "Not checked: no handshake to renegotiate on." };
    },
  },
  {
    id: "ssl.vuln.zero-rtt",
    judge: ({ resumption }) => {
      const size = resumption?.maxEarlyData ?? null;
      if (size === null) {
        return { status: "skipped", message: "Not checked: no TLS 1.3 session was had." };
      }
      return size > 0
        ? {
            status: "info",
            message: `The server takes 0-RTT early data (up to ${size} bytes a ticket): an attacker can replay it, so the application must accept only requests that are safe to repeat there (RFC 8446 8, RFC 8470).`,
          }
        : { status: "pass", message: "The server takes no 0-RTT early data." };
    },
  },
  {
    id: "ssl.session.resumption",
    judge: ({ resumption }) => {
      const kinds = [
        ["session id", resumption?.sessionId],
        ["session ticket", resumption?.ticket],
        ["TLS 1.3 ticket", resumption?.tls13],
      ] as const;
      const resumed = kinds.filter(([, value]) => value === true).map(([name]) => name);
      if (resumed.length > 0) {
        return { status: "pass", message: `The server resumes sessions (${resumed.join(", ")}).` };
      }
      return kinds.some(([, value]) => value === false)
        ? {
            status: "info",
            message:
              "The server resumes no session: every connection of a returning client pays a full handshake.",
          }
        : { status: "skipped", message: "Not checked: no handshake was had to resume." };
    },
  },
];

const badness = { fail: 4, warn: 3, info: 2, skipped: 1, pass: 0 } as const;

/** Every weakness finding: the worst address's verdict, which `details.address` names. */
export function vulnerabilityFindings(input: SslFindingsInput): Finding[] {
  const scanned = input.data.endpoints.filter(
    (endpoint): endpoint is SslEndpoint & { vulnerabilities: SslVulnerabilities } =>
      endpoint.vulnerabilities !== null,
  );
  return checks.map(({ id, judge }) => {
    let worst: { address: string; verdict: Verdict } | undefined;
    for (const endpoint of scanned) {
      const verdict = judge(endpoint.vulnerabilities, endpoint);
      if (!worst || badness[verdict.status] > badness[worst.verdict.status]) {
        worst = { address: endpoint.address, verdict };
      }
    }
    if (!worst) return finding(id, "skipped", `Not checked: ${notScannedWhy(input)}.`);
    const at = scanned.length > 1 ? `At ${worst.address}: ` : "";
    return finding(id, worst.verdict.status, `${at}${worst.verdict.message}`, {
      address: worst.address,
    });
  });
}
