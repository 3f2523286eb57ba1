export {
  DnsQueryError,
  type DnsQueryErrorCode,
  type DnsTransport,
  isDnsQueryError,
} from "../../protocols/dns/wire/errors.js";
export type {
  DnsEdns,
  DnsFlags,
  DnsMessage,
  DnsQuestion,
} from "../../protocols/dns/wire/message.js";
export {
  type DnsResponse,
  type QueryOptions,
  type QueryType,
  query,
} from "../../protocols/dns/wire/query.js";
export { parseServerAddress, type ServerAddress } from "../../protocols/dns/wire/server-address.js";
export {
  probeZoneTransfer,
  type ZoneTransferOutcome,
} from "../../protocols/dns/wire/zone-transfer.js";
export {
  ianaRootAnchors,
  parseTrustAnchors,
  type TrustAnchor,
} from "../../protocols/dnssec/trust-anchors.js";
export {
  DnsOptions,
  type DnsProbeOptions,
  type DnsSettings,
  dnsDeclaration,
} from "./declaration.js";
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
export { createDnsProbe, dnsProbe } from "./dns-probe.js";
export { type DnsCheckId, dnsCheckIds } from "./health/check-ids.js";
export { dnsDataSchema } from "./schema.js";
