import { stepTimeoutMs } from "../../../contract/budget.js";
import type { ProbeContext } from "../../../contract/probe.js";
import type { SslCertificate } from "../../../protocols/x509/certificate-types.js";
import { simulateClients } from "../clients/simulate-clients.js";
import type { SslClients } from "../data/clients-schema.js";
import type { SslConfiguration } from "../data/configuration-schema.js";
import type { SslGroups } from "../data/groups-schema.js";
import type { SslProfiles } from "../data/profiles-schema.js";
import type { SslVulnerabilities } from "../data/vulnerabilities-schema.js";
import { judgeDhPrime } from "../groups/dh-prime.js";
import { mozillaProfilesOf } from "../mozilla/mozilla-profiles.js";
import { gradeOf, type SslGrade, worseGrade } from "./grade.js";
import { createHelloAsker } from "./hello-asker.js";
import { scanConfiguration } from "./scan-configuration.js";
import { vulnerabilitiesOf } from "./vulnerabilities.js";

/** One reachable address and what its own first handshake showed, for its grade. */
export interface ScanTarget {
  address: string;
  trusted: boolean | null;
  hostnameMatch: boolean | null;
  certificate: SslCertificate | null;
  /** Subjects of certificates on the path signed over SHA-1 or MD5. */
  weakSignatures: readonly string[];
}

export interface AddressScan {
  configuration: SslConfiguration;
  groups: SslGroups;
  vulnerabilities: SslVulnerabilities;
  clients: SslClients;
  profiles: SslProfiles;
  grade: SslGrade;
  gradeReasons: string[];
}

/**
 * The configuration scan of every reachable address at once (each under its own per-host cap,
 * all under the engine's limit), each graded with its own certificate, and the worst of them:
 * the one a client may land on. Ties go to the first address. Undefined when none was scanned.
 */
export async function scanEach(options: {
  targets: readonly ScanTarget[];
  port: number;
  servername: string;
  context: ProbeContext;
  concurrency: number;
  maxStepMs: number;
}): Promise<{ scans: Map<string, AddressScan>; worst: AddressScan | undefined }> {
  const { targets, ...rest } = options;
  const scanned = await Promise.all(
    targets.map(
      async (target): Promise<[string, AddressScan]> => [
        target.address,
        await scanAddress(target, rest),
      ],
    ),
  );
  let worst: AddressScan | undefined;
  for (const [, scan] of scanned) {
    if (!worst || worseGrade(scan.grade, worst.grade)) worst = scan;
  }
  return { scans: new Map(scanned), worst };
}

/** Every question to one address, then its grade. */
async function scanAddress(
  target: ScanTarget,
  options: Omit<Parameters<typeof scanEach>[0], "targets">,
): Promise<AddressScan> {
  const asker = createHelloAsker({ ...options, address: target.address });
  const found = await scanConfiguration(asker);
  const [vulnerabilities, clients] = await Promise.all([
    vulnerabilitiesOf(found, asker),
    simulateClients(found.configuration, found.answered, asker),
  ]);
  const tally = asker.tally();
  const timeoutMs = stepTimeoutMs(options.context, { maxMs: options.maxStepMs });
  const dhPrimes = await Promise.all(
    tally.dhPrimes.map((prime) => judgeDhPrime(prime, { timeoutMs })),
  );
  const configuration: SslConfiguration = {
    ...found.configuration,
    handshakes: tally.handshakes,
    failedHandshakes: tally.failedHandshakes,
    complete: found.answered && tally.failedHandshakes === 0,
  };
  const groups: SslGroups = {
    accepted: [...configuration.groups, ...found.postQuantum],
    postQuantum: found.postQuantum,
    dhPrimes,
  };
  const { grade, reasons } = gradeOf({ ...target, configuration, dhPrimes, vulnerabilities });
  const profiles = mozillaProfilesOf({
    configuration,
    groups: groups.accepted,
    certificate: target.certificate,
  });
  return {
    configuration,
    groups,
    vulnerabilities,
    clients,
    profiles,
    grade,
    gradeReasons: reasons,
  };
}
