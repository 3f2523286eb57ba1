/**
 * RDAP status values (RFC 9083 section 10.2.2) and the EPP status codes they stand for
 * (RFC 8056 section 2), so `statuses` reads the same whichever protocol answered.
 */
const eppByRdapStatus: Record<string, string> = {
  active: "ok",
  associated: "linked",
  inactive: "inactive",
  "add period": "addPeriod",
  "auto renew period": "autoRenewPeriod",
  "client delete prohibited": "clientDeleteProhibited",
  "client hold": "clientHold",
  "client renew prohibited": "clientRenewProhibited",
  "client transfer prohibited": "clientTransferProhibited",
  "client update prohibited": "clientUpdateProhibited",
  "pending create": "pendingCreate",
  "pending delete": "pendingDelete",
  "pending renew": "pendingRenew",
  "pending restore": "pendingRestore",
  "pending transfer": "pendingTransfer",
  "pending update": "pendingUpdate",
  "redemption period": "redemptionPeriod",
  "renew period": "renewPeriod",
  "server delete prohibited": "serverDeleteProhibited",
  "server hold": "serverHold",
  "server renew prohibited": "serverRenewProhibited",
  "server transfer prohibited": "serverTransferProhibited",
  "server update prohibited": "serverUpdateProhibited",
  "transfer period": "transferPeriod",
};

/** The EPP code of an RDAP status value; a value with no EPP code (e.g. "locked") is kept as given. */
export function eppStatusOf(rdapStatus: string): string {
  const value = rdapStatus.trim();
  return eppByRdapStatus[value.toLowerCase().replace(/\s+/g, " ")] ?? value;
}
