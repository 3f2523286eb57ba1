import type { SchemaObject } from "openapi3-ts/oas31";
import { parseBatchRequest } from "../batch/batch-request.js";
import type { BatchService, BatchView } from "../batch/batch-service.js";
import { DomainIntelError } from "../contract/domain-intel-error.js";
import type { FleetQuery, FleetSummary } from "../fleet/fleet-summary.js";
import type { EngineResponse } from "./engine-http.js";
import type { EngineRoute, EngineRouteOpenApi } from "./engine-route.js";
import { fleetOk, fleetResponse, fleetSchemas, parseSince, sinceParameter } from "./fleet-route.js";
import { jsonResponse } from "./responses.js";

export interface BatchRouteOptions {
  readonly service: BatchService;
  readonly maxDomains: number;
  readonly sections: readonly string[];
  /** The fleet summary of given domains, from history; without it (history off), no `/summary`. */
  readonly summary?: (query: FleetQuery) => Promise<FleetSummary>;
}

type Limits = Readonly<Record<string, string>>;

function notAllowed(method: string, allow: string): never {
  throw new DomainIntelError(
    "method_not_allowed",
    `${method.slice(0, 16)} is not allowed here; use ${allow}.`,
    { headers: { allow } },
  );
}

const viewResponse = (status: number, view: BatchView, limits: Limits, extra = {}) =>
  jsonResponse(status, JSON.stringify(view), { "cache-control": "no-store", ...limits, ...extra });

const subresources = new Set(["results", "summary"]);

/**
 * `POST /batch`, `GET|DELETE /batch/{id}`, `GET /batch/{id}/results` and `/summary`: the engine's own route,
 * through the same gate as the data routes (each request charged once; the work charges each
 * domain as its GET would).
 */
export function batchRoute(options: BatchRouteOptions): EngineRoute {
  const { service } = options;
  return {
    path: "/batch",
    async handle(request, context): Promise<EngineResponse> {
      const method = request.method.toUpperCase();
      const parts = request.subpath.split("/").slice(1);
      if (
        parts.length > 2 ||
        (parts.length === 2 && !subresources.has(parts[1]!)) ||
        (parts[1] === "summary" && !options.summary) ||
        parts[0] === ""
      )
        throw new DomainIntelError("not_found", "No route matches this path.");
      const [id, below] = parts;
      if (id === undefined) {
        if (method !== "POST") notAllowed(request.method, "POST");
      } else if (below !== undefined) {
        if (method !== "GET" && method !== "HEAD") notAllowed(request.method, "GET, HEAD");
      } else if (method !== "GET" && method !== "HEAD" && method !== "DELETE")
        notAllowed(request.method, "GET, HEAD, DELETE");

      const { identity, headers: limits } = await context.authorize(request);
      const withLimits = <T>(work: () => Promise<T>) =>
        work().catch((error: unknown) => {
          if (!(error instanceof DomainIntelError)) throw error;
          throw new DomainIntelError(error.code, error.message, {
            extensions: error.extensions ?? {},
            headers: { ...limits, ...error.headers },
          });
        });
      return withLimits(async () => {
        if (id === undefined) {
          const parsed = parseBatchRequest(request.headers["content-type"], request.body, {
            maxDomains: options.maxDomains,
            sections: options.sections,
          });
          const view = await service.create(identity, parsed);
          return viewResponse(202, view, limits, { location: view.links.self });
        }
        if (below === "summary") {
          const since = parseSince(request.url);
          const job = await service.domains(identity, id);
          const summary = await options.summary!({
            domains: job.domains,
            sections: job.sections ?? options.sections,
            ...(since ? { since } : {}),
          });
          return fleetResponse(summary, limits);
        }
        if (below === undefined) {
          const view =
            method === "DELETE"
              ? await service.cancel(identity, id)
              : await service.get(identity, id);
          return viewResponse(200, view, limits);
        }
        const answer = await service.results(identity, id);
        return {
          status: 200,
          headers: {
            "content-type": "application/x-ndjson; charset=utf-8",
            "cache-control": "no-store",
            "x-content-type-options": "nosniff",
            ...limits,
          },
          body: Buffer.from(answer.recorded, "utf8"),
          stream: answer.follow,
        };
      });
    },
    openApi: (tools) => batchOpenApi(options, tools.problem),
  };
}

const jobSchema: SchemaObject = {
  type: "object",
  required: ["id", "status", "total", "done", "failed", "createdAt", "links"],
  properties: {
    id: { type: "string" },
    status: { type: "string", enum: ["queued", "running", "done", "cancelled"] },
    total: { type: "integer", description: "Valid names, each once." },
    done: { type: "integer", description: "Domains with a result line, failed ones included." },
    failed: { type: "integer", description: "Domains whose line carries an error." },
    createdAt: { type: "string", format: "date-time" },
    sections: {
      type: ["array", "null"],
      items: { type: "string" },
      description: "The sections asked for; null for the full report.",
    },
    invalid: {
      type: "array",
      description: "Names that are not domains, with the reason; they are not probed.",
      items: {
        type: "object",
        required: ["domain", "reason"],
        properties: { domain: { type: "string" }, reason: { type: "string" } },
      },
    },
    links: {
      type: "object",
      required: ["self", "results"],
      properties: { self: { type: "string" }, results: { type: "string" } },
    },
  },
};

function batchOpenApi(
  options: BatchRouteOptions,
  problem: Parameters<NonNullable<EngineRoute["openApi"]>>[0]["problem"],
): EngineRouteOpenApi {
  const job = { "application/json": { schema: { $ref: "#/components/schemas/BatchJob" } } };
  const common = {
    "401": { $ref: "#/components/responses/Unauthorized" },
    "429": { $ref: "#/components/responses/RateLimited" },
  };
  const missing = problem({
    code: "not_found",
    description: "No such job, or another key's job.",
    detail: "No batch job with this id.",
  });
  const idParameter = {
    name: "id",
    in: "path" as const,
    required: true,
    schema: { type: "string" as const },
  };
  return {
    tags: [{ name: "batch", description: "Many domains in one background job." }],
    schemas: {
      ...(options.summary ? fleetSchemas : {}),
      BatchJob: jobSchema,
      BatchRequest: {
        type: "object",
        required: ["domains"],
        additionalProperties: false,
        properties: {
          domains: {
            type: "array",
            minItems: 1,
            maxItems: options.maxDomains,
            items: { type: "string" },
          },
          sections: {
            type: "array",
            minItems: 1,
            items: { type: "string", enum: [...options.sections] },
            description: "Sections to probe; without it, the full report.",
          },
        },
      },
    },
    paths: {
      "/batch": {
        post: {
          operationId: "createBatch",
          summary:
            "Start a batch job; each domain is charged to the key's rate limit as its GET would be.",
          tags: ["batch"],
          security: [{ bearerAuth: [] }],
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: { $ref: "#/components/schemas/BatchRequest" },
                example: { domains: ["example.com", "example.org"], sections: ["dns"] },
              },
            },
          },
          responses: {
            "202": {
              description: "The job, queued.",
              headers: { Location: { schema: { type: "string" } } },
              content: job,
            },
            "400": problem({
              code: "bad_request",
              description: "The body is not a batch: not JSON, too large, too many names.",
              detail: "The request body is not valid JSON.",
            }),
            "503": problem({
              code: "overloaded",
              description: "The job could not be queued (the queue's store failed); nothing runs.",
              detail: "The batch could not be queued (connection lost); nothing will run.",
            }),
            ...common,
          },
        },
      },
      "/batch/{id}": {
        parameters: [idParameter],
        get: {
          operationId: "getBatch",
          summary: "A batch job's status and counts.",
          tags: ["batch"],
          security: [{ bearerAuth: [] }],
          responses: {
            "200": { description: "The job.", content: job },
            "404": missing,
            ...common,
          },
        },
        delete: {
          operationId: "cancelBatch",
          summary: "Cancel a batch job; results recorded so far stay.",
          tags: ["batch"],
          security: [{ bearerAuth: [] }],
          responses: {
            "200": { description: "The job, cancelled.", content: job },
            "404": missing,
            ...common,
          },
        },
      },
      "/batch/{id}/results": {
        parameters: [idParameter],
        get: {
          operationId: "getBatchResults",
          summary:
            "Results as NDJSON, one line a domain (the report, or {domain, sections}); streamed until the job ends where the host can stream.",
          tags: ["batch"],
          security: [{ bearerAuth: [] }],
          responses: {
            "200": {
              description:
                "One JSON line a domain, in the order they finished; each line is a `BatchResultLine`.",
              content: { "application/x-ndjson": { schema: { type: "string" } } },
            },
            "404": missing,
            ...common,
          },
        },
      },
      ...(options.summary
        ? {
            "/batch/{id}/summary": {
              parameters: [idParameter],
              get: {
                operationId: "getBatchSummary",
                summary:
                  "The job's domains at a glance, from history: a mark per section, expiry in days, the latest change; and their timeline.",
                tags: ["batch", "fleet"],
                security: [{ bearerAuth: [] }],
                parameters: [sinceParameter],
                responses: { "200": fleetOk, "404": missing, ...common },
              },
            },
          }
        : {}),
    },
  };
}
