import {
  type Fix,
  type RemediationTable,
  type SectionFixes,
  topLevelFixes,
} from "../../contract/with-remediations.js";
import { remediation } from "../../protocols/remediation/build.js";
import { rfc } from "../../protocols/remediation/references.js";
import type { WhoisData } from "./whois-data.js";

type WhoisFix = Fix<WhoisData>;

const icannRenewal = "https://www.icann.org/resources/pages/errp-2013-02-28-en";

/** Who to ask: the registrar the registry names, with its site where known. */
const atRegistrar = (data: WhoisData): string => {
  const name = data.registrar?.name;
  if (!name) return "at the domain's registrar";
  return data.registrar?.url ? `at ${name} (${data.registrar.url})` : `at ${name}`;
};

const expiry = (data: WhoisData) => (data.expiresAt ? ` (expiry ${data.expiresAt})` : "");

/**
 * Nothing here is a record a machine can set: a registration is renewed or restored by its
 * holder at the registrar. The steps name that registrar and the dates from the registry.
 */
const renew =
  (summary: (domain: string, data: WhoisData) => string, first: string): WhoisFix =>
  (_finding, data, { domain }) =>
    remediation({
      summary: summary(domain, data),
      steps: [
        first,
        `Renew ${atRegistrar(data)}${expiry(data)}, for more than a year if the site matters, and turn on auto-renewal with a payment method that will still be valid.`,
        "Check that the registrant and admin e-mail addresses reach someone: renewal reminders go there.",
      ],
      references: [icannRenewal],
    });

/** The whois section's fixes, by finding id. */
export const whoisRemediations: RemediationTable<WhoisData> = {
  "whois.domain.expired": renew(
    (domain) => `Renew ${domain} now: its registration has expired.`,
    "Most registries keep an expired name for its holder during a grace period (often 30 to 45 days) before it goes to redemption: renewing now costs the normal price.",
  ),
  "whois.domain.expiring-soon": renew(
    (domain, data) =>
      `Renew ${domain} before it expires${data.expiresInDays === null ? "" : ` in ${data.expiresInDays} days`}.`,
    "A registration that lapses takes the web site and mail down with it.",
  ),
  "whois.domain.pending-delete": (_finding, data, { domain }) =>
    remediation({
      summary: `Restore ${domain} from redemption before it is deleted.`,
      steps: [
        `Ask ${atRegistrar(data).replace(/^at /, "")} to restore the name (an RGP restore, RFC 3915): possible during the redemption period only, usually 30 days, for a restore fee; once pendingDelete is set nobody can stop the deletion, and the name is released to anyone after five days.`,
        "After the restore, renew it and turn on auto-renewal.",
      ],
      references: [rfc(3915, "2"), icannRenewal],
    }),
};

/** The table and where the whois section keeps its findings. */
export const whoisFixes: SectionFixes<WhoisData> = topLevelFixes(whoisRemediations);
