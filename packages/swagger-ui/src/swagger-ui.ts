import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { assetRoute, type EngineRoute, type RouteAsset } from "@domain-intel/engine";
import { docsContentSecurityPolicy, docsInitScript, docsPageHtml } from "./docs-page.js";

const require = createRequire(import.meta.url);

const text = (value: string) => () => Buffer.from(value, "utf8");
const dist = (file: string) => () => readFile(require.resolve(`swagger-ui-dist/${file}`));

const assets: Record<string, RouteAsset> = {
  "": { type: "text/html; charset=utf-8", read: text(docsPageHtml) },
  "/init.js": { type: "text/javascript; charset=utf-8", read: text(docsInitScript) },
  "/swagger-ui.css": { type: "text/css; charset=utf-8", read: dist("swagger-ui.css") },
  "/swagger-ui-bundle.js": {
    type: "text/javascript; charset=utf-8",
    read: dist("swagger-ui-bundle.js"),
  },
};

/**
 * The API reference page at `{basePath}/docs` and its assets at `{basePath}/docs/{asset}`,
 * public like `openapi.json` (it only renders that document). Files are read on first use and
 * kept, so an engine that never serves its docs never loads Swagger UI's 2 MB.
 */
export function swaggerUi(): EngineRoute {
  return assetRoute({ path: "/docs", assets, contentSecurityPolicy: docsContentSecurityPolicy });
}
