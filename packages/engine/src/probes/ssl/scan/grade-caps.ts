import type { SslCertificate } from "../../../protocols/x509/certificate-types.js";
import type { SslConfiguration, SslGrade } from "../data/configuration-schema.js";
import type { DhPrime } from "../data/groups-schema.js";
import type { SslVulnerabilities } from "../data/vulnerabilities-schema.js";

/** Everything the grade looks at, for one address. */
export interface GradeFacts {
  trusted: boolean | null;
  hostnameMatch: boolean | null;
  certificate: SslCertificate | null;
  /** Subjects of certificates on the chain's path signed over a broken hash (SHA-1, MD5). */
  weakSignatures: readonly string[];
  configuration: SslConfiguration;
  dhPrimes: readonly DhPrime[];
  /** The known weaknesses asked about; absent or null when they were not. */
  vulnerabilities?: SslVulnerabilities | null;
}

/** One rule of the rating guide: the grade it caps at, and why it applies (null: it does not). */
export interface GradeCap {
  grade: SslGrade;
  /** Where SSL Labs says so, for the README's table. */
  source: string;
  applies(facts: GradeFacts): string | null;
}

const allSuites = ({ configuration }: GradeFacts) => Object.values(configuration.ciphers).flat();

const suiteWith = (facts: GradeFacts, weaknesses: readonly string[]) =>
  allSuites(facts).find((suite) => weaknesses.includes(suite.weakness ?? ""));

const dhPrimeWith = (facts: GradeFacts, weakness: string) =>
  facts.dhPrimes.find((prime) => prime.weakness === weakness);

/**
 * The caps of SSL Labs' rating guide that this scan can see, as data: the README's table is
 * this list. Sources: the Rating Guide 2009e and its changes (2009c: SSL 2, insecure
 * renegotiation, CRIME), the grading posts of 2014 (keys, MD5, SSL 3, RC4, A+ requirements),
 * 2015 (Logjam: DH under 1024 bits), 2017 (3DES) and 2018 (forward secrecy, AEAD); the
 * vulnerabilities as testssl.sh applies the guide (version 2009q) in its `set_grade_cap` calls:
 * Heartbleed F, CCS injection F, CRIME C.
 */
export const gradeCaps: readonly GradeCap[] = [
  {
    grade: "F",
    source: "Rating Guide: anonymous or export key exchange, no encryption",
    applies: (facts) => {
      const broken = suiteWith(facts, ["null", "anonymous", "export"]);
      return broken ? `accepts ${broken.weakness} suites (${broken.name})` : null;
    },
  },
  {
    grade: "F",
    source: "Rating Guide 2009c: SSL 2",
    applies: ({ configuration }) => (configuration.protocols.SSLv2 ? "accepts SSL 2" : null),
  },
  {
    grade: "F",
    source: "2014: keys under 1024 bits are insecure",
    applies: ({ certificate }) =>
      certificate?.keyType === "rsa" && (certificate.keySize ?? 0) < 1024
        ? `RSA key of ${certificate.keySize} bits`
        : null,
  },
  {
    grade: "F",
    source: "2015 (Logjam): DH parameters under 1024 bits",
    applies: ({ configuration: { dhBits } }) =>
      dhBits !== null && dhBits < 1024 ? `DH group of ${dhBits} bits` : null,
  },
  {
    grade: "F",
    source: "Rating Guide: a key exchange without security",
    applies: (facts) =>
      dhPrimeWith(facts, "composite")
        ? "the DH modulus it sends is not a prime: the key exchange has no security"
        : null,
  },
  {
    grade: "F",
    source: '2014: Heartbleed (CVE-2014-0160); testssl.sh: "Vulnerable to Heartbleed"',
    applies: ({ vulnerabilities }) =>
      vulnerabilities?.heartbleed ? "leaks memory to a heartbeat request (Heartbleed)" : null,
  },
  {
    grade: "F",
    source:
      '2014: OpenSSL CCS vulnerability (CVE-2014-0224); testssl.sh: "Vulnerable to CCS injection"',
    applies: ({ vulnerabilities }) =>
      vulnerabilities?.ccsInjection
        ? "takes a ChangeCipherSpec before the key exchange (CCS injection)"
        : null,
  },
  {
    grade: "C",
    source: 'Rating Guide 2009c: CRIME; testssl.sh: "Vulnerable to CRIME" caps at C',
    applies: ({ vulnerabilities }) =>
      vulnerabilities?.compression ? "compresses TLS records (CRIME)" : null,
  },
  {
    grade: "C",
    source: "2014-2017: RC4, and 64-bit block ciphers (DES, 3DES)",
    applies: (facts) => {
      const old = suiteWith(facts, ["rc4", "des", "3des"]);
      return old ? `accepts ${old.weakness?.toUpperCase()} (${old.name})` : null;
    },
  },
  {
    grade: "C",
    source: "2014 (POODLE): SSL 3",
    applies: ({ configuration }) => (configuration.protocols.SSLv3 ? "accepts SSL 3" : null),
  },
  {
    grade: "C",
    source: "RFC 7919 1: small-subgroup attacks on a modulus that is not a safe prime",
    applies: (facts) =>
      dhPrimeWith(facts, "not-safe")
        ? "the DH modulus it sends is not a safe prime: keys can be confined to small subgroups"
        : null,
  },
  {
    grade: "B",
    source: "2020: TLS 1.0 and 1.1",
    applies: ({ configuration: { protocols } }) =>
      protocols.TLSv1 || protocols["TLSv1.1"] ? "accepts TLS 1.0 or 1.1" : null,
  },
  {
    grade: "B",
    source: "2018: no forward secrecy",
    applies: (facts) => {
      const suites = allSuites(facts);
      return suites.length > 0 && !suites.some((suite) => suite.forwardSecrecy)
        ? "no suite with forward secrecy"
        : null;
    },
  },
  {
    grade: "B",
    source: "2014: keys under 2048 bits are weak",
    applies: ({ certificate }) =>
      certificate &&
      ["rsa", "rsa-pss", "dsa"].includes(certificate.keyType ?? "") &&
      (certificate.keySize ?? 0) < 2048
        ? `certificate key of ${certificate.keySize} bits`
        : null,
  },
  {
    grade: "B",
    source: "2015 (Logjam): DH parameters under 2048 bits",
    applies: ({ configuration: { dhBits } }) =>
      dhBits !== null && dhBits < 2048 ? `DH group of ${dhBits} bits` : null,
  },
  {
    grade: "A-",
    source: "2018: no AEAD suite",
    applies: (facts) => {
      const suites = allSuites(facts);
      return suites.length > 0 && !suites.some((suite) => suite.aead) ? "no AEAD suite" : null;
    },
  },
  {
    grade: "A-",
    source: "TLS 1.3 not supported",
    applies: ({ configuration: { protocols } }) =>
      protocols["TLSv1.3"] === false ? "no TLS 1.3" : null,
  },
  {
    // A cap at A: nothing lower, but no A+ (`withHsts` reads the reasons).
    grade: "A",
    source: "2014: TLS_FALLBACK_SCSV support is required for A+",
    applies: ({ vulnerabilities }) =>
      vulnerabilities?.fallbackScsv === "ignored"
        ? "answers a fallback hello carrying TLS_FALLBACK_SCSV (RFC 7507): no A+"
        : null,
  },
  {
    // The 2014 guide: a warning, and a warning caps at A-.
    grade: "A-",
    source: "2014: no secure renegotiation is a warning",
    applies: ({ configuration }) =>
      configuration.secureRenegotiation === false ? "no secure renegotiation (RFC 5746)" : null,
  },
];
