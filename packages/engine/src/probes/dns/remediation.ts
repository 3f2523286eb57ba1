import type { RemediationTable, SectionFixes } from "../../contract/with-remediations.js";
import type { DnsData } from "./declaration.js";
import {
  dnssecSignedFix,
  dsDigestFix,
  dsMatchFix,
  glueFix,
  parentChildFix,
} from "./fixes/delegation-fixes.js";
import { dmarcPolicyFix, dmarcPresentFix, dmarcSingleFix } from "./fixes/dmarc-fixes.js";
import { dmarcReportDestinationsFix } from "./fixes/dmarc-report-fixes.js";
import { lameFix } from "./fixes/lame-fix.js";
import { nameServerConfigFixes } from "./fixes/name-server-config.js";
import {
  nsAsDiversityFix,
  nsCountFix,
  nsDistinctIpFix,
  nsDiversityFix,
  nsHostnameFix,
  nsIpv6Fix,
} from "./fixes/name-server-set-fixes.js";
import { notCnameFix } from "./fixes/not-cname-fix.js";
import { dsConsistencyFix, zoneExistsFix } from "./fixes/registry-fixes.js";
import { serverSteps } from "./fixes/server-steps.js";
import {
  consistencyFix,
  denialFix,
  nsec3ParamsFix,
  signaturesFix,
  validityFix,
} from "./fixes/signer-fixes.js";
import {
  spfAllFix,
  spfLookupsFix,
  spfPresentFix,
  spfSingleFix,
  spfSyntaxFix,
} from "./fixes/spf-fixes.js";
import {
  caaPresentFix,
  caaSyntaxFix,
  cnameConflictFix,
  mtaStsPresentFix,
  mxPresentFix,
  mxValidFix,
  soaSyntaxFix,
  soaTimersFix,
  tlsRptPresentFix,
} from "./fixes/zone-fixes.js";

/**
 * The dns section's fixes, by check id: records to change, computed from the zone's own data,
 * and steps where the cure is the name servers' configuration.
 */
export const dnsRemediations: RemediationTable<DnsData> = {
  ...serverSteps,
  ...nameServerConfigFixes,
  "dns.spf.present": spfPresentFix,
  "dns.spf.single": spfSingleFix,
  "dns.spf.syntax": spfSyntaxFix,
  "dns.spf.lookups": spfLookupsFix,
  "dns.spf.all": spfAllFix,
  "dns.dmarc.present": dmarcPresentFix,
  "dns.dmarc.single": dmarcSingleFix,
  "dns.dmarc.policy": dmarcPolicyFix,
  "dns.dmarc.report-destinations": dmarcReportDestinationsFix,
  "dns.mta-sts.present": mtaStsPresentFix,
  "dns.tls-rpt.present": tlsRptPresentFix,
  "dns.caa.present": caaPresentFix,
  "dns.caa.syntax": caaSyntaxFix,
  "dns.mx.present": mxPresentFix,
  "dns.mx.valid": mxValidFix,
  "dns.soa.timers": soaTimersFix,
  "dns.soa.syntax": soaSyntaxFix,
  "dns.zone.cname-conflict": cnameConflictFix,
  "dns.dnssec.signed": dnssecSignedFix,
  "dns.dnssec.ds-match": dsMatchFix,
  "dns.dnssec.chain": dsMatchFix,
  "dns.dnssec.ds-digest": dsDigestFix,
  "dns.ns.parent-child": parentChildFix,
  "dns.ns.glue": glueFix,
  "dns.ns.lame": lameFix,
  "dns.ns.not-cname": notCnameFix,
  "dns.ns.count": nsCountFix,
  "dns.ns.distinct-ip": nsDistinctIpFix,
  "dns.ns.diversity": nsDiversityFix,
  "dns.ns.as-diversity": nsAsDiversityFix,
  "dns.ns.ipv6": nsIpv6Fix,
  "dns.ns.hostname": nsHostnameFix,
  "dns.dnssec.ds-consistency": dsConsistencyFix,
  "dns.zone.exists": zoneExistsFix,
  "dns.dnssec.signatures": signaturesFix,
  "dns.dnssec.validity": validityFix,
  "dns.dnssec.consistency": consistencyFix,
  "dns.dnssec.denial": denialFix,
  "dns.dnssec.nsec3-params": nsec3ParamsFix,
};

/** The table and where the dns section keeps its findings: `health.checks`. */
export const dnsFixes: SectionFixes<DnsData> = {
  table: dnsRemediations,
  findings: (data) => data.health.checks,
  replace: (data, checks) => ({ ...data, health: { ...data.health, checks } }),
};
