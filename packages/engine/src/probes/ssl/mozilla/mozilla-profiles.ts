import { postQuantumGroups } from "../../../protocols/tls/client-hello.js";
import type { SslCertificate } from "../../../protocols/x509/certificate-types.js";
import { type SslConfiguration, scanVersions } from "../data/configuration-schema.js";
import type {
  MozillaProfileCheck,
  MozillaProfileName,
  SslProfiles,
} from "../data/profiles-schema.js";
import v58 from "./guidelines-5.8.json" with { type: "json" };
import v60 from "./guidelines-6.0.json" with { type: "json" };

/** The fields of a guidelines configuration this check reads. */
interface Guideline {
  certificate_curves: string[];
  certificate_signatures: string[];
  certificate_types: string[];
  ciphers: { iana: string[] };
  ciphersuites: string[];
  dh_param_size: number | null;
  maximum_certificate_lifespan: number;
  rsa_key_size: number | null;
  tls_curves: string[];
  tls_versions: string[];
}

/** Each profile from the newest guidelines that define it: 6.0 dropped "old", 5.8 has it. */
const profiles: readonly { name: MozillaProfileName; version: string; rules: Guideline }[] = [
  { name: "modern", version: "6.0", rules: v60.configurations.modern },
  { name: "intermediate", version: "6.0", rules: v60.configurations.intermediate },
  { name: "old", version: "5.8", rules: v58.configurations.old },
];

const allSslVersions = ["SSLv2", "SSLv3", ...scanVersions] as const;
const versionLabel: Record<string, string> = {
  SSLv2: "SSL 2",
  SSLv3: "SSL 3",
  TLSv1: "TLS 1.0",
  "TLSv1.1": "TLS 1.1",
  "TLSv1.2": "TLS 1.2",
  "TLSv1.3": "TLS 1.3",
};
/** Node's key types and curve names as the guidelines spell them. */
const certificateType: Record<string, string> = { rsa: "rsa", ec: "ecdsa" };
const curveNames: Record<string, string> = { "P-256": "prime256v1", "P-384": "secp384r1" };
const hybrid = new Set<string>(postQuantumGroups);

export interface MozillaFacts {
  configuration: Pick<SslConfiguration, "protocols" | "ciphers" | "dhBits">;
  /** Every group accepted, post-quantum ones included. */
  groups: readonly string[];
  certificate: SslCertificate | null;
}

/**
 * The server against Mozilla's modern, intermediate and old profiles, each problem a sentence:
 * versions and suites accepted beyond the profile's, groups beyond its curves (a post-quantum
 * hybrid never counts against it), DH primes below its size, and the leaf's type, key size,
 * curve, signature and lifetime. What sslyze's Mozilla check judges; server order, HSTS and
 * OCSP stapling are left out (see the engine README).
 */
export function mozillaProfilesOf(facts: MozillaFacts): SslProfiles {
  const checks: MozillaProfileCheck[] = profiles.map(({ name, version, rules }) => {
    const problems = problemsOf(facts, rules);
    return { name, guidelines: version, meets: problems.length === 0, problems };
  });
  const meets = checks.filter((check) => check.meets).map((check) => check.name);
  const best = checks.findIndex((check) => check.meets);
  const candidates = best < 0 ? checks : checks.slice(0, best);
  const closest = candidates.reduce<MozillaProfileCheck | null>(
    (chosen, check) => (!chosen || check.problems.length < chosen.problems.length ? check : chosen),
    null,
  );
  return {
    mozilla: {
      meets,
      closest: closest?.name ?? null,
      profiles: checks,
      certificateChecked: facts.certificate !== null,
    },
  };
}

function problemsOf(facts: MozillaFacts, rules: Guideline): string[] {
  const { configuration, certificate } = facts;
  const problems: string[] = [];
  const extraVersions = allSslVersions.filter(
    (version) => configuration.protocols[version] === true && !rules.tls_versions.includes(version),
  );
  if (extraVersions.length > 0) {
    problems.push(`Accepts ${extraVersions.map((version) => versionLabel[version]).join(", ")}.`);
  }
  if (rules.tls_versions.length === 1 && configuration.protocols["TLSv1.3"] !== true) {
    problems.push("Does not accept TLS 1.3.");
  }
  const legacy = new Set(
    (["TLSv1", "TLSv1.1", "TLSv1.2"] as const).flatMap((version) =>
      configuration.ciphers[version].map((suite) => suite.standardName),
    ),
  );
  const extraSuites = [...legacy].filter((suite) => !rules.ciphers.iana.includes(suite));
  if (extraSuites.length > 0)
    problems.push(`Accepts suites beyond the profile's: ${extraSuites.join(", ")}.`);
  const extraTls13 = configuration.ciphers["TLSv1.3"]
    .map((suite) => suite.standardName)
    .filter((suite) => !rules.ciphersuites.includes(suite));
  if (extraTls13.length > 0) {
    problems.push(`Accepts TLS 1.3 suites beyond the profile's: ${extraTls13.join(", ")}.`);
  }
  const extraGroups = facts.groups.filter(
    (group) => !rules.tls_curves.includes(group) && !hybrid.has(group),
  );
  if (extraGroups.length > 0) {
    problems.push(`Accepts groups beyond the profile's curves: ${extraGroups.join(", ")}.`);
  }
  if (
    rules.dh_param_size !== null &&
    configuration.dhBits !== null &&
    configuration.dhBits < rules.dh_param_size
  ) {
    problems.push(
      `Uses a ${configuration.dhBits}-bit DH group; the profile asks for ${rules.dh_param_size} bits.`,
    );
  }
  if (certificate) problems.push(...certificateProblems(certificate, rules));
  return problems;
}

function certificateProblems(certificate: SslCertificate, rules: Guideline): string[] {
  const problems: string[] = [];
  const type = certificateType[certificate.keyType ?? ""] ?? certificate.keyType ?? "unknown";
  if (!rules.certificate_types.includes(type)) {
    problems.push(
      `The certificate's key is ${type}; the profile asks for ${rules.certificate_types.join(" or ")}.`,
    );
  }
  if (
    type === "rsa" &&
    rules.rsa_key_size !== null &&
    (certificate.keySize ?? 0) < rules.rsa_key_size
  ) {
    problems.push(
      `The certificate's RSA key has ${certificate.keySize} bits; the profile asks for ${rules.rsa_key_size}.`,
    );
  }
  if (type === "ecdsa") {
    const curve = curveNames[certificate.keyCurve ?? ""] ?? certificate.keyCurve ?? "unknown";
    if (!rules.certificate_curves.includes(curve)) {
      problems.push(
        `The certificate's curve is ${curve}; the profile asks for ${rules.certificate_curves.join(" or ")}.`,
      );
    }
  }
  const signature = certificate.signatureAlgorithm ?? "unknown";
  if (!rules.certificate_signatures.includes(signature)) {
    problems.push(
      `The certificate is signed with ${signature}; the profile asks for ${rules.certificate_signatures.join(", ")}.`,
    );
  }
  if (certificate.validityDays > rules.maximum_certificate_lifespan) {
    problems.push(
      `The certificate is valid for ${certificate.validityDays} days; the profile allows ${rules.maximum_certificate_lifespan}.`,
    );
  }
  return problems;
}
