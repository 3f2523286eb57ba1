import type { DomainRecord } from "rdapper";

/**
 * What ccTLD registries' RDAP servers write differently from RFC 9083 and the gTLD profile,
 * read from the raw document where rdapper's record does not reach it.
 */

type Json = Record<string, unknown>;
type DsData = NonNullable<NonNullable<DomainRecord["dnssec"]>["dsRecords"]>;

/**
 * The domain's `secureDNS` as rdapper reads it, or AFNIC's `secureDns` (the member name with
 * other letter case, which RFC 9083 section 5.3 spells `secureDNS`).
 */
export function rdapDnssec(record: DomainRecord): DomainRecord["dnssec"] {
  if (record.dnssec) return record.dnssec;
  const secure = (record.rawRdap as Json | undefined)?.secureDns as Json | undefined;
  if (typeof secure !== "object" || secure === null) return undefined;
  const dsData = Array.isArray(secure.dsData) ? (secure.dsData as DsData) : [];
  return {
    ...(typeof secure.delegationSigned === "boolean" ? { enabled: secure.delegationSigned } : {}),
    ...(dsData.length > 0 ? { dsRecords: dsData } : {}),
  } as DomainRecord["dnssec"];
}

/**
 * The holder's organization where the registry names an organization in the vCard's `fn` and
 * leaves `org` empty, saying in a remark that the contact is one (AFNIC: `"contact type":
 * ["ORGANIZATION"]`). A person's name is never taken: only a contact the registry says is an
 * organization.
 */
export function rdapRegistrantOrganization(raw: unknown): string | undefined {
  const entities = Array.isArray((raw as Json | undefined)?.entities)
    ? ((raw as Json).entities as Json[])
    : [];
  const registrant = entities.find(
    (entity) => Array.isArray(entity?.roles) && entity.roles.includes("registrant"),
  );
  const remarks = Array.isArray(registrant?.remarks) ? (registrant.remarks as Json[]) : [];
  const organization = remarks.some(
    (remark) =>
      typeof remark?.type === "string" &&
      remark.type.toLowerCase() === "contact type" &&
      Array.isArray(remark.description) &&
      remark.description.some((word) => String(word).toUpperCase() === "ORGANIZATION"),
  );
  if (!organization) return undefined;
  const card = Array.isArray(registrant?.vcardArray) ? (registrant.vcardArray[1] as unknown) : [];
  const fn = (Array.isArray(card) ? card : []).find(
    (property) => Array.isArray(property) && property[0] === "fn",
  ) as unknown[] | undefined;
  return typeof fn?.[3] === "string" && fn[3].trim() !== "" ? fn[3].trim() : undefined;
}
