import {
  closedSchemaValidator,
  type SiteSpec,
  type SpecSites,
  startSpecSites,
  testProbeContext,
} from "@domain-intel/test-kit";
import pLimit from "p-limit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Finding } from "../../contract/finding.js";
import type { HttpData } from "./declaration.js";
import { httpProbe } from "./http-probe.js";

// Where the section judges more, or more strictly, than the MDN HTTP Observatory (the engine
// README says why), and the parts of its tests the Observatory's own cases do not reach. Every
// site is a loopback HTTPS and http server answering by host name.

const strong = {
  "content-type": "text/html",
  "strict-transport-security": "max-age=63072000; includeSubDomains; preload",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
};

/** A site with strong headers; `headers` replace them (null drops one). */
function site(
  host: string,
  headers: Record<string, string | string[] | null> = {},
  more: Partial<Omit<SiteSpec, "host" | "page">> & { body?: string; status?: number } = {},
): SiteSpec {
  const merged: Record<string, string | string[]> = { ...strong };
  for (const [name, value] of Object.entries(headers)) {
    if (value === null) delete merged[name];
    else merged[name] = value;
  }
  return {
    host,
    http: more.http === undefined ? [`http://${host}/`, `https://${host}/`] : more.http,
    https: more.https ?? "ok",
    page: { status: more.status ?? 200, headers: merged, body: more.body ?? "" },
    cors: more.cors ?? null,
  };
}

const sri = (tags: string) => `<!doctype html><html><head>${tags}</head><body></body></html>`;
const hash = "sha384-zTm/dblzLXQNp3CgY+hfaC/WJ6h4XtNrePh2CW2+rO9GPuNiPb9jmthvAL+oI/dQ";

const specs = {
  hstsJoined: site("hsts-joined.example.test", {
    "strict-transport-security":
      "max-age=15768000; includeSubDomains, max-age=15768000; includeSubDomains",
  }),
  hstsOnlyFinal: site(
    "hsts-final.example.test",
    {},
    {
      http: [
        "http://hsts-final.example.test/",
        "https://hsts-final.example.test/",
        "https://www.hsts-final.example.test/",
      ],
    },
  ),
  offHost: site(
    "off-host.example.test",
    {},
    {
      http: ["http://off-host.example.test/", "https://www.off-host.example.test/"],
    },
  ),
  httpFirst: site(
    "http-first.example.test",
    {},
    {
      http: [
        "http://http-first.example.test/",
        "http://www.http-first.example.test/",
        "https://www.http-first.example.test/",
      ],
    },
  ),
  referrerUnsafe: site("referrer.example.test", { "referrer-policy": "no-referrer, unsafe-url" }),
  referrerMissing: site("no-referrer.example.test", { "referrer-policy": null }),
  cspEmpty: site("csp-empty.example.test", { "content-security-policy": "" }),
  cspMeta: site(
    "csp-meta.example.test",
    { "content-security-policy": null, "x-frame-options": "DENY" },
    {
      body: sri(
        `<meta http-equiv="Content-Security-Policy" content="default-src 'self'; object-src 'none'">`,
      ),
    },
  ),
  cspReportOnly: site("csp-report-only.example.test", {
    "content-security-policy": null,
    "content-security-policy-report-only": "default-src 'self'; script-src 'unsafe-inline'",
    "x-frame-options": "DENY",
  }),
  cspBypass: site("csp-bypass.example.test", {
    "content-security-policy":
      "default-src 'none'; script-src https://www.google.com; frame-ancestors 'none'",
  }),
  cookies: site("cookies.example.test", {
    "set-cookie": [
      "prefs=dark; Secure; SameSite=Lax",
      "__Host-id=1; Secure; HttpOnly; Path=/; Domain=cookies.example.test; SameSite=Lax",
    ],
  }),
  cookieSameSite: site("samesite.example.test", {
    "set-cookie": ["SESSIONID=1; Secure; HttpOnly; SameSite=True"],
  }),
  corsReflected: site(
    "cors-reflect.example.test",
    {},
    {
      cors: { "access-control-allow-origin": "{origin}" },
    },
  ),
  corsCredentials: site(
    "cors-credentials.example.test",
    {},
    {
      cors: {
        "access-control-allow-origin": "{origin}",
        "access-control-allow-credentials": "true",
      },
    },
  ),
  corsStar: site(
    "cors-star.example.test",
    {},
    {
      cors: { "access-control-allow-origin": "*", "access-control-allow-credentials": "true" },
    },
  ),
  sriStylesheet: site(
    "sri-css.example.test",
    {},
    {
      body: sri(`<link rel="stylesheet" href="https://cdn.example.net/site.css">`),
    },
  ),
  sriSha1: site(
    "sri-sha1.example.test",
    {},
    {
      body: sri(
        `<script src="https://cdn.example.net/a.js" integrity="sha1-abc=" crossorigin="anonymous"></script>`,
      ),
    },
  ),
  sriNoCrossorigin: site(
    "sri-cors.example.test",
    {},
    {
      body: sri(`<script src="https://cdn.example.net/a.js" integrity="${hash}"></script>`),
    },
  ),
  disclosureVersion: site("versions.example.test", {
    server: "nginx/1.25.3",
    "x-powered-by": "PHP/8.2.7",
  }),
  disclosureProduct: site("product.example.test", { server: "cloudflare" }),
  allowFrom: site("allow-from.example.test", {
    "content-security-policy": "default-src 'none'",
    "x-frame-options": "ALLOW-FROM https://partner.example",
  }),
  errorPage: site("error.example.test", {}, { status: 500 }),
  bigPage: site(
    "big.example.test",
    { "content-security-policy": null, "x-frame-options": "DENY" },
    {
      body: `${"<p>filler</p>".repeat(30_000)}<meta http-equiv="Content-Security-Policy" content="default-src 'none'">`,
    },
  ),
} satisfies Record<string, SiteSpec>;

let sites: SpecSites;
const results = new Map<string, HttpData>();
const validate = closedSchemaValidator(httpProbe().dataSchema as object);

beforeAll(async () => {
  sites = await startSpecSites(Object.values(specs));
  // Generous caps, few runs at a time: a busy machine must not turn a case into a timeout.
  const probe = httpProbe({
    httpsPort: sites.httpsPort,
    httpPort: sites.httpPort,
    ca: sites.ca,
    requestTimeoutMs: 15_000,
  });
  const limit = pLimit(4);
  await Promise.all(
    Object.entries(specs).map(([name, spec]) =>
      limit(async () => {
        const context = testProbeContext({ resolvers: [sites.dns.address], timeoutMs: 30_000 });
        results.set(name, await probe.run(spec.host, context));
      }),
    ),
  );
}, 120_000);

afterAll(() => sites?.close());

function result(name: keyof typeof specs): HttpData {
  const data = results.get(name)!;
  expect(validate(data), JSON.stringify(data)).toEqual([]);
  return data;
}

function findingOf(name: keyof typeof specs, id: string): Finding {
  return result(name).findings.find((finding) => finding.id === id)!;
}

describe("http section: judging values, not only presence", () => {
  it("calls HSTS sent twice and joined with a comma invalid, as browsers ignore it", () => {
    expect(result("hstsJoined").hsts).toMatchObject({ valid: false });
    expect(result("hstsJoined").hsts?.errors[0]).toContain("is not a directive");
    expect(findingOf("hstsJoined", "http.hsts.present")).toMatchObject({
      status: "fail",
      details: {
        outcome: "hsts-header-invalid",
        observatory: { outcome: "hsts-header-invalid", scoreModifier: -20 },
      },
    });
  });

  it("wants HSTS on the domain's own answer, where the Observatory reads the final one", () => {
    const spec = specs.hstsOnlyFinal;
    // The apex redirects to www without HSTS; only www's answer sends it.
    expect(result("hstsOnlyFinal").https.hops.map((hop) => new URL(hop.url).hostname)).toEqual([
      spec.host,
      `www.${spec.host}`,
    ]);
    expect(findingOf("hstsOnlyFinal", "http.hsts.present")).toMatchObject({
      status: "fail",
      details: {
        outcome: "hsts-first-answer-not-implemented",
        observatory: { outcome: "hsts-implemented-max-age-at-least-six-months", pass: true },
        recommendation: expect.stringContaining("RFC 6797 section 8.1"),
      },
    });
  });

  it("warns when http's first redirect leaves the host, and the preload rules say so", () => {
    expect(findingOf("offHost", "http.https.enforced")).toMatchObject({
      status: "warn",
      details: { outcome: "redirection-off-host-from-http", recommendation: expect.any(String) },
    });
    expect(result("offHost").preload.unmet).toContain(
      "http:// does not redirect first to https:// on the same host.",
    );
    expect(findingOf("httpFirst", "http.https.enforced")).toMatchObject({
      status: "warn",
      details: { outcome: "redirection-not-to-https-on-initial-redirection" },
    });
    expect(result("httpFirst").preload.unmet).toContain(
      "http:// does not redirect first to https:// on the same host.",
    );
  });

  it("judges Referrer-Policy by its last known value, and asks for one when missing", () => {
    expect(findingOf("referrerUnsafe", "http.headers.referrer-policy")).toMatchObject({
      status: "warn",
      details: { outcome: "referrer-policy-unsafe" },
    });
    // The Observatory passes a missing header; we warn, and the details show both.
    expect(findingOf("referrerMissing", "http.headers.referrer-policy")).toMatchObject({
      status: "warn",
      details: {
        outcome: "referrer-policy-not-implemented",
        observatory: { pass: true, scoreModifier: 0 },
        recommendation: expect.stringContaining("strict-origin-when-cross-origin"),
      },
    });
  });

  it("fails an empty CSP, reads one from <meta>, and reports a report-only one as such", () => {
    expect(findingOf("cspEmpty", "http.headers.csp")).toMatchObject({
      status: "fail",
      details: { outcome: "csp-header-invalid" },
    });
    expect(result("cspMeta").page?.contentSecurityPolicy).toEqual([
      "default-src 'self'; object-src 'none'",
    ]);
    expect(findingOf("cspMeta", "http.headers.csp")).toMatchObject({
      status: "pass",
      details: { outcome: "csp-implemented-with-no-unsafe", evaluator: [{ source: "meta" }] },
    });
    // Report-only is no enforced policy: DESIGN.md's warn for a missing CSP.
    const reportOnly = findingOf("cspReportOnly", "http.headers.csp");
    expect(reportOnly).toMatchObject({
      status: "warn",
      details: { outcome: "csp-not-implemented-but-reporting-enabled" },
    });
    expect(reportOnly.details?.evaluator).toEqual([
      expect.objectContaining({
        source: "report-only",
        weaknesses: expect.arrayContaining([
          expect.objectContaining({ type: "SCRIPT_UNSAFE_INLINE", severity: "HIGH" }),
        ]),
      }),
    ]);
  });

  it("warns on an allow-listed host Google's CSP Evaluator knows to be bypassable", () => {
    expect(findingOf("cspBypass", "http.headers.csp")).toMatchObject({
      status: "warn",
      details: {
        outcome: "csp-evaluator-weakness",
        observatory: { outcome: "csp-implemented-with-no-unsafe-default-src-none" },
        evaluator: [
          {
            source: "header",
            weaknesses: expect.arrayContaining([
              expect.objectContaining({ type: "SCRIPT_ALLOWLIST_BYPASS", severity: "HIGH" }),
            ]),
          },
        ],
      },
    });
  });

  it("checks HttpOnly on every cookie and the __Host- prefix rules", () => {
    const cookies = findingOf("cookies", "http.cookies.flags");
    expect(cookies).toMatchObject({
      status: "warn",
      details: {
        outcome: "cookies-prefix-invalid",
        observatory: { outcome: "cookies-secure-with-httponly-sessions-and-samesite", pass: true },
        cookies: [
          { name: "prefs", problems: ["no_httponly"] },
          { name: "__Host-id", problems: ["prefix_invalid"] },
        ],
      },
    });
    expect(findingOf("cookieSameSite", "http.cookies.flags")).toMatchObject({
      status: "fail",
      details: { outcome: "cookies-samesite-flag-invalid" },
    });
  });

  it("fails a preflight that copies any Origin with credentials; notes weaker CORS slips", () => {
    expect(findingOf("corsCredentials", "http.cors.policy")).toMatchObject({
      status: "fail",
      details: { outcome: "cross-origin-resource-sharing-implemented-with-universal-access" },
    });
    expect(result("corsCredentials").cors).toMatchObject({
      origin: "https://cors-check.domain-intel.invalid",
      allowOrigin: "https://cors-check.domain-intel.invalid",
      allowCredentials: "true",
    });
    expect(findingOf("corsReflected", "http.cors.policy")).toMatchObject({
      status: "info",
      details: { outcome: "cors-reflects-origin" },
    });
    expect(findingOf("corsStar", "http.cors.policy")).toMatchObject({
      status: "info",
      details: { outcome: "cors-wildcard-with-credentials" },
    });
  });

  it("checks SRI on stylesheets, the hash algorithm and crossorigin", () => {
    expect(findingOf("sriStylesheet", "http.sri.scripts")).toMatchObject({
      status: "warn",
      details: {
        outcome: "sri-stylesheets-without-integrity",
        observatory: { outcome: "sri-not-implemented-but-no-scripts-loaded" },
        resources: [{ kind: "stylesheet", problems: ["no_integrity"] }],
      },
    });
    expect(findingOf("sriSha1", "http.sri.scripts")).toMatchObject({
      status: "warn",
      details: { outcome: "sri-unsupported-hash" },
    });
    expect(findingOf("sriNoCrossorigin", "http.sri.scripts")).toMatchObject({
      status: "warn",
      details: { outcome: "sri-integrity-without-crossorigin" },
    });
  });

  it("warns on headers giving software versions (OWASP's list), notes product names", () => {
    expect(result("disclosureVersion").disclosure).toEqual([
      { name: "server", value: "nginx/1.25.3" },
      { name: "x-powered-by", value: "PHP/8.2.7" },
    ]);
    expect(findingOf("disclosureVersion", "http.headers.disclosure")).toMatchObject({
      status: "warn",
      details: { outcome: "disclosure-version" },
    });
    expect(findingOf("disclosureProduct", "http.headers.disclosure")).toMatchObject({
      status: "info",
      details: { outcome: "disclosure-product" },
    });
    expect(findingOf("cspMeta", "http.headers.disclosure").status).toBe("pass");
  });

  it("warns on X-Frame-Options ALLOW-FROM, which browsers ignore", () => {
    expect(findingOf("allowFrom", "http.headers.framing")).toMatchObject({
      status: "warn",
      details: {
        outcome: "x-frame-options-allow-from-ignored",
        observatory: { outcome: "x-frame-options-allow-from-origin", pass: true },
      },
    });
  });

  it("gives no Observatory grade for an error page, but judges its headers", () => {
    expect(result("errorPage").observatory).toBeNull();
    expect(findingOf("errorPage", "http.headers.csp").status).toBe("pass");
  });

  it("reads the page only up to the body cap: a <meta> past it is not seen", () => {
    expect(result("bigPage").page).toMatchObject({ truncated: true, contentSecurityPolicy: [] });
    expect(findingOf("bigPage", "http.headers.csp").details?.outcome).toBe("csp-not-implemented");
  });
});
