import { Parser } from "htmlparser2";
import type { HttpPage, HttpPageResource } from "./declaration.js";

/** The most subresources kept of one page; the rest are counted, not listed. */
export const maxPageResources = 200;

/** MIME types read as HTML (the Observatory's list). */
const htmlTypes = new Set(["text/html", "application/xhtml+xml"]);

/** Whether a `Content-Type` names HTML; an answer without one is read as HTML, as browsers sniff it. */
export function isHtml(contentType: string | null): boolean {
  const mime = contentType?.split(";", 1)[0]?.trim().toLowerCase();
  return !mime || htmlTypes.has(mime);
}

/**
 * What the page's HTML says about its security, read with htmlparser2 (a streaming,
 * forgiving parser: any bytes parse): the CSP of `<meta http-equiv>` tags, the
 * `<meta name="referrer">` policy, and each `<script src>` and stylesheet `<link>` with its
 * `integrity` and `crossorigin`. Only what the bounded body read holds is seen.
 */
export function readHtmlPage(body: string): Omit<HttpPage, "html" | "truncated"> {
  const contentSecurityPolicy: string[] = [];
  let referrer: string | null = null;
  let inlineScripts = 0;
  const resources: HttpPageResource[] = [];
  let resourcesOmitted = 0;
  const keep = (resource: HttpPageResource) => {
    if (resources.length < maxPageResources) resources.push(resource);
    else resourcesOmitted += 1;
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === "meta") {
          const equiv = attributes["http-equiv"];
          const content = attributes.content;
          if (equiv !== undefined && content !== undefined) {
            if (equiv.trim().toLowerCase() === "content-security-policy" && content) {
              contentSecurityPolicy.push(content);
            }
          } else if (attributes.name?.trim().toLowerCase() === "referrer" && content) {
            // The last referrer meta tag wins, as in browsers.
            referrer = content;
          }
        } else if (name === "script") {
          if (attributes.src) keep(resourceOf("script", attributes.src, attributes));
          else inlineScripts += 1;
        } else if (name === "link" && attributes.href && isStylesheet(attributes.rel)) {
          keep(resourceOf("stylesheet", attributes.href, attributes));
        }
      },
    },
    { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true },
  );
  parser.write(body);
  parser.end();
  return { contentSecurityPolicy, referrer, inlineScripts, resources, resourcesOmitted };
}

const isStylesheet = (rel: string | undefined) =>
  rel?.toLowerCase().split(/\s+/).includes("stylesheet") ?? false;

function resourceOf(
  kind: HttpPageResource["kind"],
  url: string,
  attributes: Record<string, string>,
): HttpPageResource {
  return {
    kind,
    url,
    integrity: attributes.integrity ?? null,
    crossorigin: attributes.crossorigin ?? null,
  };
}
