export type { SslCipher } from "../../protocols/tls/negotiated-cipher.js";
export type {
  SslCertificate,
  SslChainCertificate,
  SslName,
  SslSct,
  SslValidationType,
} from "../../protocols/x509/certificate-types.js";
export type {
  ScannedSuite,
  SslConfiguration,
  SslGrade,
  SuiteWeakness,
} from "./data/configuration-schema.js";
export type {
  SslEndpoint,
  SslEndpointReason,
  SslUnreachableReason,
} from "./data/endpoint-schema.js";
export {
  type SslDane,
  type SslData,
  SslDataSchema,
  SslDataSchema as sslDataSchema,
  SslOptions,
  type SslProbeOptions,
  type SslReachableData,
  type SslSettings,
  type SslUnreachableData,
  sslDeclaration,
} from "./declaration.js";
export { sslFindingIds } from "./ssl-findings.js";
export { createSslProbe, sslProbe } from "./ssl-probe.js";
