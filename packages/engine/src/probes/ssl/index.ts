export {
  SslOptions,
  type SslProbeOptions,
  type SslSettings,
  sslDeclaration,
} from "./declaration.js";
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
export { createSslProbe, sslProbe } from "./ssl-probe.js";
