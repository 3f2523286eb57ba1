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

/**
 * What each status means for the name's holder, after ICANN's "EPP Status Codes: What do they
 * mean" (RFC 5731 section 2.3, RFC 3915 for the grace periods). RDAP values without an EPP code
 * (RFC 9083 section 10.2.2) are included under their RDAP spelling.
 */
const meaningByStatus: Record<string, string> = {
  ok: "Standard status: no pending operation and no prohibition.",
  inactive: "No name servers are delegated, so the name does not resolve.",
  linked: "The object is linked to another registry object.",
  addPeriod:
    "Grace period after the initial registration: the registrar may still delete the name for a refund.",
  autoRenewPeriod:
    "Grace period after the registry renewed the name automatically at expiry: the registrar may still delete it for a refund.",
  renewPeriod: "Grace period after an explicit renewal.",
  transferPeriod: "Grace period after a transfer to a new registrar.",
  clientDeleteProhibited: "The registrar does not allow the name to be deleted.",
  clientHold: "The registrar has taken the name out of the DNS: it does not resolve.",
  clientRenewProhibited: "The registrar does not allow the name to be renewed.",
  clientTransferProhibited:
    "The registrar does not allow the name to be transferred to another registrar.",
  clientUpdateProhibited: "The registrar does not allow the name's data to be changed.",
  serverDeleteProhibited: "The registry does not allow the name to be deleted.",
  serverHold: "The registry has taken the name out of the DNS: it does not resolve.",
  serverRenewProhibited: "The registry does not allow the name to be renewed.",
  serverTransferProhibited:
    "The registry does not allow the name to be transferred to another registrar.",
  serverUpdateProhibited: "The registry does not allow the name's data to be changed.",
  pendingCreate: "A request to create the name is being processed.",
  pendingDelete:
    "The name is being deleted; unless it is also in redemptionPeriod or pendingRestore, it is purged and released within days and can no longer be restored.",
  pendingRenew: "A request to renew the name is being processed.",
  pendingRestore:
    "The registrar asked to restore the name from redemption; it returns to its previous state once the registry accepts the restore report.",
  pendingTransfer: "A transfer to another registrar is in progress.",
  pendingUpdate: "A request to change the name's data is being processed.",
  redemptionPeriod:
    "The registrar asked to delete the name: it no longer resolves, and for about 30 days only its holder can still restore it, through the registrar, for a fee.",
  locked: "The registry has locked changes to the name.",
  "delete prohibited": "The name may not be deleted.",
  "renew prohibited": "The name may not be renewed.",
  "transfer prohibited": "The name may not be transferred to another registrar.",
  "update prohibited": "The name's data may not be changed.",
  obscured: "Some of the name's data is obscured.",
  private: "Some of the name's data is withheld for privacy.",
  proxy: "The registrant is a proxy for the real holder.",
  removed: "Some of the name's data has been removed.",
  validated: "The registrant's data has been validated.",
};

const meaningByLowerStatus = new Map(
  Object.entries(meaningByStatus).map(([status, meaning]) => [status.toLowerCase(), meaning]),
);

/** What a status code means, or null for a registry-specific code this table does not know. */
export function statusMeaning(code: string): string | null {
  return meaningByLowerStatus.get(code.trim().toLowerCase().replace(/\s+/g, " ")) ?? null;
}

/** Statuses that say the registrar asked to delete the name (RFC 3915). */
export const deletionStatuses: readonly string[] = [
  "redemptionPeriod",
  "pendingDelete",
  "pendingRestore",
];

/** Statuses that stop a transfer to another registrar. */
export const transferLockStatuses: readonly string[] = [
  "clientTransferProhibited",
  "serverTransferProhibited",
  "transfer prohibited",
];
