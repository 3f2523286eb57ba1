/** JSON Schema (2020-12) of the `mail` section's `data`. */
export {
  type MailCertificate,
  type MailData,
  MailDataSchema,
  MailDataSchema as mailDataSchema,
  type MailEndpoint,
  type MailHost,
  MailOptions,
  type MailProbeOptions,
  type MailSettings,
  type MailTls,
  mailDeclaration,
} from "./declaration.js";
export { type MailFindingId, mailFindingIds } from "./mail-findings.js";
export { commonDkimSelectors, createMailProbe, mailProbe } from "./mail-probe.js";
