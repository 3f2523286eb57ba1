import { readFile } from "node:fs/promises";
import { DomainIntelError, type EngineResponse, type EngineRoute } from "@domain-intel/engine";
import { reportStyle } from "./html-report.js";
import { viewPageHtml, viewPageScript } from "./view-page.js";

type Source = { text: string } | { module: string };

/**
 * The page and its files. The renderer's own modules are served as they were built, so the
 * page renders exactly what `report --format html` writes; they import nothing but each other.
 */
const assets: Record<string, { type: string; source: Source }> = {
  "": { type: "text/html; charset=utf-8", source: { text: viewPageHtml } },
  "/report.css": { type: "text/css; charset=utf-8", source: { text: reportStyle } },
  "/view-page.js": { type: "text/javascript; charset=utf-8", source: { text: viewPageScript } },
  ...Object.fromEntries(
    [
      "html-report.js",
      "html-escape.js",
      "html-timeline.js",
      "report-view.js",
      "report-facts.js",
    ].map((file) => [
      `/${file}`,
      { type: "text/javascript; charset=utf-8", source: { module: file } },
    ]),
  ),
};

/** Only this origin's scripts, styles and fetches; no inline code, no framing, no forms. */
export const viewContentSecurityPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

const readMethods = new Set(["GET", "HEAD"]);

async function read(source: Source): Promise<Uint8Array> {
  if ("text" in source) return Buffer.from(source.text, "utf8");
  try {
    return await readFile(new URL(`./${source.module}`, import.meta.url));
  } catch (error) {
    // Run from the sources (tests, tsx), the built module is in dist/.
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    return readFile(new URL(`../dist/${source.module}`, import.meta.url));
  }
}

/**
 * `{basePath}/view`: a page where a person enters a domain and an API key and sees the report
 * page's rendering, fed by the JSON API. Public like `/docs`: the page holds no data, every
 * report it shows is fetched with the key the person typed.
 */
export function reportPage(): EngineRoute {
  const loaded = new Map<string, Promise<Uint8Array>>();
  return {
    path: "/view",
    async handle(request) {
      if (!readMethods.has(request.method.toUpperCase())) {
        throw new DomainIntelError(
          "method_not_allowed",
          `${request.method.slice(0, 16)} is not allowed here; use GET.`,
          { headers: { allow: "GET, HEAD" } },
        );
      }
      const name = request.subpath;
      const entry = Object.hasOwn(assets, name) ? assets[name] : undefined;
      if (!entry) throw new DomainIntelError("not_found", "No such view asset.");
      let body = loaded.get(name);
      if (!body) {
        body = read(entry.source);
        body.catch(() => loaded.delete(name));
        loaded.set(name, body);
      }
      return viewResponse(entry.type, await body);
    },
  };
}

function viewResponse(type: string, bytes: Uint8Array): EngineResponse {
  return {
    status: 200,
    headers: {
      "content-type": type,
      "content-length": String(bytes.byteLength),
      "cache-control": "public, max-age=3600",
      "content-security-policy": viewContentSecurityPolicy,
      "referrer-policy": "no-referrer",
      "x-content-type-options": "nosniff",
    },
    body: bytes,
  };
}
