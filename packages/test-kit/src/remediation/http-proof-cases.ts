import type { HttpProofCase } from "./http-fix-proof.js";
import { healthyHeaders } from "./http-fix-proof.js";
import {
  apacheCookieEdit,
  corsOwnOrigins,
  listenHttps,
  locationsToFinal,
  nginxHttpsReturn,
  subresourceIntegrity,
} from "./http-steps.js";

/** The healthy headers without `names`, and with `extra`. */
const headersWithout = (names: readonly string[], extra: Record<string, string> = {}) => ({
  ...Object.fromEntries(Object.entries(healthyHeaders).filter(([name]) => !names.includes(name))),
  ...extra,
});

const securityTxt = (content: string) => ({
  "example.test/.well-known/security.txt": {
    contentType: "text/plain; charset=utf-8",
    content,
  },
});

/** The broken sites of the http section's findings whose fix is a header or a file. */
const httpChangeProofCases: Record<string, HttpProofCase> = {
  "http.hsts.present": { headers: headersWithout(["strict-transport-security"]) },
  "http.hsts.max-age": {
    headers: headersWithout([], {
      "strict-transport-security": "max-age=86400; includeSubDomains",
    }),
  },
  "http.headers.nosniff": { headers: headersWithout(["x-content-type-options"]) },
  "http.headers.framing": {
    headers: headersWithout(["x-frame-options", "content-security-policy"], {
      "content-security-policy": "default-src 'self'",
    }),
  },
  "http.headers.csp": { headers: headersWithout(["content-security-policy"]) },
  "http.headers.referrer-policy": { headers: headersWithout(["referrer-policy"]) },
  "http.headers.corp": {
    headers: headersWithout([], { "cross-origin-resource-policy": "nobody" }),
  },
  "http.headers.coop": { headers: headersWithout([], { "cross-origin-opener-policy": "isolate" }) },
  "http.headers.coep": {
    headers: headersWithout([], { "cross-origin-embedder-policy": "strict" }),
  },
  "http.headers.disclosure": {
    headers: headersWithout([], { server: "nginx/1.18.0", "x-powered-by": "PHP/8.1.2" }),
  },
  "http.security-txt.present": {
    files: {},
    parameters: { securityContact: "mailto:security@example.test" },
  },
  "http.security-txt.valid": {
    // Expired, with a web Contact on plain http: both rewritten, the contact kept.
    files: securityTxt(
      "Contact: http://example.test/security\nExpires: 2020-01-01T00:00:00.000Z\nPreferred-Languages: en\n",
    ),
  },
};

const page = (tags: string) => `<!doctype html><html><head>${tags}</head><body></body></html>`;
const library = "https://cdn.other.test/library.js";

/** The broken sites of the http section's findings whose fix is steps in words. */
export const httpStepProofCases: Record<string, HttpProofCase> = {
  "http.https.reachable": { https: false, steps: [listenHttps] },
  "http.https.enforced": { httpReturn: null, steps: [nginxHttpsReturn] },
  // https root -> http://.../landing -> https://.../landing: a step down to http.
  "http.redirect.safe": { redirects: { "/": "{http}/landing" }, steps: [locationsToFinal] },
  "http.cors.policy": { cors: "reflect-with-credentials", steps: [corsOwnOrigins] },
  "http.cookies.flags": { cookies: ["session=abc123; Path=/"], steps: [apacheCookieEdit] },
  "http.sri.scripts": {
    body: page(`<script src="${library}"></script>`),
    assets: { [library]: "window.library = true;\n" },
    steps: [subresourceIntegrity],
  },
};

/** Every broken site of the http section. */
export const httpProofCases: Record<string, HttpProofCase> = {
  ...httpChangeProofCases,
  ...httpStepProofCases,
};
