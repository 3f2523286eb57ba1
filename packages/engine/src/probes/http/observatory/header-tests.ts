import { parseItem, Token } from "structured-headers";
import type { HttpCors, HttpPage, HttpSecurityHeaders } from "../declaration.js";
import type { ObservatoryOutcome } from "./outcomes.js";

// Each test reads a header as sent (field lines joined), the way the Observatory reads it.

const present = (value: string | null): value is string => value !== null && value !== "";

export function xContentTypeOptionsOutcome(headers: HttpSecurityHeaders): ObservatoryOutcome {
  const value = headers.xContentTypeOptions;
  if (!present(value)) return "x-content-type-options-not-implemented";
  return value.slice(0, 256).trim().toLowerCase() === "nosniff"
    ? "x-content-type-options-nosniff"
    : "x-content-type-options-header-invalid";
}

/** `frameAncestors`: the CSP test's policy has a frame-ancestors directive. */
export function xFrameOptionsOutcome(
  headers: HttpSecurityHeaders,
  frameAncestors: boolean,
): ObservatoryOutcome {
  if (frameAncestors) return "x-frame-options-implemented-via-csp";
  const value = headers.xFrameOptions;
  if (!present(value)) return "x-frame-options-not-implemented";
  const xfo = value.slice(0, 1024).trim().toLowerCase();
  if (xfo === "deny" || xfo === "sameorigin") return "x-frame-options-sameorigin-or-deny";
  return xfo.startsWith("allow-from")
    ? "x-frame-options-allow-from-origin"
    : "x-frame-options-header-invalid";
}

const privateReferrer = new Set([
  "no-referrer",
  "same-origin",
  "strict-origin",
  "strict-origin-when-cross-origin",
]);
const leakyReferrer = new Set([
  "origin",
  "origin-when-cross-origin",
  "unsafe-url",
  "no-referrer-when-downgrade",
]);

/**
 * Referrer-Policy from the header and the page's `<meta name="referrer">` (which comes after it,
 * so it wins): the last value a browser knows is the policy (W3C Referrer Policy 11.1).
 */
export function referrerPolicyOutcome(
  headers: HttpSecurityHeaders,
  page: HttpPage | null,
): ObservatoryOutcome {
  const values = [headers.referrerPolicy, page?.referrer ?? null].filter(
    (value): value is string => value !== null,
  );
  if (values.length === 0) return "referrer-policy-not-implemented";
  const policy = values
    .join(", ")
    .split(",")
    .map((token) => token.trim().toLowerCase())
    .filter((token) => privateReferrer.has(token) || leakyReferrer.has(token))
    .at(-1);
  if (policy === undefined) return "referrer-policy-header-invalid";
  return privateReferrer.has(policy) ? "referrer-policy-private" : "referrer-policy-unsafe";
}

export function corpOutcome(headers: HttpSecurityHeaders): ObservatoryOutcome {
  const value = headers.crossOriginResourcePolicy;
  if (!present(value)) return "corp-not-implemented";
  const corp = value.slice(0, 256).trim().toLowerCase();
  if (corp === "same-origin") return "corp-implemented-with-same-origin";
  if (corp === "same-site") return "corp-implemented-with-same-site";
  return corp === "cross-origin" ? "corp-implemented-with-cross-origin" : "corp-header-invalid";
}

/**
 * A COOP or COEP value as the HTML standard reads it: an RFC 8941 item whose bare item is a
 * token (parameters such as report-to allowed), else ignored. Two field lines joined make a
 * list, which is no item: invalid, as the Observatory says.
 */
export function policyToken(value: string): string | null {
  try {
    const [bare] = parseItem(value.slice(0, 1024).trim());
    return bare instanceof Token ? bare.toString() : null;
  } catch {
    return null;
  }
}

export function coopOutcome(headers: HttpSecurityHeaders): ObservatoryOutcome {
  const value = headers.crossOriginOpenerPolicy;
  if (!present(value)) return "coop-not-implemented";
  switch (policyToken(value)) {
    case "same-origin":
      return "coop-implemented-with-same-origin";
    case "same-origin-allow-popups":
      return "coop-implemented-with-same-origin-allow-popups";
    case "noopener-allow-popups":
      return "coop-implemented-with-noopener-allow-popups";
    case "unsafe-none":
      return "coop-implemented-with-unsafe-none";
    default:
      return "coop-header-invalid";
  }
}

export function coepOutcome(headers: HttpSecurityHeaders): ObservatoryOutcome {
  const value = headers.crossOriginEmbedderPolicy;
  if (!present(value)) return "coep-not-implemented";
  switch (policyToken(value)) {
    case "require-corp":
      return "coep-implemented-with-require-corp";
    case "credentialless":
      return "coep-implemented-with-credentialless";
    case "unsafe-none":
      return "coep-implemented-with-unsafe-none";
    default:
      return "coep-header-invalid";
  }
}

/** Whether the preflight's `Access-Control-Allow-Origin` is the Origin it was sent. */
export const reflectsOrigin = (cors: HttpCors): boolean =>
  cors.allowOrigin !== null && cors.allowOrigin === cors.origin;

export const allowsCredentials = (cors: HttpCors): boolean =>
  cors.allowCredentials?.trim().toLowerCase() === "true";

export function corsOutcome(cors: HttpCors | null): ObservatoryOutcome {
  if (cors === null || !present(cors.allowOrigin)) {
    return "cross-origin-resource-sharing-not-implemented";
  }
  if (cors.allowOrigin.slice(0, 256).trim() === "*") {
    return "cross-origin-resource-sharing-implemented-with-public-access";
  }
  return reflectsOrigin(cors) && allowsCredentials(cors)
    ? "cross-origin-resource-sharing-implemented-with-universal-access"
    : "cross-origin-resource-sharing-implemented-with-restricted-access";
}
