import { type Finding, makeFinding } from "../../contract/finding.js";
import { preloadMaxAge } from "./hsts.js";
import type { HttpData, HttpFetch } from "./http-data.js";

/** Every check of the section, in the order the findings list them. */
export const httpFindingIds = [
  "http.https.reachable",
  "http.https.enforced",
  "http.redirect.safe",
  "http.hsts.present",
  "http.hsts.max-age",
  "http.hsts.preload",
  "http.headers.nosniff",
  "http.headers.framing",
  "http.headers.csp",
  "http.headers.referrer-policy",
  "http.cookies.flags",
  "http.security-txt.present",
  "http.security-txt.valid",
] as const;
export type HttpFindingId = (typeof httpFindingIds)[number];

type Facts = Omit<HttpData, "findings">;
const finding = makeFinding<HttpFindingId>;

const privateSkip =
  "Skipped: the domain resolves to a private address, which this deployment does not connect to.";

export function httpFindings(data: Facts): Finding[] {
  return [
    reachable(data.https),
    enforced(data.http),
    redirectSafe(data),
    ...hstsFindings(data),
    ...headerFindings(data),
    cookieFlags(data),
    ...securityTxtFindings(data),
  ];
}

function refusedAtStart(fetch: HttpFetch): boolean {
  return fetch.reason === "address_not_allowed" && fetch.hops.length === 1;
}

function reachable(https: HttpFetch): Finding {
  const id = "http.https.reachable";
  if (refusedAtStart(https)) return finding(id, "skipped", privateSkip);
  if (https.reachable) {
    return finding(id, "pass", `${https.requestedUrl} answers ${https.hops[0]!.status}.`);
  }
  return finding(id, "fail", `Nothing answers ${https.requestedUrl} (${https.reason}).`, {
    reason: https.reason,
    errorCode: https.errorCode,
  });
}

function enforced(http: HttpFetch): Finding {
  const id = "http.https.enforced";
  if (refusedAtStart(http)) return finding(id, "skipped", privateSkip);
  if (!http.reachable) {
    return finding(id, "info", `${http.requestedUrl} does not answer (${http.reason}).`, {
      reason: http.reason,
    });
  }
  if (http.finalUrl?.startsWith("http:")) {
    return finding(id, "fail", `${http.requestedUrl} serves content over plain http.`, {
      finalUrl: http.finalUrl,
      status: http.finalStatus,
    });
  }
  if (http.hops.some((hop) => hop.url.startsWith("https:"))) {
    return finding(id, "pass", `${http.requestedUrl} redirects to https.`);
  }
  return finding(id, "fail", `${http.requestedUrl} never reaches https (${http.reason}).`, {
    reason: http.reason,
  });
}

function redirectSafe(data: Facts): Finding {
  const id = "http.redirect.safe";
  const problems: Record<string, unknown>[] = [];
  for (const fetch of [data.https, data.http]) {
    if (fetch.downgrade) problems.push({ chain: fetch.requestedUrl, problem: "https_to_http" });
    if (fetch.reason === "redirect_loop" || fetch.reason === "too_many_redirects") {
      problems.push({ chain: fetch.requestedUrl, problem: fetch.reason });
    }
    if (fetch.reason === "unsupported_redirect") {
      problems.push({ chain: fetch.requestedUrl, problem: fetch.reason });
    }
    if (fetch.reason === "address_not_allowed" && fetch.hops.length > 1) {
      const refused = fetch.hops.at(-1)!.url;
      problems.push({ chain: fetch.requestedUrl, problem: "private_address", refused });
    }
  }
  if (!data.https.reachable && !data.http.reachable) {
    return finding(id, "skipped", "Skipped: neither https nor http answered.");
  }
  if (problems.length === 0) return finding(id, "pass", "Every redirect is safe.");
  const names = [...new Set(problems.map((problem) => problem.problem))].join(", ");
  return finding(id, "fail", `Unsafe redirects: ${names}.`, { problems });
}

function hstsFindings(data: Facts): Finding[] {
  const { hsts, https } = data;
  if (!https.reachable) {
    const why = refusedAtStart(https) ? privateSkip : "Skipped: HTTPS does not answer.";
    return [
      finding("http.hsts.present", "skipped", why),
      finding("http.hsts.max-age", "skipped", why),
      finding("http.hsts.preload", "skipped", why),
    ];
  }
  const preload = data.preload.ready
    ? finding("http.hsts.preload", "pass", "The policy meets the preload list's rules.")
    : finding("http.hsts.preload", "info", "Not ready for the preload list.", {
        unmet: data.preload.unmet,
      });
  if (!hsts) {
    return [
      finding("http.hsts.present", "fail", "The HTTPS answer has no Strict-Transport-Security."),
      finding("http.hsts.max-age", "skipped", "Skipped: no HSTS policy."),
      preload,
    ];
  }
  if (!hsts.valid) {
    return [
      finding(
        "http.hsts.present",
        "fail",
        "Strict-Transport-Security is invalid: browsers ignore it.",
        {
          errors: hsts.errors,
        },
      ),
      finding("http.hsts.max-age", "skipped", "Skipped: the HSTS policy is invalid."),
      preload,
    ];
  }
  const maxAge = hsts.maxAge ?? 0;
  return [
    finding("http.hsts.present", "pass", "Strict-Transport-Security is sent."),
    maxAge < preloadMaxAge
      ? finding("http.hsts.max-age", "warn", `max-age ${maxAge} is below one year (31536000).`, {
          maxAge,
        })
      : finding("http.hsts.max-age", "pass", `max-age ${maxAge} is at least one year.`),
    preload,
  ];
}

function headerFindings(data: Facts): Finding[] {
  const headers = data.headers;
  if (!headers) {
    const why = "Skipped: no final HTTPS answer to read headers from.";
    return [
      finding("http.headers.nosniff", "skipped", why),
      finding("http.headers.framing", "skipped", why),
      finding("http.headers.csp", "skipped", why),
      finding("http.headers.referrer-policy", "skipped", why),
    ];
  }
  const nosniff = headers.xContentTypeOptions?.trim().toLowerCase() === "nosniff";
  const frameAncestors = headers.contentSecurityPolicy?.directives["frame-ancestors"];
  const xfo = headers.xFrameOptions?.trim().toUpperCase();
  const framed = xfo === "DENY" || xfo === "SAMEORIGIN" || frameAncestors !== undefined;
  return [
    nosniff
      ? finding("http.headers.nosniff", "pass", "X-Content-Type-Options: nosniff is sent.")
      : finding("http.headers.nosniff", "warn", "No X-Content-Type-Options: nosniff."),
    framed
      ? finding("http.headers.framing", "pass", "Framing is restricted.")
      : finding(
          "http.headers.framing",
          "warn",
          "Neither X-Frame-Options nor CSP frame-ancestors restricts framing.",
        ),
    headers.contentSecurityPolicy
      ? finding("http.headers.csp", "pass", "Content-Security-Policy is sent.")
      : finding("http.headers.csp", "warn", "No Content-Security-Policy."),
    headers.referrerPolicy
      ? finding("http.headers.referrer-policy", "pass", "Referrer-Policy is sent.")
      : finding("http.headers.referrer-policy", "warn", "No Referrer-Policy."),
  ];
}

function cookieFlags(data: Facts): Finding {
  const id = "http.cookies.flags";
  if (!data.https.reachable) return finding(id, "skipped", "Skipped: HTTPS does not answer.");
  const weak = data.cookies.filter((cookie) => !cookie.secure || !cookie.httpOnly);
  if (weak.length === 0) {
    return finding(
      id,
      "pass",
      data.cookies.length === 0 ? "No cookie is set." : "Every cookie is Secure and HttpOnly.",
    );
  }
  return finding(
    id,
    "warn",
    `Cookies without Secure or HttpOnly: ${weak.map((c) => c.name).join(", ")}.`,
    {
      cookies: weak.map(({ name, secure, httpOnly }) => ({ name, secure, httpOnly })),
    },
  );
}

function securityTxtFindings(data: Facts): Finding[] {
  const file = data.securityTxt;
  if (!data.https.reachable) {
    const why = refusedAtStart(data.https) ? privateSkip : "Skipped: HTTPS does not answer.";
    return [
      finding("http.security-txt.present", "skipped", why),
      finding("http.security-txt.valid", "skipped", why),
    ];
  }
  if (!file.found || !file.fields) {
    return [
      finding("http.security-txt.present", "warn", `No security.txt at ${file.url}.`, {
        status: file.status,
      }),
      finding("http.security-txt.valid", "skipped", "Skipped: no security.txt."),
    ];
  }
  const present = finding(
    "http.security-txt.present",
    "pass",
    `security.txt found at ${file.url}.`,
  );
  const { fields } = file;
  const broken = fields.contact.length === 0 || fields.expires === null || file.expired !== false;
  if (broken) {
    return [
      present,
      finding(
        "http.security-txt.valid",
        "fail",
        "security.txt lacks a Contact, a valid Expires, or has expired.",
        {
          errors: file.errors,
        },
      ),
    ];
  }
  if (file.errors.length > 0) {
    return [
      present,
      finding("http.security-txt.valid", "warn", "security.txt departs from RFC 9116.", {
        errors: file.errors,
      }),
    ];
  }
  return [present, finding("http.security-txt.valid", "pass", "security.txt is valid.")];
}
