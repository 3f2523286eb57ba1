import { createRequire } from "node:module";
import {
  type OpenAPIObject,
  OpenApiBuilder,
  type OperationObject,
  type ResponseObject,
} from "openapi3-ts/oas31";
import { type ErrorCode, errorStatus, errorTitles } from "../../contract/error-codes.js";
import type { JsonSchema } from "../../contract/json-schema.js";
import type { Probe } from "../../contract/probe.js";
import type { ProbeQueryParameter } from "../../contract/probe-query.js";
import type { EngineRoute } from "../engine-route.js";
import { problemTypeBase } from "../responses.js";
import {
  batchResultLineSchema,
  findingSchema,
  problemSchema,
  reportSchema,
  sectionEnvelopeSchema,
  sectionErrorSchema,
} from "./component-schemas.js";

const { version } = createRequire(import.meta.url)("../../../package.json") as { version: string };

const exampleFetchedAt = "2026-11-22T10:00:00.000Z";

/** A section's answer as the example of its route: the probe's example `data` in an envelope. */
function sectionExample(name: string, data: unknown, ttlMs: number) {
  return {
    domain: "example.com",
    section: name,
    status: "ok",
    fetchedAt: exampleFetchedAt,
    expiresAt: new Date(Date.parse(exampleFetchedAt) + ttlMs).toISOString(),
    cache: "miss",
    durationMs: 42,
    data,
  };
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

interface ProblemDescription {
  readonly code: ErrorCode;
  readonly description: string;
  readonly detail: string;
}

const problemResponse = (problem: ProblemDescription): ResponseObject => ({
  description: problem.description,
  content: {
    "application/problem+json": {
      schema: { $ref: "#/components/schemas/Problem" },
      example: problemExample(problem.code, problem.detail),
    },
  },
});

const problemResponses: Record<string, ProblemDescription> = {
  InvalidDomain: {
    code: "invalid_domain",
    description: "The domain is not a valid host name under a public suffix.",
    detail: "An IP address is not a domain name.",
  },
  InvalidParameter: {
    code: "bad_request",
    description:
      "A query parameter of the section is malformed (`code` `bad_request`, the parameter named in `detail`), or the domain is not a valid host name (`invalid_domain`).",
    detail: 'ns: "ns1.example.net/300.1.1.1" has no valid IP address after the "/".',
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
  /** The section's own query parameters (its probe's `query`). */
  query?: readonly ProbeQueryParameter[];
}): OperationObject {
  const query = options.query ?? [];
  return {
    operationId: options.id,
    summary: options.summary,
    tags: ["domains"],
    security: [{ bearerAuth: [] }],
    parameters: [
      { $ref: "#/components/parameters/Domain" },
      { $ref: "#/components/parameters/Refresh" },
      ...query.map((parameter) => ({
        name: parameter.name,
        in: "query" as const,
        required: false,
        description: parameter.description,
        schema: parameter.repeated
          ? { type: "array" as const, items: parameter.schema }
          : parameter.schema,
        ...(parameter.repeated ? { style: "form" as const, explode: true } : {}),
        ...(parameter.example === undefined ? {} : { example: parameter.example }),
      })),
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
      "400": problemRef(query.length > 0 ? "InvalidParameter" : "InvalidDomain"),
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

/**
 * Builds the OpenAPI 3.1 document for the engine's sections, mounted at `basePath`: each route's
 * summary, data schema and example come from the section's probe.
 */
export function buildOpenApiDocument(options: {
  basePath: string;
  /** The engine's sections, in the order it serves them. */
  probes: ReadonlyMap<string, Probe>;
  /** The freshness an example envelope shows, as the engine would give the section. */
  defaultTtlMs(section: string): number;
  /** The engine's own routes (`/batch`), then plugins' routes: each adds its `openApi()`. */
  ownRoutes?: readonly EngineRoute[];
  routes: readonly EngineRoute[];
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
    builder.addResponse(name, problemResponse(problem));
  }

  const envelopeNames: Record<string, string> = {};
  const examples: [string, unknown][] = [];
  for (const [name, probe] of options.probes) {
    const dataName = `${pascal(name)}Data`;
    const envelopeName = `${pascal(name)}Section`;
    envelopeNames[name] = envelopeName;
    const example =
      probe.example === undefined
        ? undefined
        : sectionExample(name, probe.example, options.defaultTtlMs(name));
    examples.push([name, example]);
    builder.addSchema(
      dataName,
      probe.dataSchema ?? { description: `Data of the ${name} section.` },
    );
    builder.addSchema(envelopeName, sectionEnvelopeSchema(name, dataName));
    builder.addPath(`/${name}/{domain}`, {
      get: operation({
        id: `get${pascal(name)}`,
        summary: probe.summary ?? `The ${name} section.`,
        schemaName: envelopeName,
        example,
        sectionRoute: true,
        ...(probe.query ? { query: probe.query.parameters } : {}),
      }),
    });
  }
  builder.addSchema("Report", reportSchema(envelopeNames));
  builder.addSchema("BatchResultLine", batchResultLineSchema(envelopeNames));
  // The report's schema requires every section, so its example needs an example of each.
  const reportExample = examples.every(([, example]) => example !== undefined)
    ? {
        domain: "example.com",
        generatedAt: exampleFetchedAt,
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
  for (const route of options.ownRoutes ?? []) addRoute(builder, route, -1);
  for (const [index, route] of options.routes.entries()) addRoute(builder, route, index);
  return builder.getSpec();
}

/** Adds a plugin route's paths and components; refuses what would change the engine's own. */
function addRoute(builder: OpenApiBuilder, route: EngineRoute, index: number): void {
  if (!route.openApi) return;
  const added = route.openApi({ problem: problemResponse });
  const fail = (expectation: string): never => {
    throw new TypeError(`createEngine: options.routes[${index}].openApi() ${expectation}`);
  };
  const document = builder.getSpec();
  const components = document.components ?? {};
  const clash = (kind: "schemas" | "securitySchemes", name: string, value: unknown) => {
    const existing = components[kind]?.[name];
    if (existing !== undefined && JSON.stringify(existing) !== JSON.stringify(value)) {
      fail(`redefines the ${kind} entry "${name}"`);
    }
  };
  for (const [name, scheme] of Object.entries(added.securitySchemes ?? {})) {
    clash("securitySchemes", name, scheme);
    builder.addSecurityScheme(name, scheme);
  }
  for (const tag of added.tags ?? []) {
    if (!document.tags?.some((known) => known.name === tag.name)) builder.addTag(tag);
  }
  for (const [name, schema] of Object.entries(added.schemas ?? {})) {
    clash("schemas", name, schema);
    builder.addSchema(name, schema);
  }
  for (const [path, item] of Object.entries(added.paths)) {
    if (path !== route.path && !path.startsWith(`${route.path}/`)) {
      fail(`documents "${path}", outside the route's path "${route.path}"`);
    }
    builder.addPath(path, item);
  }
}
