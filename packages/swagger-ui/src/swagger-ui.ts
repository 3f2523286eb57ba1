import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { DomainIntelError, type EngineResponse, type EngineRoute } from "@domain-intel/engine";
import { docsContentSecurityPolicy, docsInitScript, docsPageHtml } from "./docs-page.js";

type Source = { text: string } | { file: string };

const assets: Record<string, { type: string; source: Source }> = {
  "": { type: "text/html; charset=utf-8", source: { text: docsPageHtml } },
  "/init.js": { type: "text/javascript; charset=utf-8", source: { text: docsInitScript } },
  "/swagger-ui.css": { type: "text/css; charset=utf-8", source: { file: "swagger-ui.css" } },
  "/swagger-ui-bundle.js": {
    type: "text/javascript; charset=utf-8",
    source: { file: "swagger-ui-bundle.js" },
  },
};

const readMethods = new Set(["GET", "HEAD"]);
const require = createRequire(import.meta.url);

function readAsset(source: Source): Promise<Uint8Array> {
  if ("text" in source) return Promise.resolve(Buffer.from(source.text, "utf8"));
  return readFile(require.resolve(`swagger-ui-dist/${source.file}`));
}

/**
 * The API reference page at `{basePath}/docs` and its assets at `{basePath}/docs/{asset}`,
 * public like `openapi.json` (it only renders that document). Files are read on first use and
 * kept, so an engine that never serves its docs never loads Swagger UI's 2 MB.
 */
export function swaggerUi(): EngineRoute {
  const loaded = new Map<string, Promise<Uint8Array>>();
  return {
    path: "/docs",
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
      if (!entry) throw new DomainIntelError("not_found", "No such docs asset.");
      let body = loaded.get(name);
      if (!body) {
        body = readAsset(entry.source);
        // A failed read (a bundle shipped without swagger-ui-dist) is retried on the next request.
        body.catch(() => loaded.delete(name));
        loaded.set(name, body);
      }
      const bytes = await body;
      return docsResponse(entry.type, bytes);
    },
  };
}

function docsResponse(type: string, bytes: Uint8Array): EngineResponse {
  return {
    status: 200,
    headers: {
      "content-type": type,
      "content-length": String(bytes.byteLength),
      "cache-control": "public, max-age=3600",
      "content-security-policy": docsContentSecurityPolicy,
      "referrer-policy": "no-referrer",
      "x-content-type-options": "nosniff",
    },
    body: bytes,
  };
}
