import type { Finding } from "../../../contract/finding.js";
import type { Fix } from "../../../contract/with-remediations.js";
import type { DnsData } from "../declaration.js";

/** The finding's details as a record (they are typed loosely in the shared finding shape). */
export const detailsOf = (finding: Finding): Record<string, unknown> => finding.details ?? {};

/** The mail exchangers of the domain, lowest preference first, without a null MX. */
export const mxHosts = (data: DnsData): string[] =>
  [...data.records.MX]
    .sort((a, b) => a.preference - b.preference)
    .map((record) => record.exchange)
    .filter((host) => host !== ".");

/** A dns section fix. */
export type DnsFix = Fix<DnsData>;
