import { assetRoute, type EngineRoute, type RouteAsset } from "@domain-intel/engine";
import { reportStyle } from "./html-report.js";
import { moduleAssets, pageContentSecurityPolicy, textAsset } from "./page-assets.js";
import { viewPageHtml, viewPageScript } from "./view-page.js";

/** The page and its files: the renderer's own modules, as `report --format html` uses them. */
const assets: Record<string, RouteAsset> = {
  "": textAsset("text/html; charset=utf-8", viewPageHtml),
  "/report.css": textAsset("text/css; charset=utf-8", reportStyle),
  "/view-page.js": textAsset("text/javascript; charset=utf-8", viewPageScript),
  ...moduleAssets([
    "html-report.js",
    "html-escape.js",
    "html-fixes.js",
    "fixes-output.js",
    "html-tables.js",
    "html-timeline.js",
    "report-view.js",
    "report-facts.js",
  ]),
};

/**
 * `{basePath}/view`: a page where a person enters a domain and an API key and sees the report
 * page's rendering, fed by the JSON API. Public like `/docs`: the page holds no data, every
 * report it shows is fetched with the key the person typed. `view?domain=example.com` fills
 * the domain in, and asks at once when this tab already holds a key.
 */
export function reportPage(): EngineRoute {
  return assetRoute({ path: "/view", assets, contentSecurityPolicy: pageContentSecurityPolicy });
}
