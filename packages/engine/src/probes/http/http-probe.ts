import type tls from "node:tls";
import { stepTimeoutMs } from "../../contract/budget.js";
import { type Probe, type ProbeContext, ProbeError } from "../../contract/probe.js";
import { resolveOptions } from "../../contract/resolve-options.js";
import { withRemediations } from "../../contract/with-remediations.js";
import { createGuardedDispatcher } from "../../network/http-dispatcher.js";
import { secureContextTrusting } from "../../network/trusting-roots.js";
import { readCookies } from "./cookies.js";
import { corsPreflight } from "./cors-preflight.js";
import {
  type HttpCors,
  type HttpData,
  type HttpFacts,
  HttpOptions,
  type HttpPage,
  type HttpProbeOptions,
  type HttpSettings,
  httpDeclaration,
  type SecurityTxt,
} from "./declaration.js";
import { readDisclosure } from "./disclosure/disclosing-headers.js";
import { type ChainResult, type ChainSettings, fetchChain } from "./fetch-chain.js";
import { parseHsts, preloadVerdict } from "./hsts.js";
import { isHtml, readHtmlPage } from "./html-page.js";
import { httpFindings } from "./http-findings.js";
import { observatoryGrade, runObservatoryTests } from "./observatory/observatory-tests.js";
import { httpFixes } from "./remediation.js";
import { headerValue, readSecurityHeaders } from "./security-headers.js";
import { parseSecurityTxt } from "./security-txt.js";
import { httpTtlMs } from "./ttl.js";

type HttpProbeSettings = HttpSettings &
  ChainSettings & {
    /** Undefined: Node's default roots. */
    secureContext(): tls.SecureContext | undefined;
  };

const unresolved = "ERR_TARGET_UNRESOLVED";

/**
 * The built-in `http` probe: `https://{domain}/`, `http://{domain}/` and the security.txt of
 * RFC 9116, fetched in parallel, redirects followed by hand through network/'s guarded
 * dispatcher (each hop resolved and judged against the address policy), HTTP/2 offered by
 * ALPN. A site that does not answer is data; only resolvers that all fail make it throw.
 */
export function httpProbe(options: HttpProbeOptions = {}): Probe<HttpData> {
  return createHttpProbe(resolveOptions(HttpOptions, options, "httpProbe: options"));
}

/** The probe from settings already resolved (the engine resolves them once, at creation). */
export function createHttpProbe(resolved: HttpSettings): Probe<HttpData> {
  const settings: HttpProbeSettings = {
    ...resolved,
    secureContext: () => secureContextTrusting(resolved.ca),
  };
  return withRemediations(httpFixes, {
    summary: httpDeclaration.summary,
    dataSchema: httpDeclaration.data,
    example: httpDeclaration.example,
    run: (domain, context) => probeSite(domain, context, settings),
    ttlMs: (data) => httpTtlMs({ data, now: Date.now() }),
  });
}

function origin(scheme: "https" | "http", domain: string, port: number): string {
  const standard = scheme === "https" ? 443 : 80;
  return `${scheme}://${domain}${port === standard ? "" : `:${port}`}`;
}

async function probeSite(
  domain: string,
  context: ProbeContext,
  settings: HttpProbeSettings,
): Promise<HttpData> {
  if (context.signal.aborted) throw new ProbeError("timeout", `No time left to fetch ${domain}.`);
  const protocols = new Map<string, string>();
  const secureContext = settings.secureContext();
  const dispatcher = createGuardedDispatcher({
    network: context.network,
    connectTimeoutMs: Math.max(1, stepTimeoutMs(context, { maxMs: settings.requestTimeoutMs })),
    ...(secureContext ? { secureContext } : {}),
    allowH2: true,
    // The dispatcher lives one run: its chains, hops and side requests ask one name at most once.
    resolveEachHostOnce: true,
    // Its https chain and security.txt start together: one handshake, not two.
    waitForFirstConnection: true,
    onConnect: (at, socket) => {
      const alpn = (socket as tls.TLSSocket).alpnProtocol;
      protocols.set(at, alpn ? alpn : "http/1.1");
    },
  });
  const httpsOrigin = origin("https", domain, settings.httpsPort);
  const chain = (start: string) => fetchChain({ start, dispatcher, context, settings, protocols });
  // The preflight asks the page the https chain ends on, as soon as it is known.
  const httpsWithCors = chain(`${httpsOrigin}/`).then(async (https) => {
    const url = https.fetch.finalUrl;
    if (url === null) return { https, preflight: null };
    const preflight = await corsPreflight({
      url,
      dispatcher,
      context,
      requestTimeoutMs: settings.requestTimeoutMs,
    });
    return { https, preflight };
  });
  try {
    const [{ https, preflight }, http, securityTxt] = await Promise.all([
      httpsWithCors,
      chain(`${origin("http", domain, settings.httpPort)}/`),
      chain(`${httpsOrigin}/.well-known/security.txt`),
    ]);
    if (https.fetch.errorCode === unresolved && http.fetch.errorCode === unresolved) {
      throw new ProbeError("upstream_error", `No resolver answered for ${domain}.`);
    }
    return assemble({ https, http, securityTxt, preflight });
  } finally {
    // Destroy, not close: a peer stalling a body must not hold the run open.
    dispatcher.destroy().catch(() => {});
  }
}

function assemble(gathered: {
  https: ChainResult;
  http: ChainResult;
  securityTxt: ChainResult;
  preflight: HttpCors | null;
}): HttpData {
  const { https, http, preflight } = gathered;
  const first = https.answers[0];
  const hstsHeader = first?.headers["strict-transport-security"];
  const hstsValue = Array.isArray(hstsHeader) ? hstsHeader[0] : hstsHeader;
  const hsts = hstsValue === undefined ? null : parseHsts(hstsValue);
  const final = https.fetch.finalStatus === null ? undefined : https.answers.at(-1);
  const headers = final ? readSecurityHeaders(final.headers) : null;
  const altSvc = final ? headerValue(final.headers, "alt-svc") : null;
  const facts: HttpFacts = {
    https: https.fetch,
    http: http.fetch,
    hsts,
    preload: preloadVerdict({ https: https.fetch, http: http.fetch, hsts }),
    headers,
    server: final ? headerValue(final.headers, "server") : null,
    altSvc,
    http3Advertised: altSvc !== null && /(^|[\s,])h3(-\d+)?=/.test(altSvc),
    page: headers && isHtml(headers.contentType) ? readPage(https) : null,
    cors: preflight,
    disclosure: final ? readDisclosure(final.headers) : [],
    cookies: https.answers
      .filter((answer) => answer.url.startsWith("https:"))
      .flatMap((answer) =>
        readCookies(answer.url, answer.headers["set-cookie"] as string | string[] | undefined),
      ),
    securityTxt: readSecurityTxt(gathered.securityTxt, Date.now()),
  };
  const run = runObservatoryTests(facts);
  return {
    ...facts,
    observatory: observatoryGrade(facts, run),
    findings: httpFindings(facts, run),
  };
}

function readPage(https: ChainResult): HttpPage {
  const body = https.body?.toString("utf8") ?? "";
  return { ...readHtmlPage(body), truncated: https.fetch.bodyTruncated };
}

function readSecurityTxt(chain: ChainResult, now: number): SecurityTxt {
  const { fetch, body } = chain;
  const contentType = chain.answers.at(-1)?.headers["content-type"];
  const plain = typeof contentType === "string" && /^text\/plain\b/i.test(contentType);
  const base = { url: fetch.finalUrl ?? fetch.requestedUrl, status: fetch.finalStatus };
  if (fetch.finalStatus !== 200 || !plain || body === null) {
    return { ...base, found: false, signed: false, fields: null, expired: null, errors: [] };
  }
  const parsed = parseSecurityTxt(body.toString("utf8"), now);
  return { ...base, found: true, ...parsed };
}
