import { dnsCheckIds } from "../../packages/engine/src/probes/dns/health/check-ids.js";
import { hostingFindingIds } from "../../packages/engine/src/probes/hosting/hosting-findings.js";
import { httpFindingIds } from "../../packages/engine/src/probes/http/http-findings.js";
import { mailFindingIds } from "../../packages/engine/src/probes/mail/mail-findings.js";
import { sslFindingIds } from "../../packages/engine/src/probes/ssl/findings/finding.js";
import { whoisFindingIds } from "../../packages/engine/src/probes/whois/whois-findings.js";
import { markdownTable } from "./generated-blocks.js";

/** Each section's table of check ids, in the order its findings list them, and where the engine README explains them. */
const sections: readonly (readonly [string, readonly string[], string])[] = [
  ["whois", whoisFindingIds, "the-whois-section"],
  ["dns", dnsCheckIds, "dns-checks"],
  ["ssl", sslFindingIds, "tls-findings"],
  ["http", httpFindingIds, "the-http-section"],
  ["mail", mailFindingIds, "mail-findings"],
  ["hosting", hostingFindingIds, "the-hosting-section"],
];

/** Every check id each built-in section reports, by area (the id's middle part). */
export function findingsTables(): string {
  return sections
    .map(([section, ids, anchor]) => {
      const areas = new Map<string, string[]>();
      for (const id of ids) {
        const area = id.split(".")[1]!;
        areas.set(area, [...(areas.get(area) ?? []), `\`${id}\``]);
      }
      const rows = [...areas].map(([area, listed]) => [area, listed.join(", ")]);
      return `### \`${section}\`: ${ids.length} checks\n\nWhat each checks and when it fails or warns: [the engine README](../../packages/engine/README.md#${anchor}).\n\n${markdownTable(["area", "ids"], rows)}`;
    })
    .join("\n\n");
}
