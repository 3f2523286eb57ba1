/** A DKIM selector: dot-separated DNS labels (RFC 6376 3.1). */
export const dkimSelectorPattern =
  /^[a-z0-9](?:[a-z0-9_-]{0,62})(?:\.[a-z0-9](?:[a-z0-9_-]{0,62}))*$/i;

/**
 * Checks the engine's `mail` options, calling `fail(option, expectation)` (which throws) on
 * the first bad one, so createEngine names it.
 */
export function validateMailOptions(
  mail: unknown,
  fail: (option: string, expectation: string) => never,
): void {
  if (mail === undefined) return;
  if (typeof mail !== "object" || mail === null || Array.isArray(mail)) {
    fail("mail", "must be an object");
  }
  const { smtp, smtpPort, dkimSelectors, ...rest } = mail as Record<string, unknown>;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined)
    fail(`mail.${unknown}`, "is not an option (smtp, smtpPort, dkimSelectors)");
  if (smtp !== undefined && typeof smtp !== "boolean") fail("mail.smtp", "must be a boolean");
  if (
    smtpPort !== undefined &&
    !(Number.isInteger(smtpPort) && (smtpPort as number) >= 1 && (smtpPort as number) <= 65535)
  ) {
    fail("mail.smtpPort", "must be an integer 1..65535");
  }
  if (
    dkimSelectors !== undefined &&
    (!Array.isArray(dkimSelectors) ||
      dkimSelectors.some(
        (selector) => typeof selector !== "string" || !dkimSelectorPattern.test(selector),
      ))
  ) {
    fail("mail.dkimSelectors", "must be an array of DKIM selectors (DNS labels)");
  }
}
