import { createRequire } from "node:module";
import { type OpenAPIObject, OpenApiBuilder, type OperationObject } from "openapi3-ts/oas31";
import { type ErrorCode, errorStatus, errorTitles } from "../../contract/error-codes.js";
import type { JsonSchema } from "../../contract/json-schema.js";
import { addKeyIssuingPath, type KeyIssuingMode } from "../key-issuing/key-issuing-openapi.js";
import { problemTypeBase } from "../responses.js";
import {
  findingSchema,
  problemSchema,
  reportSchema,
  sectionEnvelopeSchema,
  sectionErrorSchema,
} from "./component-schemas.js";

const { version } = createRequire(import.meta.url)("../../../package.json") as { version: string };

export interface OpenApiSection {
  readonly name: string;
  readonly summary: string;
  readonly dataSchema: JsonSchema;
  readonly example?: unknown;
}

const pascal = (name: string) =>
  name.replace(/(^|-)([a-z0-9])/g, (_, __, letter: string) => letter.toUpperCase());

const problemExample = (code: ErrorCode, detail: string) => ({
  type: `${problemTypeBase}${code.replaceAll("_", "-")}`,
  title: errorTitles[code],
  status: errorStatus[code],
  detail,
  code,
});

const problemResponses: Record<string, { code: ErrorCode; description: string; detail: string }> = {
  InvalidDomain: {
    code: "invalid_domain",
    description: "The domain is not a valid host name under a public suffix.",
    detail: "An IP address is not a domain name.",
  },
  Unauthorized: {
    code: "unauthorized",
    description: "Missing, malformed, unknown or revoked API key.",
    detail: "A valid API key is required: send Authorization: Bearer <key>.",
  },
  NotFound: {
    code: "not_found",
    description: "No such route.",
    detail: "No route matches /api/v1/nope.",
  },
  MethodNotAllowed: {
    code: "method_not_allowed",
    description: "Only GET and HEAD are served.",
    detail: "POST is not allowed here; use GET.",
  },
  RateLimited: {
    code: "rate_limited",
    description: "Too many requests.",
    detail: "Rate limit exceeded.",
  },
  Internal: {
    code: "internal",
    description: "Unexpected failure.",
    detail: "An internal error occurred.",
  },
  UpstreamError: {
    code: "upstream_error",
    description: "The probe could not run: every upstream failed.",
    detail: "The dns section could not be produced: every resolver failed.",
  },
  Overloaded: {
    code: "overloaded",
    description:
      "Too many lookups are in progress to start another; retry after `Retry-After` seconds. Cached answers are still served.",
    detail: "Too many lookups are in progress; retry in 10 s. Cached answers are still served.",
  },
  UpstreamTimeout: {
    code: "upstream_timeout",
    description: "The probe did not finish within its time budget.",
    detail: "The whois probe did not finish within 10000 ms.",
  },
};

const problemRef = (name: string) => ({ $ref: `#/components/responses/${name}` });

function operation(options: {
  id: string;
  summary: string;
  schemaName: string;
  example?: unknown;
  sectionRoute: boolean;
}): OperationObject {
  return {
    operationId: options.id,
    summary: options.summary,
    tags: ["domains"],
    security: [{ bearerAuth: [] }],
    parameters: [
      { $ref: "#/components/parameters/Domain" },
      { $ref: "#/components/parameters/Refresh" },
    ],
    responses: {
      "200": {
        description:
          "The answer. A fact about the domain (NXDOMAIN, unregistered, expired certificate) is data.",
        headers: { "Cache-Control": { schema: { type: "string" } } },
        content: {
          "application/json": {
            schema: { $ref: `#/components/schemas/${options.schemaName}` },
            ...(options.example === undefined ? {} : { example: options.example }),
          },
        },
      },
      "400": problemRef("InvalidDomain"),
      "401": problemRef("Unauthorized"),
      "405": problemRef("MethodNotAllowed"),
      "429": problemRef("RateLimited"),
      "500": problemRef("Internal"),
      "503": problemRef("Overloaded"),
      ...(options.sectionRoute
        ? { "502": problemRef("UpstreamError"), "504": problemRef("UpstreamTimeout") }
        : {}),
    },
  };
}

/** Builds the OpenAPI 3.1 document for the configured sections, mounted at `basePath`. */
export function buildOpenApiDocument(options: {
  basePath: string;
  sections: readonly OpenApiSection[];
  /** Documents `POST /keys` when key issuing is on. */
  keyIssuing?: KeyIssuingMode;
}): OpenAPIObject {
  const builder = OpenApiBuilder.create()
    .addOpenApiVersion("3.1.0")
    .addInfo({
      title: "domain-intel",
      version,
      description:
        "Domain intelligence: registration (RDAP/WHOIS), DNS records with health checks, and TLS certificates.",
      license: { name: "MIT", identifier: "MIT" },
    })
    .addServer({ url: options.basePath || "/" })
    .addTag({ name: "domains", description: "Reports about a domain name." })
    .addSecurityScheme("bearerAuth", {
      type: "http",
      scheme: "bearer",
      description: "An API key sent as `Authorization: Bearer <key>`.",
    })
    .addParameter("Domain", {
      name: "domain",
      in: "path",
      required: true,
      description: "A domain name; IDN, upper case and a trailing dot are normalised.",
      schema: { type: "string", maxLength: 1024 },
      example: "example.com",
    })
    .addParameter("Refresh", {
      name: "refresh",
      in: "query",
      required: false,
      description: "`true` skips the cache and runs the probes again.",
      schema: { type: "boolean" },
    })
    .addSchema("Problem", problemSchema)
    .addSchema("Finding", findingSchema as JsonSchema)
    .addSchema("SectionError", sectionErrorSchema);

  for (const [name, problem] of Object.entries(problemResponses)) {
    builder.addResponse(name, {
      description: problem.description,
      content: {
        "application/problem+json": {
          schema: { $ref: "#/components/schemas/Problem" },
          example: problemExample(problem.code, problem.detail),
        },
      },
    });
  }

  const envelopeNames: Record<string, string> = {};
  for (const section of options.sections) {
    const dataName = `${pascal(section.name)}Data`;
    const envelopeName = `${pascal(section.name)}Section`;
    envelopeNames[section.name] = envelopeName;
    builder.addSchema(dataName, section.dataSchema);
    builder.addSchema(envelopeName, sectionEnvelopeSchema(section.name, dataName));
    builder.addPath(`/${section.name}/{domain}`, {
      get: operation({
        id: `get${pascal(section.name)}`,
        summary: section.summary,
        schemaName: envelopeName,
        example: section.example,
        sectionRoute: true,
      }),
    });
  }
  builder.addSchema("Report", reportSchema(envelopeNames));
  const examples = options.sections.map((section) => [section.name, section.example] as const);
  const reportExample = examples.every(([, example]) => example !== undefined)
    ? {
        domain: "example.com",
        generatedAt: "2026-11-22T10:00:00.000Z",
        sections: Object.fromEntries(examples),
        insights: [],
      }
    : undefined;
  builder.addPath("/domain/{domain}", {
    get: operation({
      id: "getDomainReport",
      summary: "Full report: every section plus cross-section insights.",
      schemaName: "Report",
      example: reportExample,
      sectionRoute: false,
    }),
  });
  builder.addPath("/openapi.json", {
    get: {
      operationId: "getOpenApiDocument",
      summary: "This OpenAPI document.",
      tags: ["meta"],
      security: [],
      responses: {
        "200": { description: "The OpenAPI 3.1 document.", content: { "application/json": {} } },
      },
    },
  });
  if (options.keyIssuing) addKeyIssuingPath(builder, options.keyIssuing);
  return builder.getSpec();
}
