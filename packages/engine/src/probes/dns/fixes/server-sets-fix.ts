import type { Finding } from "../../../contract/finding.js";
import type { Remediation } from "../../../contract/remediation.js";
import { remediation } from "../../../protocols/remediation/build.js";
import { rfc } from "../../../protocols/remediation/references.js";
import { detailsOf } from "./fix.js";

interface ServerSet {
  server: string;
  values: string[];
}

/**
 * The fix for MX or SPF sets that differ between a zone's servers (`details.servers`): the
 * servers whose copy is not the most common one load the zone again. Undefined when the
 * finding is not about servers differing.
 */
export function serverSetsFix(options: {
  finding: Finding;
  domain: string;
  /** "MX set" or "SPF policy". */
  what: string;
}): Remediation | undefined {
  const servers = detailsOf(options.finding).servers as ServerSet[] | undefined;
  if (!Array.isArray(servers) || servers.length < 2) return undefined;
  const counts = new Map<string, number>();
  for (const entry of servers) {
    const key = JSON.stringify(entry.values);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const [common] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
  const expected = JSON.parse(common) as string[];
  const behind = servers.filter((entry) => JSON.stringify(entry.values) !== common);
  const shown = expected.length > 0 ? expected.join(", ") : "none";
  return remediation({
    summary: `Serve one ${options.what} for ${options.domain} from every name server: ${behind.map((entry) => entry.server).join(", ")} serve another copy of the zone.`,
    steps: [
      `On ${behind.map((entry) => entry.server).join(", ")}, load the zone's current version (the primary's serial; a secondary left behind needs its zone transfer fixed), so they serve what the others do: ${shown}.`,
      "If the other servers hold the stale copy instead, fix the zone on the primary and let every secondary transfer it.",
    ],
    references: [rfc(1034, "4.1"), rfc(1996)],
  });
}
