import { FindingSchema } from "../../contract/finding.js";
import {
  Defaulted,
  Nullable,
  type OptionsOf,
  type SettingsOf,
  type Static,
  StringEnum,
  Type,
} from "../../contract/schema.js";
import type { SectionDeclaration } from "../../contract/section-declaration.js";
import { CaOption } from "../../protocols/x509/ca-option.js";
import { observatoryGrades } from "./observatory/grade.js";
import {
  type ObservatoryTest,
  observatoryOutcomeNames,
  observatoryTests,
} from "./observatory/outcomes.js";
import example from "./openapi-example.json" with { type: "json" };

const maxTimerMs = 2_147_483_647;
const port = (fallback: number, description: string) =>
  Defaulted(Type.Integer({ minimum: 1, maximum: 65535, default: fallback, description }));
const positive = (fallback: number, description: string) =>
  Defaulted(Type.Integer({ minimum: 1, maximum: maxTimerMs, default: fallback, description }));

export const HttpOptions = Type.Object(
  {
    httpsPort: port(443, "Port of `https://{domain}/`."),
    httpPort: port(80, "Port of `http://{domain}/`."),
    ca: Defaulted(CaOption),
    requestTimeoutMs: positive(5000, "Cap on each request, connect to headers, in milliseconds."),
    bodyTimeoutMs: positive(3000, "Cap on reading a body, in milliseconds."),
    maxBodyBytes: positive(256 * 1024, "Body bytes read of each answer; the rest is discarded."),
  },
  { additionalProperties: false },
);

const strings = Type.Array(Type.String());

/** Why a fetch chain ended without a final answer. */
export const httpFailureReasons = [
  "no_address",
  "address_not_allowed",
  "connection_refused",
  "tls_error",
  "timeout",
  "protocol_error",
  "redirect_loop",
  "too_many_redirects",
  "unsupported_redirect",
  "network_error",
] as const;

const HttpHopSchema = Type.Object(
  {
    url: Type.String(),
    status: Nullable(Type.Integer(), { description: "Null when no answer came." }),
    location: Nullable(Type.String()),
  },
  { description: "One request of a chain." },
);

const HttpFetchSchema = Type.Object(
  {
    requestedUrl: Type.String(),
    reachable: Type.Boolean({ description: "The first request got an HTTP answer." }),
    reason: Nullable(StringEnum(httpFailureReasons), {
      description: "Why the chain ended without a final answer; null when it has one.",
    }),
    /** The network error's code (`ECONNREFUSED`, `ERR_ADDRESS_NOT_ALLOWED`...), else null. */
    errorCode: Nullable(Type.String()),
    /** Every request made, in order; the last is the final answer when `reachable`. */
    hops: Type.Array(HttpHopSchema),
    finalUrl: Nullable(Type.String()),
    finalStatus: Nullable(Type.Integer()),
    /** ALPN result of the final answer's connection: `h2` or `http/1.1`. */
    protocol: Nullable(Type.String(), { examples: ["h2", "http/1.1"] }),
    /** From the first request to the final answer's headers, in milliseconds. */
    responseTimeMs: Nullable(Type.Integer({ minimum: 0 })),
    /** Body bytes read of the final answer, at most the cap. */
    bodyBytes: Nullable(Type.Integer({ minimum: 0 })),
    /** The body was larger than the cap, or did not arrive in time: the rest was discarded. */
    bodyTruncated: Type.Boolean(),
    downgrade: Type.Boolean({ description: "A redirect went from https to http." }),
  },
  { description: "A URL fetched with its redirects followed by hand (at most 10)." },
);

const HttpHstsSchema = Type.Object(
  {
    /** As sent, on the HTTPS answer of `https://{domain}/` itself. */
    header: Type.String(),
    valid: Type.Boolean(),
    maxAge: Nullable(Type.Integer({ minimum: 0 })),
    includeSubDomains: Type.Boolean(),
    preload: Type.Boolean(),
    errors: strings,
  },
  { description: "Strict-Transport-Security of the domain's own HTTPS answer (RFC 6797)." },
);

const HttpPreloadSchema = Type.Object(
  {
    ready: Type.Boolean(),
    /** The preload list's rules not met. */
    unmet: strings,
  },
  { description: "Whether the HSTS policy meets the preload list's rules, and which it misses." },
);

const HttpCspSchema = Type.Object({
  header: Type.String(),
  /** Directive name (lower-case) to its values. */
  directives: Type.Unsafe<Record<string, string[]>>({
    type: "object",
    additionalProperties: { type: "array", items: { type: "string" } },
  }),
});

const HttpSecurityHeadersSchema = Type.Object(
  {
    contentSecurityPolicy: Nullable(HttpCspSchema),
    xFrameOptions: Nullable(Type.String()),
    xContentTypeOptions: Nullable(Type.String()),
    referrerPolicy: Nullable(Type.String()),
    permissionsPolicy: Nullable(Type.String()),
    /** Feature names of `Permissions-Policy` when it parses as a structured dictionary. */
    permissionsPolicyFeatures: Nullable(strings),
    crossOriginOpenerPolicy: Nullable(Type.String()),
    contentSecurityPolicyReportOnly: Nullable(HttpCspSchema),
    crossOriginEmbedderPolicy: Nullable(Type.String()),
    crossOriginResourcePolicy: Nullable(Type.String()),
    /** The final answer's, which may differ from the domain's own answer's in `hsts`. */
    strictTransportSecurity: Nullable(Type.String()),
    contentType: Nullable(Type.String()),
  },
  {
    description:
      "Security headers of the final HTTPS answer, as sent (several field lines joined with a comma).",
  },
);

const HttpCookieSchema = Type.Object(
  {
    name: Type.String(),
    url: Type.String(),
    secure: Type.Boolean(),
    httpOnly: Type.Boolean(),
    /** The SameSite attribute as sent (empty when given without a value), or null. */
    sameSite: Nullable(Type.String()),
    path: Nullable(Type.String()),
    domain: Nullable(Type.String()),
  },
  { description: "A cookie set over HTTPS; its value is never kept." },
);

const HttpPageResourceSchema = Type.Object(
  {
    kind: StringEnum(["script", "stylesheet"]),
    /** The `src` or `href` as written in the page. */
    url: Type.String(),
    integrity: Nullable(Type.String()),
    crossorigin: Nullable(Type.String()),
  },
  { description: "A `<script src>` or stylesheet `<link>` of the page." },
);

const HttpPageSchema = Type.Object(
  {
    /** Contents of `<meta http-equiv="Content-Security-Policy">` tags, in order. */
    contentSecurityPolicy: strings,
    /** The last `<meta name="referrer">` content, or null. */
    referrer: Nullable(Type.String()),
    /** `<script>` elements without `src`. */
    inlineScripts: Type.Integer({ minimum: 0 }),
    /** At most 200, in document order. */
    resources: Type.Array(HttpPageResourceSchema),
    /** Resources past the 200 listed. */
    resourcesOmitted: Type.Integer({ minimum: 0 }),
    /** Only the first `maxBodyBytes` of the page were read. */
    truncated: Type.Boolean(),
  },
  {
    description:
      "The final HTTPS answer's HTML as read (bounded), parsed with htmlparser2; null when it is not HTML.",
  },
);

const HttpCorsSchema = Type.Object(
  {
    /** The final HTTPS URL, asked with OPTIONS as a browser's preflight. */
    url: Type.String(),
    /** The Origin sent: a name nobody owns. */
    origin: Type.String(),
    status: Nullable(Type.Integer()),
    allowOrigin: Nullable(Type.String()),
    allowCredentials: Nullable(Type.String()),
    /** Why no answer came, or null. */
    error: Nullable(Type.String()),
  },
  { description: "What a CORS preflight from a foreign origin was told." },
);

const ObservatoryTestResultSchema = Type.Object({
  outcome: StringEnum(observatoryOutcomeNames),
  pass: Type.Boolean(),
  scoreModifier: Type.Integer(),
});

const ObservatorySchema = Type.Object(
  {
    score: Type.Integer({ minimum: 0 }),
    grade: StringEnum(observatoryGrades),
    tests: Type.Object(
      Object.fromEntries(observatoryTests.map((test) => [test, ObservatoryTestResultSchema])) as {
        [K in ObservatoryTest]: typeof ObservatoryTestResultSchema;
      },
    ),
  },
  {
    description:
      "The MDN HTTP Observatory's score and grade by its published rules (algorithm 6), with each test's outcome; null without a final HTTPS answer, or when it is an error other than 401 or 403 (the Observatory grades none).",
  },
);

const SecurityTxtFieldsSchema = Type.Object({
  contact: strings,
  expires: Nullable(Type.String()),
  encryption: strings,
  acknowledgments: strings,
  canonical: strings,
  policy: strings,
  hiring: strings,
  preferredLanguages: strings,
});

const SecurityTxtSchema = Type.Object(
  {
    url: Type.String(),
    found: Type.Boolean({ description: "A text/plain 200 answer." }),
    status: Nullable(Type.Integer()),
    signed: Type.Boolean(),
    fields: Nullable(SecurityTxtFieldsSchema),
    /** Expires is in the past; null when there is no usable Expires. */
    expired: Nullable(Type.Boolean()),
    /** What RFC 9116 requires and the file does not meet. */
    errors: strings,
  },
  {
    description:
      "/.well-known/security.txt parsed per RFC 9116 (a signature is noted, not verified).",
  },
);

export const HttpDataSchema = Type.Object({
  https: HttpFetchSchema,
  http: HttpFetchSchema,
  hsts: Nullable(HttpHstsSchema),
  preload: HttpPreloadSchema,
  /** Of the final HTTPS answer. */
  headers: Nullable(HttpSecurityHeadersSchema),
  server: Nullable(Type.String()),
  altSvc: Nullable(Type.String()),
  http3Advertised: Type.Boolean({ description: "Alt-Svc offers h3." }),
  page: Nullable(HttpPageSchema),
  cors: Nullable(HttpCorsSchema),
  /** Headers of the final HTTPS answer that OWASP's Secure Headers Project says to remove. */
  disclosure: Type.Array(Type.Object({ name: Type.String(), value: Type.String() })),
  cookies: Type.Array(HttpCookieSchema),
  securityTxt: SecurityTxtSchema,
  observatory: Nullable(ObservatorySchema),
  findings: Type.Array(FindingSchema),
});

export type HttpProbeOptions = OptionsOf<typeof HttpOptions>;
export type HttpSettings = SettingsOf<typeof HttpOptions>;
export type HttpData = Static<typeof HttpDataSchema>;
export type HttpFailureReason = (typeof httpFailureReasons)[number];
export type HttpFetch = HttpData["https"];
export type HttpHop = HttpFetch["hops"][number];
export type HttpHsts = Static<typeof HttpHstsSchema>;
export type HttpPreload = HttpData["preload"];
export type HttpSecurityHeaders = Static<typeof HttpSecurityHeadersSchema>;
export type HttpCsp = Static<typeof HttpCspSchema>;
export type HttpCookie = HttpData["cookies"][number];
export type SecurityTxt = HttpData["securityTxt"];
export type SecurityTxtFields = Static<typeof SecurityTxtFieldsSchema>;
export type HttpPage = Static<typeof HttpPageSchema>;
export type HttpPageResource = Static<typeof HttpPageResourceSchema>;
export type HttpCors = Static<typeof HttpCorsSchema>;
export type HttpObservatory = Static<typeof ObservatorySchema>;
/** What the checks judge: the section's data before its findings and grade. */
export type HttpFacts = Omit<HttpData, "findings" | "observatory">;

export const httpDeclaration = {
  name: "http",
  summary:
    "The web site: HTTPS enforcement, redirects, HSTS, security headers, cookies and security.txt.",
  options: HttpOptions,
  engineOptions: { key: "http", pick: [] } as const,
  data: HttpDataSchema,
  example: example as HttpData,
  defaultTtlMs: 60 * 60_000,
} satisfies SectionDeclaration<typeof HttpOptions, typeof HttpDataSchema>;
