export { sslDataSchema } from "./schema.js";
export type {
  SslCertificate,
  SslChainCertificate,
  SslCipher,
  SslData,
  SslEndpoint,
  SslEndpointReason,
  SslName,
  SslSct,
  SslUnreachableReason,
  SslValidationType,
} from "./ssl-data.js";
export { sslFindingIds } from "./ssl-findings.js";
export { type SslProbeOptions, sslProbe } from "./ssl-probe.js";
