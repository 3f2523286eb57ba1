import { assetRoute, type EngineRoute, type RouteAsset } from "@domain-intel/engine";
import { fleetPageHtml, fleetPageScript, fleetStyle } from "./fleet-page.js";
import { reportStyle } from "./html-report.js";
import { moduleAssets, pageContentSecurityPolicy, textAsset } from "./page-assets.js";

const assets: Record<string, RouteAsset> = {
  "": textAsset("text/html; charset=utf-8", fleetPageHtml),
  "/report.css": textAsset("text/css; charset=utf-8", reportStyle),
  "/fleet.css": textAsset("text/css; charset=utf-8", fleetStyle),
  "/fleet-page.js": textAsset("text/javascript; charset=utf-8", fleetPageScript),
  ...moduleAssets(["fleet-view.js", "html-escape.js"]),
};

/**
 * `{basePath}/fleet`: the watch list's domains (or a batch's, `fleet?batch=<id>`) at a glance,
 * fed by `GET {basePath}/watch` and `GET {basePath}/batch/{id}/summary` with the key the person
 * typed. Public like `/view`, which its rows open: mount both.
 */
export function fleetPage(): EngineRoute {
  return assetRoute({ path: "/fleet", assets, contentSecurityPolicy: pageContentSecurityPolicy });
}
