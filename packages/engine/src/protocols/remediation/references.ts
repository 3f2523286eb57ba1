/** The page of an RFC, for a remediation's references. */
export const rfc = (number: number, section?: string): string =>
  `https://www.rfc-editor.org/rfc/rfc${number}${section ? `#section-${section}` : ""}`;
