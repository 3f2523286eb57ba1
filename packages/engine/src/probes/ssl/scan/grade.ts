import type { SslCertificate } from "../../../protocols/x509/certificate-types.js";
import type { SslConfiguration, SslGrade } from "../data/configuration-schema.js";

export type { SslGrade };

/** Best first; a cap lowers the grade to its place here. */
const order: readonly SslGrade[] = ["A+", "A", "A-", "B", "C", "D", "E", "F"];

/** HSTS max-age that earns A+: SSL Labs' "long" max-age, 180 days. */
export const aPlusHstsSeconds = 15_552_000;

interface GradeInput {
  trusted: boolean | null;
  hostnameMatch: boolean | null;
  certificate: SslCertificate | null;
  configuration: SslConfiguration;
}

/**
 * The caps of SSL Labs' rating guide that this scan can see, each with the grade it caps at
 * and why; the README lists them as a table. Kept as data so the table and the code agree.
 */
const caps: readonly { grade: SslGrade; applies(input: GradeInput): string | null }[] = [
  {
    grade: "F",
    applies: ({ configuration }) => {
      const broken = allSuites(configuration).filter((suite) =>
        ["null", "anonymous", "export"].includes(suite.weakness ?? ""),
      );
      return broken.length > 0
        ? `accepts ${broken[0]?.weakness} suites (${broken[0]?.name})`
        : null;
    },
  },
  {
    grade: "F",
    applies: ({ configuration }) => (configuration.protocols.SSLv2 ? "accepts SSL 2" : null),
  },
  {
    grade: "F",
    applies: ({ certificate }) =>
      certificate?.keyType === "rsa" && (certificate.keySize ?? 0) < 1024
        ? `RSA key of ${certificate.keySize} bits`
        : null,
  },
  {
    grade: "F",
    applies: ({ configuration: { dhBits } }) =>
      dhBits !== null && dhBits < 1024 ? `DH group of ${dhBits} bits` : null,
  },
  {
    grade: "C",
    applies: ({ configuration }) => {
      const old = allSuites(configuration).find((suite) =>
        ["rc4", "des", "3des"].includes(suite.weakness ?? ""),
      );
      return old ? `accepts ${old.weakness?.toUpperCase()} (${old.name})` : null;
    },
  },
  {
    grade: "C",
    applies: ({ configuration }) => (configuration.protocols.SSLv3 ? "accepts SSL 3" : null),
  },
  {
    grade: "B",
    applies: ({ configuration: { protocols } }) =>
      protocols.TLSv1 || protocols["TLSv1.1"] ? "accepts TLS 1.0 or 1.1" : null,
  },
  {
    grade: "B",
    applies: ({ configuration }) => {
      const suites = allSuites(configuration);
      return suites.length > 0 && !suites.some((suite) => suite.forwardSecrecy)
        ? "no suite with forward secrecy"
        : null;
    },
  },
  {
    grade: "B",
    applies: ({ certificate }) =>
      certificate &&
      ["rsa", "rsa-pss", "dsa"].includes(certificate.keyType ?? "") &&
      (certificate.keySize ?? 0) < 2048
        ? `certificate key of ${certificate.keySize} bits`
        : null,
  },
  {
    grade: "B",
    applies: ({ configuration: { dhBits } }) =>
      dhBits !== null && dhBits < 2048 ? `DH group of ${dhBits} bits` : null,
  },
  {
    grade: "A-",
    applies: ({ configuration }) =>
      allSuites(configuration).some((suite) => suite.aead) ? null : "no AEAD suite",
  },
  {
    grade: "A-",
    applies: ({ configuration: { protocols } }) =>
      protocols["TLSv1.3"] === false ? "no TLS 1.3" : null,
  },
  {
    // SSL Labs' 2014 guide: a warning, and a warning caps at A-.
    grade: "A-",
    applies: ({ configuration }) =>
      configuration.secureRenegotiation === false ? "no secure renegotiation (RFC 5746)" : null,
  },
];

/**
 * The server's grade: T when the certificate is not trusted or not for the name, else A lowered
 * by every cap that applies. A+ needs the http section's HSTS (`withHsts`).
 */
export function gradeOf(input: GradeInput): { grade: SslGrade; reasons: string[] } {
  if (input.trusted !== true || input.hostnameMatch === false) {
    const reason =
      input.trusted === false
        ? "the certificate is not trusted"
        : input.trusted === null
          ? "the certificate could not be read"
          : "the certificate is not for the name";
    return { grade: "T", reasons: [reason] };
  }
  let grade: SslGrade = "A";
  const reasons: string[] = [];
  for (const cap of caps) {
    const reason = cap.applies(input);
    if (reason === null) continue;
    reasons.push(`${cap.grade}: ${reason}`);
    if (order.indexOf(cap.grade) > order.indexOf(grade)) grade = cap.grade;
  }
  return { grade, reasons };
}

/** A becomes A+ when the site sends HSTS with a max-age of at least six months. */
export function withHsts(grade: SslGrade, hstsMaxAgeSeconds: number | null): SslGrade {
  return grade === "A" && hstsMaxAgeSeconds !== null && hstsMaxAgeSeconds >= aPlusHstsSeconds
    ? "A+"
    : grade;
}

/** `grade` is worse than `than`; T, an untrusted certificate, is worst of all. */
export function worseGrade(grade: SslGrade, than: SslGrade): boolean {
  const rank = (value: SslGrade) => (value === "T" ? order.length : order.indexOf(value));
  return rank(grade) > rank(than);
}

function allSuites(configuration: SslConfiguration) {
  return Object.values(configuration.ciphers).flat();
}
