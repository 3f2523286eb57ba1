import type { FindingReference } from "../../packages/engine/src/contract/finding-reference.js";
import { dnsCheckIds } from "../../packages/engine/src/probes/dns/health/check-ids.js";
import { dnsCheckReference } from "../../packages/engine/src/probes/dns/health/check-reference.js";
import { hostingFindingReference } from "../../packages/engine/src/probes/hosting/finding-reference.js";
import { hostingFindingIds } from "../../packages/engine/src/probes/hosting/hosting-findings.js";
import { httpFindingReference } from "../../packages/engine/src/probes/http/finding-reference.js";
import { httpFindingIds } from "../../packages/engine/src/probes/http/http-findings.js";
import { mailFindingReference } from "../../packages/engine/src/probes/mail/finding-reference.js";
import { mailFindingIds } from "../../packages/engine/src/probes/mail/mail-findings.js";
import { sslFindingIds } from "../../packages/engine/src/probes/ssl/findings/finding.js";
import { sslFindingReference } from "../../packages/engine/src/probes/ssl/findings/finding-reference.js";
import { whoisFindingReference } from "../../packages/engine/src/probes/whois/finding-reference.js";
import {
  parseIncompleteFindingId,
  partialLookupFindingId,
  whoisFindingIds,
} from "../../packages/engine/src/probes/whois/whois-findings.js";
import { insightIds } from "../../packages/engine/src/report/insights/insight.js";
import { insightReference } from "../../packages/engine/src/report/insights/insight-reference.js";
import { code, markdownTable } from "./markdown.js";

/** A section's ids, in the order its findings list them, and what each one means. */
export interface FindingTable {
  readonly ids: readonly string[];
  readonly reference: Readonly<Record<string, FindingReference>>;
}

/** Every reference of findings, by the name of its generated block. */
export const findingTables: Readonly<Record<string, FindingTable>> = {
  "dns-checks": { ids: dnsCheckIds, reference: dnsCheckReference },
  "ssl-findings": { ids: sslFindingIds, reference: sslFindingReference },
  "http-findings": { ids: httpFindingIds, reference: httpFindingReference },
  "mail-findings": { ids: mailFindingIds, reference: mailFindingReference },
  "whois-findings": {
    ids: [...whoisFindingIds, parseIncompleteFindingId, partialLookupFindingId],
    reference: whoisFindingReference,
  },
  "hosting-findings": { ids: hostingFindingIds, reference: hostingFindingReference },
  insights: { ids: insightIds, reference: insightReference },
};

const columns = [
  ["what", "what"],
  ["why", "why"],
  ["when", "when it does not pass"],
  ["reference", "reference"],
] as const;

/** Ids without a row, and rows without an id: what keeps the table from matching the code. */
export function referenceGaps(table: FindingTable): { missing: string[]; extra: string[] } {
  const ids = new Set(table.ids);
  return {
    missing: table.ids.filter((id) => !Object.hasOwn(table.reference, id)),
    extra: Object.keys(table.reference).filter((id) => !ids.has(id)),
  };
}

/**
 * One row an id, in the section's order, with the columns its rows fill. An id added to the
 * code before its row is still listed, marked, so the table never hides a finding.
 */
export function findingTable(table: FindingTable): string {
  const rows = table.ids.map(
    (id): FindingReference => table.reference[id] ?? { when: "(not described yet)" },
  );
  const used = columns.filter(([key]) => rows.some((row) => row[key] !== undefined));
  return markdownTable(
    ["id", ...used.map(([, title]) => title)],
    table.ids.map((id, index) => [code(id), ...used.map(([key]) => rows[index]![key] ?? "")]),
  );
}
