import type { Finding } from "../../../contract/finding.js";
import type { ScannedSuite, SslConfiguration } from "../data/configuration-schema.js";
import {
  finding,
  notScannedWhy,
  plural,
  type SslFindingId,
  type SslFindingsInput,
} from "./finding.js";

/** The configuration scan's checks, in sslFindingIds order. */
export function configurationFindings(input: SslFindingsInput): Finding[] {
  const configuration = input.data.configuration;
  if (!configuration) {
    const why = notScannedWhy(input);
    return configurationIds.map((id) => finding(id, "skipped", `Not checked: ${why}.`));
  }
  const scanned = input.data.endpoints.flatMap((endpoint) =>
    endpoint.configuration ? [endpoint.configuration] : [],
  );
  const each = scanned.length > 0 ? scanned : [configuration];
  return checks.map((check) => worstOf(each.map(check), each));
}

const checks = [legacyFinding, tls13Finding, weakCiphersFinding, forwardSecrecyFinding];
const badness: Record<Finding["status"], number> = {
  fail: 4,
  warn: 3,
  skipped: 2,
  info: 1,
  pass: 0,
};

/**
 * One check over every address scanned: the worst address's verdict (the first of equals),
 * which `details.address` names, and the message too when more than one address was scanned.
 */
function worstOf(findings: Finding[], configurations: SslConfiguration[]): Finding {
  let index = 0;
  findings.forEach((each, at) => {
    if (badness[each.status] > badness[findings[index]?.status ?? "pass"]) index = at;
  });
  const chosen = findings[index] as Finding;
  const address = configurations[index]?.address;
  return {
    ...chosen,
    message: configurations.length > 1 ? `At ${address}: ${chosen.message}` : chosen.message,
    details: { ...chosen.details, address },
  };
}

const configurationIds = [
  "ssl.protocols.legacy",
  "ssl.protocols.tls13",
  "ssl.ciphers.weak",
  "ssl.ciphers.forward-secrecy",
] as const satisfies readonly SslFindingId[];

/** Said after every verdict of a scan the server cut short: it rests on fewer answers. */
function caveat(configuration: SslConfiguration): string {
  if (configuration.complete) return "";
  if (configuration.failedHandshakes === 0) {
    return " The scan is incomplete: the time budget ran out before every handshake was made.";
  }
  return ` The scan is incomplete: ${plural(configuration.failedHandshakes, "handshake")} of ${configuration.handshakes} went unanswered (the server stopped answering or time ran out).`;
}

function details(configuration: SslConfiguration, extra: Record<string, unknown> = {}) {
  return { ...extra, complete: configuration.complete, handshakes: configuration.handshakes };
}

const retired = {
  SSLv2: "SSL 2 is prohibited since 2011 (RFC 6176)",
  SSLv3: "SSL 3 is prohibited since 2015 (RFC 7568)",
  TLSv1: "TLS 1.0 and 1.1 are deprecated since 2021 (RFC 8996)",
  "TLSv1.1": "TLS 1.0 and 1.1 are deprecated since 2021 (RFC 8996)",
} as const;

function legacyFinding(configuration: SslConfiguration): Finding {
  const { protocols } = configuration;
  const legacy = (["SSLv2", "SSLv3", "TLSv1", "TLSv1.1"] as const).filter(
    (version) => protocols[version],
  );
  const more = details(configuration, { accepted: legacy });
  if (legacy.length > 0) {
    const why = [...new Set(legacy.map((version) => retired[version]))].join("; ");
    return finding(
      "ssl.protocols.legacy",
      "fail",
      `The server accepts ${legacy.join(", ")}: ${why}.${caveat(configuration)}`,
      more,
    );
  }
  if (protocols.TLSv1 === null || protocols["TLSv1.1"] === null) {
    return finding(
      "ssl.protocols.legacy",
      "skipped",
      `Not checked: whether the server accepts TLS 1.0 and 1.1 could not be told.${caveat(configuration)}`,
      more,
    );
  }
  return finding(
    "ssl.protocols.legacy",
    "pass",
    `The server refuses TLS 1.0 and TLS 1.1.${caveat(configuration)}`,
    more,
  );
}

function tls13Finding(configuration: SslConfiguration): Finding {
  const accepted = configuration.protocols["TLSv1.3"];
  const more = details(configuration);
  if (accepted === null) {
    return finding(
      "ssl.protocols.tls13",
      "skipped",
      `Not checked: whether the server accepts TLS 1.3 could not be told.${caveat(configuration)}`,
      more,
    );
  }
  return accepted
    ? finding("ssl.protocols.tls13", "pass", "The server accepts TLS 1.3.", more)
    : finding(
        "ssl.protocols.tls13",
        "warn",
        `The server does not accept TLS 1.3.${caveat(configuration)}`,
        more,
      );
}

function suitesOf(configuration: SslConfiguration): ScannedSuite[] {
  const byName = new Map<string, ScannedSuite>();
  for (const suite of Object.values(configuration.ciphers).flat()) byName.set(suite.name, suite);
  return [...byName.values()];
}

function weakCiphersFinding(configuration: SslConfiguration): Finding {
  const suites = suitesOf(configuration);
  if (suites.length === 0) {
    return finding(
      "ssl.ciphers.weak",
      "skipped",
      `Not checked: no suite could be read.${caveat(configuration)}`,
      details(configuration),
    );
  }
  const weak = suites.filter((suite) => suite.weakness !== null);
  if (weak.length > 0) {
    return finding(
      "ssl.ciphers.weak",
      "fail",
      `The server accepts broken suites: ${weak.map((suite) => `${suite.name} (${suite.weakness})`).join(", ")}.${caveat(configuration)}`,
      details(configuration, { weak: weak.map((suite) => suite.standardName) }),
    );
  }
  const notAead = suites.filter((suite) => !suite.aead);
  if (notAead.length > 0) {
    return finding(
      "ssl.ciphers.weak",
      "warn",
      `The server accepts ${plural(notAead.length, "suite")} without authenticated encryption (CBC): ${notAead.map((suite) => suite.name).join(", ")}.${caveat(configuration)}`,
      details(configuration, { notAead: notAead.map((suite) => suite.standardName) }),
    );
  }
  return finding(
    "ssl.ciphers.weak",
    "pass",
    `Every one of the ${plural(suites.length, "suite")} the server accepts is AEAD.${caveat(configuration)}`,
    details(configuration),
  );
}

function forwardSecrecyFinding(configuration: SslConfiguration): Finding {
  const suites = suitesOf(configuration);
  if (suites.length === 0) {
    return finding(
      "ssl.ciphers.forward-secrecy",
      "skipped",
      `Not checked: no suite could be read.${caveat(configuration)}`,
      details(configuration),
    );
  }
  const without = suites.filter((suite) => !suite.forwardSecrecy);
  const more = details(configuration, { without: without.map((suite) => suite.standardName) });
  if (without.length === suites.length) {
    return finding(
      "ssl.ciphers.forward-secrecy",
      "fail",
      `No suite the server accepts has forward secrecy: a stolen key decrypts recorded traffic.${caveat(configuration)}`,
      more,
    );
  }
  if (without.length > 0) {
    return finding(
      "ssl.ciphers.forward-secrecy",
      "warn",
      `${plural(without.length, "suite")} the server accepts ${without.length === 1 ? "has" : "have"} no forward secrecy: ${without.map((suite) => suite.name).join(", ")}.${caveat(configuration)}`,
      more,
    );
  }
  return finding(
    "ssl.ciphers.forward-secrecy",
    "pass",
    `Every suite the server accepts has forward secrecy.${caveat(configuration)}`,
    more,
  );
}
