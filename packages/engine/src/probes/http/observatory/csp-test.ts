import { CspSyntaxError, effectivePolicy } from "../csp/effective-policy.js";
import type { HttpPage, HttpSecurityHeaders } from "../declaration.js";
import type { ObservatoryOutcome } from "./outcomes.js";

/** What the Observatory's CSP test notes about the policy (`Policy` in its `types.js`). */
export interface CspPolicyTraits {
  antiClickjacking: boolean;
  defaultNone: boolean;
  insecureBaseUri: boolean;
  insecureFormAction: boolean;
  insecureSchemeActive: boolean;
  insecureSchemePassive: boolean;
  strictDynamic: boolean;
  unsafeEval: boolean;
  unsafeInline: boolean;
  unsafeInlineStyle: boolean;
  unsafeObjects: boolean;
}

export interface CspTestResult {
  outcome: ObservatoryOutcome;
  /** Null when no policy could be read. */
  traits: CspPolicyTraits | null;
  /** The policy has frame-ancestors (which the X-Frame-Options test accepts instead). */
  frameAncestors: boolean;
}

const broad = new Set([
  "ftp:",
  "http:",
  "https:",
  "*",
  "http://*",
  "http://*.*",
  "https://*",
  "https://*.*",
]);
const broadOrInline = new Set([...broad, "'unsafe-inline'", "data:"]);
const passiveDirectives = new Set(["img-src", "media-src"]);
// Directives a <meta> policy may not set (HTML: the http-equiv Content-Security-Policy state).
const headerOnly = ["frame-ancestors", "report-uri", "sandbox"];
const nonceOrHash = ["'sha256-", "'sha384-", "'sha512-", "'nonce-"];

const hasNonceOrHash = (sources: Set<string>) =>
  [...sources].some((source) => nonceOrHash.some((prefix) => source.startsWith(prefix)));
const insecureScheme = (source: string) => source.startsWith("http:") || source.startsWith("ftp:");
const splitPolicies = (values: readonly string[]) =>
  values.flatMap((value) => value.split(",").map((policy) => policy.trim()));

function tryPolicy(policies: readonly string[]) {
  try {
    return effectivePolicy(policies);
  } catch (error) {
    if (error instanceof CspSyntaxError) return null;
    throw error;
  }
}

/**
 * The Observatory's CSP test on the final HTTPS answer (an https page): the enforced policies of
 * the header and of `<meta http-equiv>` tags (without the directives a meta tag may not set)
 * read as one, then judged from the worst: `'unsafe-inline'`, `data:` or broad sources in
 * script-src (or broad object-src; neither set counts as `*`), http: sources, `'unsafe-eval'`,
 * http: images or media, loose style-src; `'unsafe-inline'` beside a nonce or hash is ignored,
 * as browsers do, and `'strict-dynamic'` without one is invalid.
 */
export function cspTest(headers: HttpSecurityHeaders, page: HttpPage | null): CspTestResult {
  const headerPolicies = splitPolicies(
    headers.contentSecurityPolicy ? [headers.contentSecurityPolicy.header] : [],
  );
  const metaPolicies = splitPolicies(page?.contentSecurityPolicy ?? []);
  const none = { traits: null, frameAncestors: false };
  const csp = tryPolicy([...headerPolicies, ...metaPolicies]);
  if (csp === null) return { outcome: "csp-header-invalid", ...none };
  const fromHeader = tryPolicy(headerPolicies)?.directives ?? new Map<string, Set<string>>();
  const fromMeta = tryPolicy(metaPolicies)?.directives ?? new Map<string, Set<string>>();
  for (const directive of headerOnly) fromMeta.delete(directive);
  if (fromHeader.size + fromMeta.size === 0) {
    return {
      outcome: headers.contentSecurityPolicyReportOnly?.header
        ? "csp-not-implemented-but-reporting-enabled"
        : "csp-not-implemented",
      ...none,
    };
  }
  const { directives } = csp;
  const any = () => new Set(["*"]);
  const baseUri = directives.get("base-uri") ?? any();
  const frameAncestors = fromHeader.get("frame-ancestors") ?? any();
  const formAction = directives.get("form-action") ?? any();
  // Shared sets on purpose: default-src stands for each directive it covers, as in the Observatory.
  const objectSrc = directives.get("object-src") ?? directives.get("default-src") ?? any();
  const scriptSrc = directives.get("script-src") ?? directives.get("default-src") ?? any();
  const styleSrc = directives.get("style-src") ?? directives.get("default-src") ?? any();
  const traits: CspPolicyTraits = {
    antiClickjacking: false,
    defaultNone: false,
    insecureBaseUri: false,
    insecureFormAction: false,
    insecureSchemeActive: false,
    insecureSchemePassive: false,
    strictDynamic: false,
    unsafeEval: false,
    unsafeInline: false,
    unsafeInlineStyle: false,
    unsafeObjects: false,
  };
  // The first problem found is the outcome: the checks run from the worst down.
  const found: ObservatoryOutcome[] = [];
  const worst = (outcome: ObservatoryOutcome) => found.push(outcome);

  // Browsers ignore 'unsafe-inline' when a nonce or hash is present (CSP Level 2).
  for (const sources of [scriptSrc, styleSrc]) {
    if (hasNonceOrHash(sources)) sources.delete("'unsafe-inline'");
  }
  // 'strict-dynamic' with a nonce or hash ignores allow-lists, 'self' and 'unsafe-inline'.
  if (hasNonceOrHash(scriptSrc) && scriptSrc.has("'strict-dynamic'")) {
    for (const source of scriptSrc) {
      const allowList = [...broad].some((prefix) => source.startsWith(prefix));
      if (allowList || source === "'self'" || source === "'unsafe-inline'")
        scriptSrc.delete(source);
    }
    traits.strictDynamic = true;
  } else if (scriptSrc.has("'strict-dynamic'")) {
    worst("csp-header-invalid");
  }

  const activeSources = [
    ...[...directives]
      .filter(([name]) => !passiveDirectives.has(name) && name !== "script-src")
      .flatMap(([, sources]) => [...sources]),
    ...scriptSrc,
  ];
  const passiveSources = [...passiveDirectives].flatMap((name) => [
    ...(directives.get(name) ?? directives.get("default-src") ?? []),
  ]);

  if (
    [...scriptSrc].some((source) => broadOrInline.has(source)) ||
    [...objectSrc].some((source) => broad.has(source))
  ) {
    worst("csp-implemented-with-unsafe-inline");
    traits.unsafeInline = true;
  }
  if (activeSources.some(insecureScheme)) {
    worst("csp-implemented-with-insecure-scheme");
    traits.insecureSchemeActive = true;
  }
  if (scriptSrc.has("'unsafe-eval'") || styleSrc.has("'unsafe-eval'")) {
    worst("csp-implemented-with-unsafe-eval");
    traits.unsafeEval = true;
  }
  if (passiveSources.some(insecureScheme)) {
    worst("csp-implemented-with-insecure-scheme-in-passive-content-only");
    traits.insecureSchemePassive = true;
  }
  if ([...styleSrc].some((source) => broadOrInline.has(source))) {
    worst("csp-implemented-with-unsafe-inline-in-style-src-only");
    traits.unsafeInlineStyle = true;
  }
  const defaultSrc = directives.get("default-src");
  if (defaultSrc?.size === 1 && defaultSrc.has("'none'")) {
    worst("csp-implemented-with-no-unsafe-default-src-none");
    traits.defaultNone = true;
  } else {
    worst("csp-implemented-with-no-unsafe");
  }

  traits.antiClickjacking = [...frameAncestors].every((source) => !broad.has(source));
  traits.insecureBaseUri = [...baseUri].some((source) => broadOrInline.has(source));
  traits.insecureFormAction = [...formAction].some((source) => broad.has(source));
  traits.unsafeObjects = [...objectSrc].some((source) => broad.has(source));

  let result = found[0]!;
  const passing: ObservatoryOutcome[] = [
    "csp-implemented-with-no-unsafe",
    "csp-implemented-with-no-unsafe-default-src-none",
    "csp-implemented-with-unsafe-inline-in-style-src-only",
    "csp-implemented-with-insecure-scheme-in-passive-content-only",
  ];
  if (passing.includes(result) && csp.duplicates.size > 0) {
    result = "csp-implemented-but-duplicate-directives";
  }
  return { outcome: result, traits, frameAncestors: directives.has("frame-ancestors") };
}
