import type { ProbeContext } from "../../../contract/probe.js";
import type { SslCertificate } from "../../../protocols/x509/certificate-types.js";
import { gradeOf, type SslGrade, worseGrade } from "./grade.js";
import { type SslConfiguration, scanConfiguration } from "./scan-configuration.js";

/** One reachable address and what its own first handshake showed, for its grade. */
export interface ScanTarget {
  address: string;
  trusted: boolean | null;
  hostnameMatch: boolean | null;
  certificate: SslCertificate | null;
}

export interface AddressScan {
  configuration: SslConfiguration;
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
    targets.map(async (target): Promise<[string, AddressScan]> => {
      const configuration = await scanConfiguration({ ...rest, address: target.address });
      const { grade, reasons } = gradeOf({ ...target, configuration });
      return [target.address, { configuration, grade, gradeReasons: reasons }];
    }),
  );
  let worst: AddressScan | undefined;
  for (const [, scan] of scanned) {
    if (!worst || worseGrade(scan.grade, worst.grade)) worst = scan;
  }
  return { scans: new Map(scanned), worst };
}
