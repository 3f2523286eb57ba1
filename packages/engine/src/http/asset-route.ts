import { DomainIntelError } from "../contract/domain-intel-error.js";
import type { EngineResponse } from "./engine-http.js";
import type { EngineRoute } from "./engine-route.js";

/** One file a page route serves: its media type and how to read its bytes. */
export interface RouteAsset {
  readonly type: string;
  read(): Uint8Array | Promise<Uint8Array>;
}

const readMethods = new Set(["GET", "HEAD"]);

/**
 * A public route serving a fixed set of files (a page and its scripts) under `path`, each read
 * on first use and kept; a failed read is tried again on the next request. Every answer
 * carries `contentSecurityPolicy`, no referrer and nosniff.
 */
export function assetRoute(options: {
  readonly path: string;
  /** By the path below `path`: `""` for the page itself, `/app.js` for a file. */
  readonly assets: Readonly<Record<string, RouteAsset>>;
  readonly contentSecurityPolicy: string;
}): EngineRoute {
  const loaded = new Map<string, Promise<Uint8Array>>();
  return {
    path: options.path,
    async handle(request) {
      if (!readMethods.has(request.method.toUpperCase())) {
        throw new DomainIntelError(
          "method_not_allowed",
          `${request.method.slice(0, 16)} is not allowed here; use GET.`,
          { headers: { allow: "GET, HEAD" } },
        );
      }
      const name = request.subpath;
      const asset = Object.hasOwn(options.assets, name) ? options.assets[name] : undefined;
      if (!asset) throw new DomainIntelError("not_found", `No such file under ${options.path}.`);
      let body = loaded.get(name);
      if (!body) {
        body = Promise.resolve().then(() => asset.read());
        body.catch(() => loaded.delete(name));
        loaded.set(name, body);
      }
      return assetResponse(asset.type, await body, options.contentSecurityPolicy);
    },
  };
}

function assetResponse(type: string, bytes: Uint8Array, policy: string): EngineResponse {
  return {
    status: 200,
    headers: {
      "content-type": type,
      "content-length": String(bytes.byteLength),
      "cache-control": "public, max-age=3600",
      "content-security-policy": policy,
      "referrer-policy": "no-referrer",
      "x-content-type-options": "nosniff",
    },
    body: bytes,
  };
}
