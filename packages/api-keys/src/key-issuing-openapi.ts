import type { EngineRouteOpenApi, EngineRouteOpenApiTools } from "@domain-intel/engine";

/** How the key route checks its callers, as the document tells clients. */
export type KeyIssuingMode = "adminSecret" | "authorize";

/**
 * What `POST /keys` adds to the engine's document: only an engine that serves the route
 * describes it, and the same options give the same bytes on every adapter.
 */
export function keyIssuingOpenApi(
  mode: KeyIssuingMode,
  { problem }: EngineRouteOpenApiTools,
): EngineRouteOpenApi {
  const problemOf = (
    code: Parameters<typeof problem>[0]["code"],
    description: string,
    detail: string,
  ) => problem({ code, description, detail });
  return {
    ...(mode === "adminSecret"
      ? {
          securitySchemes: {
            adminSecret: {
              type: "http",
              scheme: "bearer",
              description: "The host's admin secret, sent as `Authorization: Bearer <secret>`.",
            },
          },
        }
      : {}),
    tags: [{ name: "keys", description: "Getting an API key." }],
    schemas: {
      KeyRequest: {
        type: "object",
        additionalProperties: false,
        properties: {
          name: {
            type: "string",
            minLength: 1,
            maxLength: 200,
            description: "Who or what the key is for.",
          },
          plan: {
            type: "string",
            description:
              "Rate-limit plan. Only the admin secret may choose it; otherwise the host does.",
          },
          expires: {
            type: "string",
            description: "When the key stops working: `90d`, `12h`, `2w` from now, or an ISO date.",
          },
        },
      },
      IssuedKey: {
        type: "object",
        required: ["key", "id", "name", "createdAt"],
        properties: {
          key: {
            type: "string",
            pattern: "^di_[0-9A-Za-z]{32}$",
            description: "The API key. Shown this once: only its hash is stored.",
          },
          id: { type: "string", description: "Names the key in lists and revocation; not secret." },
          name: { type: "string" },
          plan: { type: "string" },
          createdAt: { type: "string", format: "date-time" },
          expiresAt: { type: "string", format: "date-time" },
        },
      },
    },
    paths: {
      "/keys": {
        post: {
          operationId: "createApiKey",
          summary: "Create an API key, shown once.",
          description:
            mode === "adminSecret"
              ? "Issues a key; needs the host's admin secret. Rate limited."
              : "Issues a key to a caller the host authorizes (its own session or credentials). Rate limited.",
          tags: ["keys"],
          security: mode === "adminSecret" ? [{ adminSecret: [] }] : [],
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: { $ref: "#/components/schemas/KeyRequest" },
                example: { name: "billing-service", expires: "90d" },
              },
            },
          },
          responses: {
            "201": {
              description: "The new key. Store it now: it is never shown again.",
              headers: { "Cache-Control": { schema: { type: "string", const: "no-store" } } },
              content: {
                "application/json": {
                  schema: { $ref: "#/components/schemas/IssuedKey" },
                  example: {
                    key: "di_0123456789ABCDEFGHIJKLMNOPQRSTUV",
                    id: "key_7hQm2ZkP0aXw",
                    name: "billing-service",
                    createdAt: "2026-11-22T10:00:00.000Z",
                    expiresAt: "2027-02-20T10:00:00.000Z",
                  },
                },
              },
            },
            "400": problemOf(
              "bad_request",
              "The body is not a JSON object with a valid name, plan and expiry.",
              '"name" must be a non-empty string.',
            ),
            "401": problemOf(
              "unauthorized",
              "The caller may not create keys.",
              "This request may not create API keys.",
            ),
            "405": problemOf(
              "method_not_allowed",
              "Only POST is served here.",
              "GET is not allowed here; use POST.",
            ),
            "429": problemOf(
              "rate_limited",
              "Too many keys created; see Retry-After.",
              "Too many API keys created; try again later.",
            ),
            "500": { $ref: "#/components/responses/Internal" },
          },
        },
      },
    },
  };
}
