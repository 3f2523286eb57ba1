import type { Finding } from "../../../contract/finding.js";
import type { SslEndpoint } from "../data/endpoint-schema.js";
import type { SslVulnerabilities } from "../data/vulnerabilities-schema.js";
import { finding, notScannedWhy, type SslFindingId, type SslFindingsInput } from "./finding.js";

type Verdict = { status: "pass" | "fail" | "skipped"; message: string };

/** Each weakness: its id, and the verdict on one address's answers. */
const checks: readonly {
  id: SslFindingId;
  judge(vulnerabilities: SslVulnerabilities): Verdict;
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
];

const badness = { fail: 2, skipped: 1, pass: 0 } as const;

/** Every weakness finding: the worst address's verdict, which `details.address` names. */
export function vulnerabilityFindings(input: SslFindingsInput): Finding[] {
  const scanned = input.data.endpoints.filter(
    (endpoint): endpoint is SslEndpoint & { vulnerabilities: SslVulnerabilities } =>
      endpoint.vulnerabilities !== null,
  );
  return checks.map(({ id, judge }) => {
    let worst: { address: string; verdict: Verdict } | undefined;
    for (const endpoint of scanned) {
      const verdict = judge(endpoint.vulnerabilities);
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
