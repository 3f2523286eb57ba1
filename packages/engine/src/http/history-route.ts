import type { SchemaObject } from "openapi3-ts/oas31";
import { DomainIntelError } from "../contract/domain-intel-error.js";
import type { MaybePromise } from "../contract/maybe-promise.js";
import { normalizeDomain } from "../domain/normalize-domain.js";
import type { DomainHistory } from "../history/history-store.js";
import type { EngineRoute } from "./engine-route.js";
import { jsonResponse } from "./responses.js";

const readMethods = new Set(["GET", "HEAD"]);

const historySchema: SchemaObject = {
  type: "object",
  required: ["domain", "snapshots", "changes"],
  additionalProperties: false,
  properties: {
    domain: { type: "string" },
    snapshots: {
      type: "array",
      description: "Each stored version of a section, oldest first.",
      items: {
        type: "object",
        required: ["section", "fetchedAt", "digest"],
        additionalProperties: false,
        properties: {
          section: { type: "string" },
          fetchedAt: { type: "string", format: "date-time" },
          digest: {
            type: "string",
            pattern: "^sha256:[0-9a-f]{64}$",
            description: "SHA-256 of the section's meaningful content (no timings, no fetch time).",
          },
        },
      },
    },
    changes: {
      type: "array",
      description: "What changed from one snapshot of a section to the next, oldest first.",
      items: {
        type: "object",
        required: ["at", "section", "kind", "path", "before", "after"],
        additionalProperties: false,
        properties: {
          at: { type: "string", format: "date-time" },
          section: { type: "string" },
          kind: {
            type: "string",
            description:
              "`nameservers`, `registrar`, `issuer`, `certificate`, `expiry`, `dnssec`, `check` (a finding's or check's status; the id ends the path) or `field`.",
          },
          path: { type: "string", description: "Dotted path in the section's data." },
          before: {},
          after: {},
        },
      },
    },
  },
};

const example = {
  domain: "example.com",
  snapshots: [
    { section: "ssl", fetchedAt: "2026-11-21T10:00:00.000Z", digest: `sha256:${"a".repeat(64)}` },
    { section: "ssl", fetchedAt: "2026-11-22T10:00:00.000Z", digest: `sha256:${"b".repeat(64)}` },
  ],
  changes: [
    {
      at: "2026-11-22T10:00:00.000Z",
      section: "ssl",
      kind: "issuer",
      path: "certificate.issuer",
      before: { dn: "CN=Old CA", commonName: "Old CA", organization: null },
      after: { dn: "CN=New CA", commonName: "New CA", organization: null },
    },
  ],
};

/** `GET {basePath}/history/{domain}`: the snapshots kept for a domain and what changed. */
export function historyRoute(read: (domain: string) => MaybePromise<DomainHistory>): EngineRoute {
  return {
    path: "/history",
    async handle(request, context) {
      if (!readMethods.has(request.method.toUpperCase())) {
        throw new DomainIntelError(
          "method_not_allowed",
          `${request.method.slice(0, 16)} is not allowed here; use GET.`,
          { headers: { allow: "GET, HEAD" } },
        );
      }
      const { headers } = await context.authorize(request);
      const segments = request.subpath.split("/");
      if (segments.length !== 2 || segments[1] === "")
        throw new DomainIntelError("not_found", "No such route: use /history/{domain}.");
      let raw: string;
      try {
        raw = decodeURIComponent(segments[1]!);
      } catch {
        throw new DomainIntelError("invalid_domain", "The domain is not valid percent-encoding.");
      }
      const { name } = normalizeDomain(raw);
      const history = await read(name);
      const body = JSON.stringify({ domain: name, ...history });
      return jsonResponse(200, body, { ...headers, "cache-control": "private, no-cache" });
    },
    openApi: () => ({
      schemas: { History: historySchema },
      paths: {
        "/history/{domain}": {
          get: {
            operationId: "getDomainHistory",
            summary: "The snapshots kept for the domain and what changed between them.",
            tags: ["domains"],
            security: [{ bearerAuth: [] }],
            parameters: [{ $ref: "#/components/parameters/Domain" }],
            responses: {
              "200": {
                description: "Snapshots and changes, oldest first; empty before the first probe.",
                content: {
                  "application/json": {
                    schema: { $ref: "#/components/schemas/History" },
                    example,
                  },
                },
              },
              "400": { $ref: "#/components/responses/InvalidDomain" },
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
