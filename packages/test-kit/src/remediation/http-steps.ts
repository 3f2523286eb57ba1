import { createHash } from "node:crypto";
import type { ProofStep } from "./fix-proof.js";
import { type HttpSite, siteDomain } from "./http-site.js";

/**
 * Steps of the http section's remediations in words, applied to the site as its operator
 * would: what the step must say, and the site after it, read from the step's own text where
 * it carries a directive (an nginx `return`, an Apache `Header edit`).
 */
export type HttpStep = ProofStep<HttpSite>;

/** https served on its port with a certificate for the domain. */
export const listenHttps: HttpStep = {
  says: /configure the server to listen on 443 with it/,
  apply: (site) => ({ ...site, https: true }),
};

/** The plain-http server answers with the nginx `return` the step gives. */
export const nginxHttpsReturn: HttpStep = {
  says: /nginx: return 30[1278] \S+;/,
  apply: (site, step) => ({ ...site, httpReturn: step.match(/nginx: (return [^;]+;)/)![1]! }),
};

/** Each https redirect points at the end of its chain, when that is an https URL. */
export const locationsToFinal: HttpStep = {
  says: /point each Location straight at the final https URL/,
  apply: (site) => {
    const redirects = site.redirects ?? {};
    // The http server sends every path to the same https path; https paths follow `redirects`.
    const final = (to: string, hops = 0): string => {
      if (hops > 10) throw new Error(`a redirect loop at ${to}`);
      const https = to.replace(/^\{http\}/, "{https}");
      const next = redirects[https.replace(/^\{https\}/, "")];
      return next ? final(next, hops + 1) : https;
    };
    return {
      ...site,
      redirects: Object.fromEntries(
        Object.entries(redirects).map(([path, to]) => [path, final(to)]),
      ),
    };
  },
};

/** Preflights answered only for the site's own origin, with no credentials otherwise. */
export const corsOwnOrigins: HttpStep = {
  says: /compare the request's Origin with a fixed list of your own origins/,
  apply: (site) => ({ ...site, cors: { allow: [`https://${siteDomain}`] } }),
};

/** The step's Apache `Header always edit Set-Cookie REGEX "REPLACEMENT"` run on each cookie. */
export const apacheCookieEdit: HttpStep = {
  says: /Apache Header always edit Set-Cookie /,
  apply: (site, step) => {
    const [, pattern, replacement] = step.match(/Header always edit Set-Cookie (\S+) "([^"]*)"/)!;
    const regex = new RegExp(pattern!);
    const edit = (cookie: string) =>
      cookie.replace(regex, (...groups: string[]) =>
        replacement!.replace(/\$(\d)/g, (_all, index: string) => groups[Number(index)] ?? ""),
      );
    return { ...site, cookies: (site.cookies ?? []).map(edit) };
  },
};

/**
 * Other sites' scripts and stylesheets on https with integrity (sha384 of the operator's copy,
 * as the step's `openssl dgst -sha384 -binary FILE | openssl base64 -A`) and crossorigin.
 */
export const subresourceIntegrity: HttpStep = {
  says: /add integrity="sha384-\.\.\." \(openssl dgst -sha384 -binary FILE \| openssl base64 -A\) and crossorigin="anonymous"/,
  apply: (site) => {
    const tag = /<(script|link)\b([^>]*?)\b(src|href)="(https?:\/\/[^"]+)"([^>]*)>/g;
    const body = (site.body ?? "").replace(tag, (whole, name, before, attribute, url, after) => {
      if (new URL(url).hostname === siteDomain) return whole;
      const copy = site.assets?.[url];
      if (copy === undefined) throw new Error(`the operator has no copy of ${url}`);
      const integrity = `sha384-${createHash("sha384").update(copy).digest("base64")}`;
      const https = url.replace(/^http:/, "https:");
      return `<${name}${before}${attribute}="${https}" integrity="${integrity}" crossorigin="anonymous"${after}>`;
    });
    return { ...site, body };
  },
};
