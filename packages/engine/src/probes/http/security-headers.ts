import { parseDictionary } from "structured-headers";
import type { HttpCsp, HttpSecurityHeaders } from "./declaration.js";

export type ResponseHeaders = Record<string, string | string[] | undefined>;

/** A header's value, several field lines joined with ", " as RFC 9110 section 5.3 allows. */
export function headerValue(headers: ResponseHeaders, name: string): string | null {
  const value = headers[name];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(", ") : value;
}

/** The security headers of an answer, as sent (field lines joined), CSP split into directives. */
export function readSecurityHeaders(headers: ResponseHeaders): HttpSecurityHeaders {
  const csp = headerValue(headers, "content-security-policy");
  const reportOnly = headerValue(headers, "content-security-policy-report-only");
  const permissions = headerValue(headers, "permissions-policy");
  return {
    contentSecurityPolicy: csp === null ? null : parseCsp(csp),
    contentSecurityPolicyReportOnly: reportOnly === null ? null : parseCsp(reportOnly),
    xFrameOptions: headerValue(headers, "x-frame-options"),
    xContentTypeOptions: headerValue(headers, "x-content-type-options"),
    referrerPolicy: headerValue(headers, "referrer-policy"),
    permissionsPolicy: permissions,
    permissionsPolicyFeatures: permissions === null ? null : featuresOf(permissions),
    crossOriginOpenerPolicy: headerValue(headers, "cross-origin-opener-policy"),
    crossOriginEmbedderPolicy: headerValue(headers, "cross-origin-embedder-policy"),
    crossOriginResourcePolicy: headerValue(headers, "cross-origin-resource-policy"),
    strictTransportSecurity: headerValue(headers, "strict-transport-security"),
    contentType: headerValue(headers, "content-type"),
  };
}

/**
 * CSP Level 3 section 2.2.1: policies separated by commas, directives by semicolons, the first
 * occurrence of a directive name wins within a policy. Several policies all apply, so their
 * directives are merged here with every value kept.
 */
export function parseCsp(header: string): HttpCsp {
  // A Map, not an object: a directive may be named `__proto__` or `constructor`.
  const directives = new Map<string, string[]>();
  for (const policy of header.split(",")) {
    const seen = new Set<string>();
    for (const token of policy.split(";")) {
      const [name, ...values] = token.trim().split(/[ \t]+/);
      if (!name) continue;
      const key = name.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      directives.set(key, [...(directives.get(key) ?? []), ...values]);
    }
  }
  return { header, directives: Object.fromEntries(directives) };
}

// Permissions-Policy is a structured-field dictionary (RFC 8941); one that does not parse is
// ignored by browsers, hence null.
function featuresOf(header: string): string[] | null {
  try {
    return [...parseDictionary(header).keys()];
  } catch {
    return null;
  }
}
