import { createEngine, type Engine, type EngineOptions, isEngine } from "@domain-intel/engine";
import { createNodeHandler } from "@domain-intel/engine/node";
import type { RequestHandler } from "express";

export type DomainIntelExpressOptions = EngineOptions | Engine;

/**
 * Express middleware serving the domain-intel API under the engine's base path
 * (`/api/v1` by default); every other path goes on to the host's own routes.
 *
 *     app.use(domainIntel({ keys: [process.env.API_KEY] }))
 */
export function domainIntel(options: DomainIntelExpressOptions): RequestHandler {
  const engine = isEngine(options) ? options : createEngine(options);
  const handle = createNodeHandler(engine);
  // Express sets req.url relative to the mount path, so app.use("/tools", ...) serves /tools/api/v1.
  return (request, response, next) => handle(request, response, next);
}

export type { Engine, EngineOptions } from "@domain-intel/engine";
