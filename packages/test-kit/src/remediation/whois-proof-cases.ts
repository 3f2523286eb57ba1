import type { WhoisProofCase } from "./whois-fix-proof.js";

const dayMs = 86_400_000;

/** The whois section's findings a registrar action cures, each a registry entry that needs it. */
export const whoisProofCases: Record<string, WhoisProofCase> = {
  "whois.domain.expired": {
    entry: (now) => ({ statuses: ["active"], expiresAt: new Date(now - 12 * dayMs) }),
  },
  "whois.domain.expiring-soon": {
    entry: (now) => ({ statuses: ["active"], expiresAt: new Date(now + 3 * dayMs) }),
  },
  // In redemption, as the registry's RDAP answer of a lapsed name shows it.
  "whois.domain.pending-delete": {
    entry: (now) => ({
      statuses: [
        "pending delete",
        "redemption period",
        "server hold",
        "server transfer prohibited",
      ],
      expiresAt: new Date(now - 40 * dayMs),
    }),
  },
};
