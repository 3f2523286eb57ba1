import type { ParameterObject, ResponseObject, SchemaObject } from "openapi3-ts/oas31";
import { DomainIntelError } from "../contract/domain-intel-error.js";
import type { FleetSummary } from "../fleet/fleet-summary.js";
import type { EngineResponse } from "./engine-http.js";
import type { EngineRoute } from "./engine-route.js";
import { jsonResponse } from "./responses.js";
import { parseUrl } from "./route.js";

/*
 * The fleet at a glance, as JSON: `GET /watch` for the watch list and `GET /batch/{id}/summary`
 * for a batch's domains (batch-route.ts). What the fleet page at `/fleet` draws, in one
 * request rather than one a domain.
 */

/** `?since=`: a date or date-time; anything else is the caller's mistake, said so. */
export function parseSince(url: string): Date | undefined {
  const { search } = parseUrl(url);
  if (search === "") return undefined;
  const raw = new URLSearchParams(search).get("since");
  if (raw === null || raw === "") return undefined;
  const since = /^\d{4}-\d{2}-\d{2}(?:T[\d:.]+(?:Z|[+-]\d{2}:\d{2}))?$/.test(raw)
    ? new Date(raw)
    : undefined;
  if (!since || Number.isNaN(since.getTime()))
    throw new DomainIntelError(
      "bad_request",
      `since must be a date (2026-11-01) or a date-time (2026-11-01T10:00:00Z), not "${raw.slice(0, 40)}".`,
    );
  return since;
}

export const fleetResponse = (summary: FleetSummary, headers: Readonly<Record<string, string>>) =>
  jsonResponse(200, JSON.stringify(summary), { ...headers, "cache-control": "private, no-cache" });

const readMethods = new Set(["GET", "HEAD"]);

/** `GET {basePath}/watch`: the watch list's domains at a glance. */
export function watchRoute(
  summarize: (since: Date | undefined) => Promise<FleetSummary>,
): EngineRoute {
  return {
    path: "/watch",
    async handle(request, context): Promise<EngineResponse> {
      if (!readMethods.has(request.method.toUpperCase())) {
        throw new DomainIntelError(
          "method_not_allowed",
          `${request.method.slice(0, 16)} is not allowed here; use GET.`,
          { headers: { allow: "GET, HEAD" } },
        );
      }
      if (request.subpath !== "")
        throw new DomainIntelError("not_found", "No such route: use /watch.");
      const { headers } = await context.authorize(request);
      return fleetResponse(await summarize(parseSince(request.url)), headers);
    },
    openApi: (tools) => ({
      tags: [{ name: "fleet", description: "Many domains at a glance, from history." }],
      schemas: fleetSchemas,
      paths: {
        "/watch": {
          get: {
            operationId: "getWatchSummary",
            summary:
              "The watch list at a glance: a mark per section, expiry in days, the latest change; and the fleet's timeline.",
            tags: ["fleet"],
            security: [{ bearerAuth: [] }],
            parameters: [sinceParameter],
            responses: {
              "200": fleetOk,
              "400": tools.problem({
                code: "bad_request",
                description: "`since` is not a date or date-time.",
                detail: 'since must be a date (2026-11-01) or a date-time, not "yesterday".',
              }),
              "401": { $ref: "#/components/responses/Unauthorized" },
              "405": { $ref: "#/components/responses/MethodNotAllowed" },
              "429": { $ref: "#/components/responses/RateLimited" },
              "500": { $ref: "#/components/responses/Internal" },
            },
          },
        },
      },
    }),
  };
}

export const sinceParameter: ParameterObject = {
  name: "since",
  in: "query",
  required: false,
  description: "Only changes at or after this date or date-time go into `changes` (the timeline).",
  schema: { type: "string" },
  example: "2026-11-01",
};

export const fleetOk: ResponseObject = {
  description:
    "One row a domain, in the list's order, read from history (no probe runs); `changes` newest first.",
  content: { "application/json": { schema: { $ref: "#/components/schemas/FleetSummary" } } },
};

const expirySchema: SchemaObject = {
  type: ["object", "null"],
  required: ["expiresAt", "daysLeft"],
  additionalProperties: false,
  properties: {
    expiresAt: { type: "string", format: "date-time" },
    daysLeft: {
      type: "integer",
      description:
        "Whole days left when the summary was made, rounded down; negative once expired.",
    },
  },
};

const changeProperties: Record<string, SchemaObject> = {
  at: { type: "string", format: "date-time" },
  section: { type: "string" },
  kind: { type: "string" },
  path: { type: "string" },
  before: {},
  after: {},
};

export const fleetSchemas: Record<string, SchemaObject> = {
  FleetSummary: {
    type: "object",
    required: ["generatedAt", "sections", "domains", "changes"],
    additionalProperties: false,
    properties: {
      generatedAt: { type: "string", format: "date-time" },
      sections: { type: "array", items: { type: "string" }, description: "The columns." },
      domains: { type: "array", items: { $ref: "#/components/schemas/FleetRow" } },
      changes: {
        type: "array",
        description: "The fleet's changes, newest first, at most 500 (see `since`).",
        items: {
          type: "object",
          required: ["domain", ...Object.keys(changeProperties)],
          additionalProperties: false,
          properties: { domain: { type: "string" }, ...changeProperties },
        },
      },
    },
  },
  FleetRow: {
    type: "object",
    required: ["domain", "sections", "certificate", "registration", "latestChange"],
    additionalProperties: false,
    properties: {
      domain: { type: "string" },
      sections: {
        type: "object",
        description: "Each section of the summary; null where history holds nothing yet.",
        additionalProperties: { $ref: "#/components/schemas/FleetMark" },
      },
      certificate: { ...expirySchema, description: "The ssl section's certificate." },
      registration: { ...expirySchema, description: "The whois section's expiry date." },
      latestChange: {
        type: ["object", "null"],
        required: Object.keys(changeProperties),
        additionalProperties: false,
        properties: changeProperties,
      },
    },
  },
  FleetMark: {
    type: ["object", "null"],
    required: ["mark", "grade", "fail", "warn", "recordedAt"],
    additionalProperties: false,
    properties: {
      mark: {
        type: "string",
        enum: ["ok", "warn", "fail"],
        description: "The worst finding of the section's latest recorded content.",
      },
      grade: { type: ["string", "null"], description: "The section's own grade, if it has one." },
      fail: { type: "integer", description: "Finding ids failing (once each across hosts)." },
      warn: { type: "integer", description: "Finding ids warning." },
      recordedAt: {
        type: "string",
        format: "date-time",
        description: "When this content was first recorded: history keeps a snapshot a change.",
      },
    },
  },
};
