import type { Finding } from "../../../contract/finding.js";
import { isFailure } from "../../../protocols/dns/session.js";
import type { DnsHealth } from "../declaration.js";
import { type DnsCheckId, dnsCheckIds } from "./check-ids.js";
import { nsAsDiversity } from "./checks/as-diversity.js";
import { caaPresent, caaSyntax } from "./checks/caa.js";
import { nsCase, nsEdnsOptions, nsEdnsVersion, nsTcpFallback } from "./checks/compliance.js";
import {
  nsCount,
  nsDistinctIp,
  nsDiversity,
  nsGlue,
  nsNotCname,
  nsParentChild,
  nsPublicAddress,
} from "./checks/delegation.js";
import { dmarcPolicy, dmarcPresent, dmarcSingle } from "./checks/dmarc.js";
import { dmarcReportDestinations } from "./checks/dmarc-reports.js";
import { dnssecAlgorithm, dnssecDsMatch, dnssecSigned } from "./checks/dnssec.js";
import { dnssecCds } from "./checks/dnssec-cds.js";
import { dnssecChain } from "./checks/dnssec-chain.js";
import { dnssecDenial, dnssecNsec3Params } from "./checks/dnssec-denial.js";
import { dnssecConsistency, dnssecDsDigest, dnssecValidity } from "./checks/dnssec-depth.js";
import { dnssecSignatures } from "./checks/dnssec-signatures.js";
import { dnssecDsConsistency } from "./checks/ds-consistency.js";
import { nsHostname } from "./checks/host-name-syntax.js";
import { nsIpv6 } from "./checks/ipv6.js";
import { mtaStsPresent, tlsRptPresent } from "./checks/mail-policies.js";
import { mxPresent, mxValid } from "./checks/mx.js";
import {
  nsAxfr,
  nsEdns,
  nsLame,
  nsOpenRecursion,
  nsReachableTcp,
  nsReachableUdp,
} from "./checks/nameserver.js";
import { nsCookies, nsNsid } from "./checks/protocol-options.js";
import { nsReferralSize } from "./checks/referral-size.js";
import { nsPtr } from "./checks/reverse-dns.js";
import { nsSoftwareVersion } from "./checks/software-version.js";
import { spfAll, spfLookups, spfPresent, spfSingle, spfSyntax } from "./checks/spf.js";
import {
  soaConsistency,
  soaSerialSync,
  soaSyntax,
  soaTimers,
  zoneCnameConflict,
  zoneExists,
} from "./checks/zone.js";
import type { HealthFacts } from "./facts.js";
import { scoreChecks } from "./score.js";

const checks: Record<DnsCheckId, (facts: HealthFacts) => Finding> = {
  "dns.zone.exists": zoneExists,
  "dns.ns.count": nsCount,
  "dns.ns.reachable-udp": nsReachableUdp,
  "dns.ns.reachable-tcp": nsReachableTcp,
  "dns.ns.lame": nsLame,
  "dns.ns.parent-child": nsParentChild,
  "dns.ns.glue": nsGlue,
  "dns.ns.distinct-ip": nsDistinctIp,
  "dns.ns.diversity": nsDiversity,
  "dns.ns.public-address": nsPublicAddress,
  "dns.ns.not-cname": nsNotCname,
  "dns.ns.open-recursion": nsOpenRecursion,
  "dns.ns.edns": nsEdns,
  "dns.ns.axfr": nsAxfr,
  "dns.soa.serial-sync": soaSerialSync,
  "dns.soa.timers": soaTimers,
  "dns.soa.syntax": soaSyntax,
  "dns.zone.cname-conflict": zoneCnameConflict,
  "dns.mx.present": mxPresent,
  "dns.mx.valid": mxValid,
  "dns.spf.present": spfPresent,
  "dns.spf.single": spfSingle,
  "dns.spf.syntax": spfSyntax,
  "dns.spf.lookups": spfLookups,
  "dns.spf.all": spfAll,
  "dns.dmarc.present": dmarcPresent,
  "dns.dmarc.single": dmarcSingle,
  "dns.dmarc.policy": dmarcPolicy,
  "dns.dmarc.report-destinations": dmarcReportDestinations,
  "dns.mta-sts.present": mtaStsPresent,
  "dns.tls-rpt.present": tlsRptPresent,
  "dns.caa.present": caaPresent,
  "dns.caa.syntax": caaSyntax,
  "dns.dnssec.signed": dnssecSigned,
  "dns.dnssec.ds-match": dnssecDsMatch,
  "dns.dnssec.signatures": dnssecSignatures,
  "dns.dnssec.algorithm": dnssecAlgorithm,
  "dns.dnssec.chain": dnssecChain,
  "dns.dnssec.denial": dnssecDenial,
  "dns.dnssec.nsec3-params": dnssecNsec3Params,
  "dns.dnssec.cds": dnssecCds,
  "dns.dnssec.ds-digest": dnssecDsDigest,
  "dns.dnssec.validity": dnssecValidity,
  "dns.dnssec.consistency": dnssecConsistency,
  "dns.ns.ipv6": nsIpv6,
  "dns.ns.as-diversity": nsAsDiversity,
  "dns.ns.edns-version": nsEdnsVersion,
  "dns.ns.edns-options": nsEdnsOptions,
  "dns.ns.tcp-fallback": nsTcpFallback,
  "dns.ns.case": nsCase,
  "dns.ns.cookies": nsCookies,
  "dns.ns.nsid": nsNsid,
  "dns.ns.referral-size": nsReferralSize,
  "dns.ns.ptr": nsPtr,
  "dns.ns.hostname": nsHostname,
  "dns.soa.consistency": soaConsistency,
  "dns.dnssec.ds-consistency": dnssecDsConsistency,
  "dns.ns.software-version": nsSoftwareVersion,
};

/** Runs every check over the gathered facts, in the fixed order, and scores the result. */
export function assessHealth(facts: HealthFacts): DnsHealth {
  const findings = dnsCheckIds.map((id) => checks[id](facts));
  const zone = facts.zone === null || isFailure(facts.zone) ? null : facts.zone.apex;
  return { ...scoreChecks(findings), zone, checks: findings };
}
