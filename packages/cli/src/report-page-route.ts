import { readFile } from "node:fs/promises";
import { assetRoute, type EngineRoute, type RouteAsset } from "@domain-intel/engine";
import { reportStyle } from "./html-report.js";
import { viewPageHtml, viewPageScript } from "./view-page.js";

/**
 * The page and its files. The renderer's own modules are served as they were built, so the
 * page renders exactly what `report --format html` writes; they import nothing but each other.
 */
const text = (value: string) => () => Buffer.from(value, "utf8");

const assets: Record<string, RouteAsset> = {
  "": { type: "text/html; charset=utf-8", read: text(viewPageHtml) },
  "/report.css": { type: "text/css; charset=utf-8", read: text(reportStyle) },
  "/view-page.js": { type: "text/javascript; charset=utf-8", read: text(viewPageScript) },
  ...Object.fromEntries(
    [
      "html-report.js",
      "html-escape.js",
      "html-tables.js",
      "html-timeline.js",
      "report-view.js",
      "report-facts.js",
    ].map((file) => [
      `/${file}`,
      { type: "text/javascript; charset=utf-8", read: () => readModule(file) },
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

async function readModule(module: string): Promise<Uint8Array> {
  try {
    return await readFile(new URL(`./${module}`, import.meta.url));
  } catch (error) {
    // Run from the sources (tests, tsx), the built module is in dist/.
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    return readFile(new URL(`../dist/${module}`, import.meta.url));
  }
}

/**
 * `{basePath}/view`: a page where a person enters a domain and an API key and sees the report
 * page's rendering, fed by the JSON API. Public like `/docs`: the page holds no data, every
 * report it shows is fetched with the key the person typed.
 */
export function reportPage(): EngineRoute {
  return assetRoute({ path: "/view", assets, contentSecurityPolicy: viewContentSecurityPolicy });
}
