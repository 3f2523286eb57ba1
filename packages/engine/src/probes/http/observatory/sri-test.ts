import { parse } from "tldts";
import type { HttpPage, HttpPageResource } from "../declaration.js";
import type { ObservatoryOutcome } from "./outcomes.js";

/** Where a script or stylesheet comes from, as the Observatory's SRI test sorts it. */
export interface ResourceOrigin {
  /** From another registrable domain, or protocol-relative (`//host/...`). */
  external: boolean;
  /** Fetched over https: an https URL, or a relative one on the (https) page. */
  secureScheme: boolean;
}

export function resourceOrigin(url: string, pageHost: string): ResourceOrigin {
  if (/^\/\/[^/]/.test(url)) return { external: true, secureScheme: false };
  if (/^https?:\/\//i.test(url)) {
    const sameSite = parse(url).domain === parse(pageHost).domain;
    return { external: !sameSite, secureScheme: /^https:/i.test(url) };
  }
  return { external: false, secureScheme: true };
}

// Best first: the test keeps the outcome furthest down this list that any script earns.
const order: ObservatoryOutcome[] = [
  "sri-implemented-and-all-scripts-loaded-securely",
  "sri-implemented-and-external-scripts-loaded-securely",
  "sri-implemented-but-external-scripts-not-loaded-securely",
  "sri-not-implemented-but-external-scripts-loaded-securely",
  "sri-not-implemented-and-external-scripts-not-loaded-securely",
  "sri-not-implemented-response-not-html",
];

/**
 * The Observatory's Subresource Integrity test on the page's `<script src>` elements (not
 * stylesheets): scripts from another site need `integrity`, and every one should come over
 * https. `page` is null when the answer is not HTML.
 */
export function sriOutcome(page: HttpPage | null, pageHost: string): ObservatoryOutcome {
  if (page === null) return "sri-not-implemented-response-not-html";
  const scripts = page.resources.filter((resource) => resource.kind === "script");
  let outcome: ObservatoryOutcome | null = null;
  const worse = (found: ObservatoryOutcome) => {
    if (outcome === null || order.indexOf(found) > order.indexOf(outcome)) outcome = found;
  };
  let external = false;
  for (const script of scripts) {
    const origin = resourceOrigin(script.url, pageHost);
    const integrity = hasIntegrity(script);
    if (origin.external) {
      external = true;
      if (integrity && !origin.secureScheme)
        worse("sri-implemented-but-external-scripts-not-loaded-securely");
      else if (!integrity && origin.secureScheme)
        worse("sri-not-implemented-but-external-scripts-loaded-securely");
      else if (!integrity) worse("sri-not-implemented-and-external-scripts-not-loaded-securely");
    } else if (integrity && origin.secureScheme && outcome === null) {
      outcome = "sri-implemented-and-all-scripts-loaded-securely";
    }
  }
  if (scripts.length + page.inlineScripts + page.resourcesOmitted === 0) {
    return "sri-not-implemented-but-no-scripts-loaded";
  }
  if (outcome !== null) return outcome;
  return external
    ? "sri-implemented-and-external-scripts-loaded-securely"
    : "sri-not-implemented-but-all-scripts-loaded-from-secure-origin";
}

export const hasIntegrity = (resource: HttpPageResource): boolean =>
  resource.integrity !== null && resource.integrity !== "";
