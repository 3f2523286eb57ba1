export type {
  MailCertificate,
  MailData,
  MailEndpoint,
  MailHost,
  MailTls,
} from "./mail-data.js";
export { type MailFindingId, mailFindingIds } from "./mail-findings.js";
export { commonDkimSelectors, type MailProbeOptions, mailProbe } from "./mail-probe.js";
export { mailDataSchema } from "./schema.js";
