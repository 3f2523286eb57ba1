import type { X509Certificate } from "node:crypto";
import { setMaxListeners } from "node:events";
import type tls from "node:tls";
import type * as packet from "dns-packet";
import { NoTimeLeftError, stepTimeoutMs } from "../../contract/budget.js";
import type { Probe, ProbeContext } from "../../contract/probe.js";
import { resolveOptions } from "../../contract/resolve-options.js";
import { withRemediations } from "../../contract/with-remediations.js";
import { resolveTarget } from "../../network/resolve-target.js";
import { tlsaMatches, tlsaOf } from "../../protocols/dane/tlsa.js";
import { type AnswerValidator, answerValidator } from "../../protocols/dnssec/answer-security.js";
import { mtaStsRecordId } from "../../protocols/mail-policy/mta-sts-record.js";
import { readTlsRpt } from "../../protocols/mail-policy/tls-rpt-record.js";
import {
  type SmtpOutcome,
  type SmtpStep,
  smtpConversation,
} from "../../protocols/smtp/smtp-conversation.js";
import { describeCertificate, matchHostname } from "../../protocols/x509/certificate.js";
import {
  type ParsedCertificate,
  tryParseCertificate,
} from "../../protocols/x509/parse-certificate.js";
import { createTrustStore } from "../../protocols/x509/trust-store.js";
import {
  type MailData,
  type MailEndpoint,
  type MailHost,
  MailOptions,
  type MailProbeOptions,
  type MailSettings,
  type MailTls,
  mailDeclaration,
} from "./declaration.js";
import { askMailDns, askTxt, lookUpMx } from "./mail-dns.js";
import { mailFindings } from "./mail-findings.js";
import {
  findVersioned,
  parseBimi,
  parseDkimKey,
  parseMtaStsPolicy,
  parseTagList,
} from "./mail-records.js";
import { mailTtlMs } from "./mail-ttl.js";
import { fetchMtaStsPolicy } from "./mta-sts-fetch.js";
import { mailFixes } from "./remediation.js";

/** Selectors of the big senders and the usual defaults; DKIM keys cannot be listed. */
export const commonDkimSelectors = [
  "default",
  "dkim",
  "mail",
  "selector1",
  "selector2",
  "google",
  "k1",
  "s1",
  "s2",
] as const;

/** The longest any one SMTP step waits: RFC 5321 allows minutes, a probe cannot. */
const maxSmtpStepMs = 10_000;
const ehloName = "probe.domain-intel.invalid";

/** The resolved options, and what the probe makes of them once. */
interface Settings extends MailSettings {
  selectors: string[];
  secureContext(): tls.SecureContext;
}

/**
 * The built-in `mail` section: the MX set, each MX over SMTP (banner, EHLO, STARTTLS, the
 * certificate read with the ssl section's code), the MTA-STS policy, TLS-RPT, DKIM keys under
 * known selectors and BIMI. Only an MX lookup that no resolver answers throws.
 */
/** The built-in `mail` section with its own options, checked here (a TypeError names a bad one). */
export function mailProbe(options: MailProbeOptions = {}): Probe<MailData> {
  return createMailProbe(resolveOptions(MailOptions, options, "mailProbe: options"));
}

/** The probe from settings already resolved (the engine resolves them once, at creation). */
export function createMailProbe(resolved: MailSettings): Probe<MailData> {
  let context: tls.SecureContext | undefined;
  const settings: Settings = {
    ...resolved,
    selectors: [
      ...new Set([
        ...commonDkimSelectors,
        ...resolved.dkimSelectors.map((selector) => selector.toLowerCase()),
      ]),
    ],
    secureContext: () => {
      context ??= createTrustStore([...resolved.ca]);
      return context;
    },
  };
  return withRemediations(mailFixes, {
    summary: mailDeclaration.summary,
    dataSchema: mailDeclaration.data,
    example: mailDeclaration.example,
    run: (domain, context) => probeMail(domain, context, settings),
    ttlMs: (data) => mailTtlMs({ data, now: Date.now() }),
  });
}

async function probeMail(
  domain: string,
  runContext: ProbeContext,
  settings: Settings,
): Promise<MailData> {
  // Every DNS query and SMTP step listens to the run's signal: many more than Node's default 10.
  const signal = AbortSignal.any([runContext.signal]);
  setMaxListeners(256, signal);
  const context: ProbeContext = {
    signal,
    network: runContext.network,
    remainingMs: () => runContext.remainingMs(),
    limit: (operation) => runContext.limit(operation),
  };
  const mx = await lookUpMx({ context, domain });
  const nullMx = mx.length === 1 && mx[0]!.exchange === ".";
  const exchanges = nullMx ? [] : mx.filter((record) => record.exchange !== ".");
  // One validator for every TLSA answer: the levels above the MX zones are asked once.
  const validator = answerValidator({ context, anchors: settings.trustAnchors });
  // The policies and keys are DNS and HTTPS: asked while the MX hosts talk SMTP.
  const [hosts, mtaSts, tlsRpt, dkim, bimi] = await Promise.all([
    Promise.all(
      exchanges
        .slice(0, settings.maxMxHosts)
        .map((record) => probeHost({ record, context, settings, validator })),
    ),
    mtaStsFacts(domain, context, settings),
    tlsRptFacts(domain, context),
    dkimFacts(domain, context, settings.selectors),
    bimiFacts(domain, context),
  ]).finally(() => validator.close());
  const data: Omit<MailData, "findings"> = {
    mx: {
      records: mx.map(({ preference, exchange }) => ({ preference, exchange })),
      nullMx,
    },
    smtp: { enabled: settings.smtp, port: settings.smtpPort },
    hosts,
    mtaSts,
    tlsRpt,
    dkim: { selectors: settings.selectors, keys: dkim },
    bimi,
  };
  return { ...data, findings: mailFindings({ domain, data, now: Date.now() }) };
}

async function probeHost(options: {
  record: { preference: number; exchange: string };
  context: ProbeContext;
  settings: Settings;
  validator: AnswerValidator;
}): Promise<MailHost> {
  const { record, context, settings, validator } = options;
  const host: MailHost = {
    host: record.exchange,
    preference: record.preference,
    addresses: [],
    refusedAddresses: [],
    resolveError: null,
    tlsa: [],
    tlsaDnssec: null,
    endpoints: [],
  };
  const [target, tlsa] = await Promise.all([
    resolveTarget({ host: record.exchange, context, timeoutMs: 5000 }).catch(
      (error: Error) => error,
    ),
    tlsaFacts({ context, name: `_${settings.smtpPort}._tcp.${record.exchange}`, validator }),
  ]);
  host.tlsa = tlsa.tlsa;
  host.tlsaDnssec = tlsa.dnssec;
  if (target instanceof Error) {
    host.resolveError = target.message;
    return host;
  }
  host.addresses = target.allowed.map(({ address }) => address);
  host.refusedAddresses = target.refused.map(({ address }) => address);
  if (!settings.smtp) return host;
  const probed = host.addresses.slice(0, settings.maxAddressesPerHost);
  host.endpoints = await Promise.all(
    probed.map((address) =>
      context
        .limit(() => probeEndpoint({ address, host, context, settings }))
        .catch((error: unknown) => {
          if (!(error instanceof NoTimeLeftError)) throw error;
          return notTried(address);
        }),
    ),
  );
  return host;
}

/** The TLSA records at `name` and whether their answer is DNSSEC-secure. */
async function tlsaFacts(options: {
  context: ProbeContext;
  name: string;
  validator: AnswerValidator;
}): Promise<Pick<MailHost, "tlsa"> & { dnssec: MailHost["tlsaDnssec"] }> {
  const { context, name } = options;
  const answer = await askMailDns({ context, name, type: "TLSA", dnssecOk: true });
  if (!answer.ok || answer.records.length === 0) return { tlsa: [], dnssec: null };
  const tlsa = answer.records.map((record) => tlsaOf((record as packet.TlsaAnswer).data));
  const security = await options.validator.security(name, "TLSA");
  return {
    tlsa,
    dnssec: security.secure
      ? { secure: true, reason: null }
      : { secure: false, reason: security.reason },
  };
}

/** An MX address no SMTP conversation was started with: the budget was spent first. */
function notTried(address: string): MailEndpoint {
  return {
    address,
    banner: null,
    extensions: null,
    starttls: null,
    tls: null,
    error: {
      step: "connect",
      reason: "timeout",
      code: "NO_TIME_LEFT",
      message:
        "not tried: no time was left in the budget (the engine's outbound limit stayed busy)",
    },
    tlsaMatch: null,
    durationMs: 0,
  };
}

async function probeEndpoint(options: {
  address: string;
  host: MailHost;
  context: ProbeContext;
  settings: Settings;
}): Promise<MailEndpoint> {
  const { address, context, settings } = options;
  const mxHost = options.host.host;
  const started = performance.now();
  const outcome: SmtpOutcome = await smtpConversation({
    address,
    port: settings.smtpPort,
    allowPrivateAddresses: context.network.allowPrivateAddresses,
    servername: mxHost,
    ehloName,
    secureContext: settings.secureContext(),
    stepTimeoutMs: (_step: SmtpStep) => stepTimeoutMs(context, { maxMs: maxSmtpStepMs }),
    signal: context.signal,
  });
  return {
    address,
    banner: outcome.banner,
    extensions: outcome.extensions,
    starttls: outcome.starttlsOffered,
    tls: outcome.tls ? readTls(outcome.tls, mxHost) : null,
    error: outcome.failure,
    tlsaMatch:
      outcome.tls && options.host.tlsa.length > 0
        ? options.host.tlsa.some((tlsa) => tlsaMatches(tlsa, parsedChain(outcome.tls!.sent)))
        : null,
    durationMs: Math.round(performance.now() - started),
  };
}

/** The certificates sent, read with the engine's own DER reader; one that does not parse is left out. */
function parsedChain(sent: readonly X509Certificate[]): ParsedCertificate[] {
  return sent.flatMap((certificate) => tryParseCertificate(certificate.raw) ?? []);
}

function readTls(outcome: NonNullable<SmtpOutcome["tls"]>, mxHost: string): MailTls {
  const [leaf] = parsedChain(outcome.sent.slice(0, 1));
  const now = Date.now();
  const described = leaf ? describeCertificate({ certificate: leaf, now }) : null;
  return {
    protocol: outcome.protocol,
    cipher: outcome.cipher,
    trusted: outcome.authorized,
    trustError: outcome.authorized ? null : outcome.authorizationError,
    hostnameMatch: leaf ? matchHostname({ certificate: leaf, hostname: mxHost }).match : null,
    certificate: described && {
      subject: described.subject.dn,
      issuer: described.issuer.dn,
      notBefore: described.notBefore,
      notAfter: described.notAfter,
      daysRemaining: described.daysRemaining,
      subjectAltNames: described.subjectAltNames,
      keyType: described.keyType,
      keySize: described.keySize,
      fingerprint256: described.fingerprint256,
      selfSigned: described.selfSigned,
    },
    chainLength: outcome.sent.length,
  };
}

async function mtaStsFacts(
  domain: string,
  context: ProbeContext,
  settings: Settings,
): Promise<MailData["mtaSts"]> {
  const txt = await askTxt({ context, name: `_mta-sts.${domain}` });
  const none = { record: null, id: null, policyUrl: null, policy: null, problem: null };
  if (!txt.ok) return { ...none, problem: `the _mta-sts record could not be read (${txt.reason})` };
  const records = findVersioned(txt.values, "STSv1");
  if (records.length === 0) return none;
  const record = records[0]!;
  const id = mtaStsRecordId(record);
  // No valid id=: senders ignore the record and fetch nothing (RFC 8461 3.1); neither do we.
  if (id === null && records.length === 1) return { ...none, record };
  const fetched = await fetchMtaStsPolicy({
    domain,
    context,
    port: settings.mtaStsPort,
    ca: settings.ca,
  });
  const base = { record, id, policyUrl: fetched.url };
  if (records.length > 1) {
    return { ...base, policy: null, problem: "more than one v=STSv1 record is published" };
  }
  if (!fetched.ok) return { ...base, policy: null, problem: fetched.problem };
  const policy = parseMtaStsPolicy(fetched.text);
  return {
    ...base,
    policy,
    problem: policy.problems.length > 0 ? policy.problems.join("; ") : null,
  };
}

async function tlsRptFacts(domain: string, context: ProbeContext): Promise<MailData["tlsRpt"]> {
  const txt = await askTxt({ context, name: `_smtp._tls.${domain}` });
  if (!txt.ok) return null;
  return readTlsRpt(txt.values);
}

async function dkimFacts(
  domain: string,
  context: ProbeContext,
  selectors: readonly string[],
): Promise<MailData["dkim"]["keys"]> {
  const found = await Promise.all(
    selectors.map(async (selector) => {
      const txt = await askTxt({ context, name: `${selector}._domainkey.${domain}` });
      if (!txt.ok) return [];
      // A key record need not start with v=DKIM1 (RFC 6376 3.6.1: v is optional), but has p=.
      const record = txt.values.find((value) => parseTagList(value).has("p"));
      return record === undefined ? [] : [parseDkimKey(selector, record)];
    }),
  );
  return found.flat();
}

async function bimiFacts(domain: string, context: ProbeContext): Promise<MailData["bimi"]> {
  const txt = await askTxt({ context, name: `default._bimi.${domain}` });
  if (!txt.ok) return null;
  const [record] = findVersioned(txt.values, "BIMI1");
  return record === undefined ? null : parseBimi(record);
}
