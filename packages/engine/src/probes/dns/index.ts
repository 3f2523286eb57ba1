export type {
  DnsAddressRecord,
  DnsCaaRecord,
  DnsCnameRecord,
  DnsData,
  DnsDnskeyRecord,
  DnsDsRecord,
  DnsHealth,
  DnsMailPolicyRecords,
  DnsMxRecord,
  DnsNsRecord,
  DnsRecords,
  DnsSoaRecord,
  DnsSrvRecord,
  DnsSvcbRecord,
  DnsTxtRecord,
} from "./dns-data.js";
export { type DnsProbeOptions, dnsProbe } from "./dns-probe.js";
export { ianaRootAnchors, parseTrustAnchors, type TrustAnchor } from "./dnssec/trust-anchors.js";
export { type DnsCheckId, dnsCheckIds } from "./health/check-ids.js";
export { dnsDataSchema } from "./schema.js";
export {
  DnsQueryError,
  type DnsQueryErrorCode,
  type DnsTransport,
  isDnsQueryError,
} from "./wire/errors.js";
export type { DnsEdns, DnsFlags, DnsMessage, DnsQuestion } from "./wire/message.js";
export { type DnsResponse, type QueryOptions, type QueryType, query } from "./wire/query.js";
export { parseServerAddress, type ServerAddress } from "./wire/server-address.js";
export { probeZoneTransfer, type ZoneTransferOutcome } from "./wire/zone-transfer.js";
