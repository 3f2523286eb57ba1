export { sslDataSchema } from "./schema.js";
export type {
  SslCertificate,
  SslCipher,
  SslData,
  SslName,
  SslUnreachableReason,
} from "./ssl-data.js";
export { sslFindingIds } from "./ssl-findings.js";
export { type SslProbeOptions, sslProbe } from "./ssl-probe.js";
