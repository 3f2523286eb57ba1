import type { Finding } from "../../contract/finding.js";

/** Why a fetch chain ended without a final answer. */
export type HttpFailureReason =
  | "no_address"
  | "address_not_allowed"
  | "connection_refused"
  | "tls_error"
  | "timeout"
  | "protocol_error"
  | "redirect_loop"
  | "too_many_redirects"
  | "unsupported_redirect"
  | "network_error";

/** One request of a chain: the URL asked, the status answered and its `Location`. */
export interface HttpHop {
  url: string;
  /** Null when no answer came. */
  status: number | null;
  location: string | null;
}

/** `https://{domain}/` or `http://{domain}/`, redirects followed by hand. */
export interface HttpFetch {
  requestedUrl: string;
  /** A final answer (not a redirect) came back. */
  reachable: boolean;
  reason: HttpFailureReason | null;
  /** The network error's code (`ECONNREFUSED`, `ERR_ADDRESS_NOT_ALLOWED`...), else null. */
  errorCode: string | null;
  /** Every request made, in order; the last is the final answer when `reachable`. */
  hops: HttpHop[];
  finalUrl: string | null;
  finalStatus: number | null;
  /** ALPN result of the final answer's connection: `h2` or `http/1.1`. */
  protocol: string | null;
  /** From the first request to the final answer's headers, in milliseconds. */
  responseTimeMs: number | null;
  /** Body bytes read of the final answer, at most the cap. */
  bodyBytes: number | null;
  /** The body was larger than the cap, or did not arrive in time: the rest was discarded. */
  bodyTruncated: boolean;
  /** A hop went from https to http. */
  downgrade: boolean;
}

export interface HttpHsts {
  /** As sent, on the HTTPS answer of `https://{domain}/` itself. */
  header: string;
  valid: boolean;
  maxAge: number | null;
  includeSubDomains: boolean;
  preload: boolean;
  errors: string[];
}

export interface HttpPreload {
  ready: boolean;
  /** The preload list's rules not met. */
  unmet: string[];
}

export interface HttpCsp {
  header: string;
  /** Directive name (lower-case) to its values. */
  directives: Record<string, string[]>;
}

export interface HttpSecurityHeaders {
  contentSecurityPolicy: HttpCsp | null;
  xFrameOptions: string | null;
  xContentTypeOptions: string | null;
  referrerPolicy: string | null;
  permissionsPolicy: string | null;
  /** Feature names of `Permissions-Policy` when it parses as a structured dictionary. */
  permissionsPolicyFeatures: string[] | null;
  crossOriginOpenerPolicy: string | null;
}

/** A cookie set over HTTPS: its name and flags, never its value. */
export interface HttpCookie {
  name: string;
  url: string;
  secure: boolean;
  httpOnly: boolean;
  sameSite: string | null;
}

export interface SecurityTxtFields {
  contact: string[];
  expires: string | null;
  encryption: string[];
  acknowledgments: string[];
  canonical: string[];
  policy: string[];
  hiring: string[];
  preferredLanguages: string[];
}

export interface SecurityTxt {
  url: string;
  /** A text/plain 200 answer. */
  found: boolean;
  status: number | null;
  signed: boolean;
  fields: SecurityTxtFields | null;
  expired: boolean | null;
  /** What RFC 9116 requires and the file does not meet. */
  errors: string[];
}

export interface HttpData {
  https: HttpFetch;
  http: HttpFetch;
  hsts: HttpHsts | null;
  preload: HttpPreload;
  /** Of the final HTTPS answer. */
  headers: HttpSecurityHeaders | null;
  server: string | null;
  altSvc: string | null;
  /** `Alt-Svc` offers `h3`. */
  http3Advertised: boolean;
  cookies: HttpCookie[];
  securityTxt: SecurityTxt;
  findings: Finding[];
}
