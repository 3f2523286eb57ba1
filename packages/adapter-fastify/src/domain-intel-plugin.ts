import { Readable } from "node:stream";
import {
  createEngine,
  type Engine,
  type EngineOptions,
  type EngineResponse,
  isEngine,
} from "@domain-intel/engine";
import { readRequestBody, toEngineRequest } from "@domain-intel/engine/node";
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  RequestPayload,
} from "fastify";
import fp from "fastify-plugin";

async function* grown(
  body: Uint8Array,
  stream: NonNullable<EngineResponse["stream"]>,
  reply: FastifyReply,
): AsyncGenerator<Uint8Array> {
  const leaving = new AbortController();
  reply.raw.once("close", () => leaving.abort());
  if (body.byteLength > 0) yield body;
  yield* stream(leaving.signal);
}

/**
 * Engine options, an engine, or `{ engine }` (either of the two). Fastify's own `prefix`
 * comes on top: `app.register(domainIntel, { keys, prefix: "/tools" })` serves
 * `/tools/api/v1/...`.
 */
export type DomainIntelFastifyOptions =
  | EngineOptions
  | Engine
  | { readonly engine: Engine | EngineOptions };

// Options Fastify itself reads from register(); they are not engine options.
const fastifyOptionNames = new Set(["prefix", "logLevel", "logSerializers"]);

function resolveEngine(options: DomainIntelFastifyOptions): Engine {
  if (isEngine(options)) return options;
  const given = "engine" in options ? options.engine : options;
  if (isEngine(given)) return given;
  const engineOptions = Object.fromEntries(
    Object.entries(given).filter(([name]) => !fastifyOptionNames.has(name)),
  );
  return createEngine(engineOptions as unknown as EngineOptions);
}

async function domainIntelPlugin(
  api: FastifyInstance,
  options: DomainIntelFastifyOptions & { prefix?: string },
): Promise<void> {
  const engine = resolveEngine(options);
  if (options.prefix !== undefined && typeof options.prefix !== "string")
    throw new TypeError("domainIntel: options.prefix must be a string");
  // An encapsulated plugin: Fastify applies `prefix` to these routes itself, and the hooks,
  // parsers and error handler of the host stay as they are.
  const prefixLength = api.prefix.replace(/\/$/, "").length;
  const write = (reply: FastifyReply, response: EngineResponse) => {
    reply.code(response.status);
    const headers = response.headers;
    for (const name in headers) reply.header(name, headers[name]);
    // A response that grows (a running batch's results) is streamed as it comes.
    const { body, stream } = response;
    if (stream) {
      reply.send(Readable.from(grown(body, stream, reply)));
      return;
    }
    // The engine's bytes as they are; an empty body (HEAD, 304) keeps its content-length.
    reply.send(
      body.byteLength === 0
        ? undefined
        : Buffer.isBuffer(body)
          ? body
          : Buffer.from(body.buffer, body.byteOffset, body.byteLength),
    );
  };
  // Not an async handler: the reply is sent when the engine answers, with no promise of
  // Fastify's to settle on top (this is the path every cache hit takes).
  const send = (request: FastifyRequest, reply: FastifyReply, requestBody?: Uint8Array) => {
    engine
      .handle(
        toEngineRequest(request.raw, {
          response: reply.raw,
          url: prefixLength === 0 ? request.url : request.url.slice(prefixLength),
          // Fastify's view of the client: it honours the host's trustProxy setting.
          clientAddress: request.ip,
          ...(requestBody ? { body: requestBody } : {}),
        }),
      )
      .then(
        (response) => write(reply, response),
        (error: Error) => reply.send(error),
      );
  };
  // The engine reads bodies itself (bounded; only `POST /keys` takes one), so a method that
  // may carry one is answered before Fastify parses it: no 415 or JSON parse error of
  // Fastify's. GET and HEAD skip this hook.
  const preParsing = (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: RequestPayload,
    done: (error: Error | null, payload?: RequestPayload) => void,
  ) => {
    readRequestBody({ request: payload }).then(
      (requestBody) => send(request, reply, requestBody),
      (error: Error) => done(error),
    );
  };
  const reads = ["GET", "HEAD"];
  const others = api.supportedMethods.filter((method) => !reads.includes(method));
  const urls = engine.basePath === "" ? ["/*"] : [engine.basePath, `${engine.basePath}/*`];
  for (const url of urls) {
    api.route({ method: reads, url, exposeHeadRoute: false, handler: send });
    api.route({ method: others, url, preParsing, handler: send });
  }
}

/**
 * The domain-intel API as a Fastify plugin:
 *
 *     await app.register(domainIntel, { keys: [process.env.API_KEY], prefix: "/tools" })
 */
export const domainIntel: FastifyPluginAsync<DomainIntelFastifyOptions> = fp(domainIntelPlugin, {
  fastify: "5.x",
  name: "@domain-intel/fastify",
  encapsulate: true,
});
