import type { FileChange, HttpHeaderChange } from "../../contract/remediation.js";
import {
  type Fix,
  type RemediationTable,
  type SectionFixes,
  topLevelFixes,
} from "../../contract/with-remediations.js";
import { remediation, stepsOnly } from "../../protocols/remediation/build.js";
import {
  removeHeaderChange,
  setHeaderChange,
} from "../../protocols/remediation/header-snippets.js";
import { rfc } from "../../protocols/remediation/references.js";
import type { HttpData, SecurityTxtFields } from "./declaration.js";
import { preloadMaxAge } from "./hsts.js";

type HttpFix = Fix<HttpData>;

const dayS = 86_400;
const hstsSpec = rfc(6797, "6.1");
const fetchSpec = "https://fetch.spec.whatwg.org/#x-content-type-options-header";
const cspSpec = "https://www.w3.org/TR/CSP3/";

/** Where the site's header changes go: the server it names, or every server we know. */
const serverNote = (data: HttpData): string[] =>
  data.server
    ? [`The site answers with Server: ${data.server}; use that server's line of each change.`]
    : [];

/**
 * HSTS max-age ramp (hstspreload.org's deployment advice): a short age first, so a site that
 * still needs http on some path can back out, then a week, then the year the checks ask for.
 */
const hstsRamp = [300, 7 * dayS, preloadMaxAge];

function hstsStages(from: number, keep: readonly string[]): HttpHeaderChange[] {
  const ages = hstsRamp.filter((age) => age > from);
  return ages.map((age, index) =>
    setHeaderChange(
      "Strict-Transport-Security",
      [`max-age=${age}`, ...keep].join("; "),
      ages.length > 1 ? index + 1 : undefined,
    ),
  );
}

const rampSteps = [
  "Apply the stages in order, each after the previous one has run a few days without trouble: browsers that saw a policy keep to https for its whole max-age.",
  "Once every subdomain serves https, add includeSubDomains; then preload, and submit the domain at hstspreload.org.",
];

/** `http.hsts.present`: a valid policy, ramped up to a year. */
const hstsPresent: HttpFix = (_finding, data, { domain }) =>
  remediation({
    summary: `Send Strict-Transport-Security on every HTTPS answer of ${domain}, its max-age ramped from five minutes to a year.`,
    changes: hstsStages(0, []),
    steps: [...rampSteps, ...serverNote(data)],
    references: [hstsSpec, "https://hstspreload.org/#deployment-recommendations"],
  });

/** `http.hsts.max-age`: the same policy (its directives kept) with max-age raised to a year. */
const hstsMaxAge: HttpFix = (_finding, data) => {
  const hsts = data.hsts;
  if (!hsts?.valid) return undefined;
  const keep = [
    ...(hsts.includeSubDomains ? ["includeSubDomains"] : []),
    ...(hsts.preload ? ["preload"] : []),
  ];
  return remediation({
    summary: `Raise the HSTS max-age from ${hsts.maxAge ?? 0} to ${preloadMaxAge} seconds (one year), keeping the policy's other directives.`,
    changes: hstsStages(hsts.maxAge ?? 0, keep),
    steps: [rampSteps[0]!, ...serverNote(data)],
    references: [hstsSpec, "https://hstspreload.org/#deployment-recommendations"],
  });
};

/** One header to set on every answer. */
const header =
  (name: string, value: string, summary: string, references: string[]): HttpFix =>
  (_finding, data) =>
    remediation({
      summary,
      changes: [setHeaderChange(name, value)],
      steps: serverNote(data),
      references,
    });

/** `http.headers.framing`: X-Frame-Options, and frame-ancestors where a CSP is sent already. */
const framing: HttpFix = (_finding, data) =>
  remediation({
    summary: "Let only the site's own pages frame it: X-Frame-Options: SAMEORIGIN.",
    changes: [setHeaderChange("X-Frame-Options", "SAMEORIGIN")],
    steps: [
      ...(data.headers?.contentSecurityPolicy
        ? [
            "The site sends a Content-Security-Policy: add frame-ancestors 'self' to it as well, which browsers prefer to X-Frame-Options.",
          ]
        : []),
      ...serverNote(data),
    ],
    references: [rfc(7034), `${cspSpec}#directive-frame-ancestors`],
  });

/**
 * `http.headers.csp`: a strict starting policy, reported on first and enforced after. Its
 * frame-ancestors follows the X-Frame-Options the site sends, so framing stays as it is.
 */
const csp: HttpFix = (_finding, data) => {
  const xfo = data.headers?.xFrameOptions?.trim().toUpperCase();
  const ancestors = xfo === "DENY" ? "'none'" : "'self'";
  const policy = `default-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors ${ancestors}`;
  return remediation({
    summary:
      "Send a Content-Security-Policy: the starting policy in report-only mode first, then enforced once the browsers' reports show what the pages load.",
    changes: [
      setHeaderChange("Content-Security-Policy-Report-Only", policy, 1),
      setHeaderChange("Content-Security-Policy", policy, 2),
      { ...removeHeaderChange("Content-Security-Policy-Report-Only"), stage: 2 },
    ],
    steps: [
      "Stage 1 blocks nothing: watch the browser console (or add report-to) and add to the policy every script, style, image and connect source the pages need.",
      "Stage 2 enforces the policy so adjusted, in place of the report-only header.",
      ...serverNote(data),
    ],
    references: [
      cspSpec,
      "https://infosec.mozilla.org/guidelines/web_security#content-security-policy",
    ],
  });
};

const steps = stepsOnly<HttpData>;

/** `http.cookies.flags`: the flags belong to the code or proxy setting the cookies. */
const cookieFlags: HttpFix = (finding) => {
  const names = Array.isArray(finding.details?.cookies)
    ? (finding.details.cookies as { name: string }[]).map((cookie) => cookie.name)
    : [];
  return remediation({
    summary: `Set the Secure and HttpOnly attributes on ${names.length > 0 ? names.join(", ") : "every cookie"}.`,
    steps: [
      "In the application that sets them (its session or cookie settings); a cookie scripts must read keeps HttpOnly off but still needs Secure.",
      'Or at the proxy: nginx proxy_cookie_flags ~ secure httponly; Apache Header always edit Set-Cookie ^(.*)$ "$1; Secure; HttpOnly"; HAProxy http-response replace-header Set-Cookie (.*) "\\1; Secure; HttpOnly".',
    ],
    references: [rfc(6265, "4.1.2.5"), rfc(6265, "4.1.2.6")],
  });
};

/** A security.txt Expires under a year ahead (RFC 9116 2.5.5 advises less than a year). */
const expiresIn = (days: number) => new Date(Date.now() + days * dayS * 1000).toISOString();

const securityTxtParameter = {
  name: "securityContact",
  description:
    "Where security reports reach you, as a URI: mailto:security@your.domain or an https:// form.",
};

function securityTxtFile(domain: string, lines: readonly string[]): FileChange {
  return {
    kind: "file",
    url: `https://${domain}/.well-known/security.txt`,
    path: "/.well-known/security.txt",
    contentType: "text/plain; charset=utf-8",
    content: `${lines.join("\n")}\n`,
  };
}

const renewStep =
  "Renew Expires before it passes (it is set 330 days ahead): an expired file tells researchers nobody reads it.";

/** `http.security-txt.present`: the file, with the contact the user supplies. */
const securityTxtPresent: HttpFix = (_finding, _data, { domain }) =>
  remediation({
    summary: `Publish /.well-known/security.txt on ${domain} with a Contact and an Expires.`,
    changes: [
      securityTxtFile(domain, [
        `Contact: {{${securityTxtParameter.name}}}`,
        `Expires: ${expiresIn(330)}`,
      ]),
    ],
    steps: [renewStep],
    parameters: [securityTxtParameter],
    references: [rfc(9116, "2.5"), rfc(9116, "3")],
  });

const https = (uri: string) => uri.replace(/^http:/i, "https:");
const isUri = (value: string) => /^[a-z][a-z0-9+.-]*:/i.test(value);

/** `http.security-txt.valid`: the file's own fields kept, web URIs on https, a fresh Expires. */
const securityTxtValid: HttpFix = (_finding, data, { domain }) => {
  const fields = data.securityTxt.fields;
  if (!fields) return undefined;
  const contacts = fields.contact.filter(isUri).map(https);
  const listed: [string, keyof SecurityTxtFields][] = [
    ["Encryption", "encryption"],
    ["Acknowledgments", "acknowledgments"],
    ["Canonical", "canonical"],
    ["Policy", "policy"],
    ["Hiring", "hiring"],
  ];
  const lines = [
    ...(contacts.length > 0 ? contacts : [`{{${securityTxtParameter.name}}}`]).map(
      (contact) => `Contact: ${contact}`,
    ),
    `Expires: ${expiresIn(330)}`,
    ...listed.flatMap(([name, key]) =>
      (fields[key] as string[]).map((value) => `${name}: ${https(value)}`),
    ),
    ...(fields.preferredLanguages.length > 0
      ? [`Preferred-Languages: ${fields.preferredLanguages.join(", ")}`]
      : []),
  ];
  return remediation({
    summary: `Rewrite ${data.securityTxt.url} with its own fields, web URIs on https and a new Expires${contacts.length === 0 ? ", and a Contact you supply" : ""}.`,
    changes: [securityTxtFile(domain, lines)],
    steps: [
      renewStep,
      ...(data.securityTxt.signed
        ? ["The file was signed: sign the new one with the same OpenPGP key (gpg --clearsign)."]
        : []),
    ],
    ...(contacts.length === 0 ? { parameters: [securityTxtParameter] } : {}),
    references: [rfc(9116, "2.5")],
  });
};

const observatory = "https://developer.mozilla.org/en-US/observatory/docs/tests_and_scoring";

/** `http.headers.disclosure`: drop each header the finding saw giving a version. */
const disclosure: HttpFix = (_finding, data) => {
  const names = [...new Set(data.disclosure.map((header) => header.name))];
  if (names.length === 0) return undefined;
  return remediation({
    summary: `Stop sending ${names.join(", ")}: a version tells attackers which known flaws to try.`,
    changes: names.map((name) => removeHeaderChange(name)),
    steps: [
      "Where the application adds the header itself (PHP expose_php = Off, Express app.disable('x-powered-by'), ASP.NET enableVersionHeader=false), turn it off there too; nginx server_tokens off; Apache ServerTokens Prod.",
      ...serverNote(data),
    ],
    references: ["https://owasp.org/www-project-secure-headers/#div-bestpractices"],
  });
};

/** The http section's fixes, by finding id. */
export const httpRemediations: RemediationTable<HttpData> = {
  "http.https.reachable": steps(
    "Serve the site over https on port 443.",
    [
      "Obtain a certificate for the domain (an ACME client such as certbot or Caddy's built-in one), configure the server to listen on 443 with it, and open port 443 to the internet.",
    ],
    [rfc(9110, "4.2.2")],
  ),
  "http.https.enforced": steps(
    "Redirect every plain-http request to the same https URL.",
    [
      "nginx: return 301 https://$host$request_uri; in the port 80 server block. Apache: RewriteEngine On, RewriteRule ^ https://%{HTTP_HOST}%{REQUEST_URI} [R=301,L]. Caddy does it by default. IIS: the URL Rewrite module's HTTP to HTTPS rule.",
    ],
    [rfc(6797, "7.2")],
  ),
  "http.redirect.safe": steps(
    "Make every redirect end on https, on a public address, within a few hops.",
    [
      "Follow the chain in the finding's details: point each Location straight at the final https URL, never back to http:// and never to a host that resolves to a private address.",
    ],
    [rfc(9110, "15.4"), rfc(6797, "7.2")],
  ),
  "http.hsts.present": hstsPresent,
  "http.hsts.max-age": hstsMaxAge,
  "http.headers.nosniff": header(
    "X-Content-Type-Options",
    "nosniff",
    "Send X-Content-Type-Options: nosniff, so browsers do not guess content types.",
    [fetchSpec],
  ),
  "http.headers.framing": framing,
  "http.headers.csp": csp,
  "http.headers.referrer-policy": header(
    "Referrer-Policy",
    "strict-origin-when-cross-origin",
    "Send Referrer-Policy: strict-origin-when-cross-origin: other sites see the origin, never the path.",
    ["https://www.w3.org/TR/referrer-policy/#referrer-policy-strict-origin-when-cross-origin"],
  ),
  "http.headers.corp": header(
    "Cross-Origin-Resource-Policy",
    "same-origin",
    "Send Cross-Origin-Resource-Policy: same-origin in place of the value browsers ignore (same-site or cross-origin where other sites must load the resources).",
    ["https://fetch.spec.whatwg.org/#cross-origin-resource-policy-header", observatory],
  ),
  "http.headers.coop": header(
    "Cross-Origin-Opener-Policy",
    "same-origin",
    "Send Cross-Origin-Opener-Policy: same-origin in place of the value browsers ignore (same-origin-allow-popups where the site opens other sites' windows it must talk to).",
    [
      "https://html.spec.whatwg.org/multipage/browsers.html#cross-origin-opener-policies",
      observatory,
    ],
  ),
  "http.headers.coep": header(
    "Cross-Origin-Embedder-Policy",
    "credentialless",
    "Send Cross-Origin-Embedder-Policy: credentialless in place of the value browsers ignore: other sites' resources still load, without cookies (require-corp once each one sends CORP or CORS).",
    ["https://html.spec.whatwg.org/multipage/browsers.html#coep", observatory],
  ),
  "http.headers.disclosure": disclosure,
  "http.cors.policy": steps(
    "Stop reflecting any Origin with credentials allowed: answer only the origins the site trusts.",
    [
      "In the code or proxy that writes Access-Control-Allow-Origin, compare the request's Origin with a fixed list of your own origins and send it back only on a match (with Vary: Origin); send no Access-Control-Allow-Credentials otherwise.",
    ],
    ["https://fetch.spec.whatwg.org/#http-cors-protocol", observatory],
  ),
  "http.sri.scripts": steps(
    "Load other sites' scripts over https with an integrity hash and crossorigin.",
    [
      'For each script or stylesheet in the finding\'s details: use its https URL, add integrity="sha384-..." (openssl dgst -sha384 -binary FILE | openssl base64 -A) and crossorigin="anonymous"; or serve a copy from the site itself.',
    ],
    ["https://www.w3.org/TR/SRI/", observatory],
  ),
  "http.cookies.flags": cookieFlags,
  "http.security-txt.present": securityTxtPresent,
  "http.security-txt.valid": securityTxtValid,
};

/** The table and where the http section keeps its findings. */
export const httpFixes: SectionFixes<HttpData> = topLevelFixes(httpRemediations);
