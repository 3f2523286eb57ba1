import { DomainFixesSchema, type Engine, type JsonSchema } from "@domain-intel/engine";
import type { OpenAPIObject } from "openapi3-ts/oas31";
import { routeOutputSchema } from "./output-schema.js";

export interface SectionTool {
  /** The tool's name: `domain_report`, or the section's own name. */
  readonly name: string;
  /** What `engine.lookup` is asked for: `"domain"` (the report) or the section. */
  readonly section: string;
  readonly description: string;
  readonly inputSchema: JsonSchema & { type: "object" };
  readonly outputSchema: JsonSchema & { type: "object" };
  /** The report's fixes (`{ domain, fixes }`) instead of the answer itself. */
  readonly fixes?: true;
  /** The section route's own query parameters (dns: `ns`, `ds`), taken as tool arguments. */
  readonly query: readonly string[];
}

export const reportToolName = "domain_report";
export const fixesToolName = "domain_fixes";

const fixesDescription =
  "The fixes for a domain's failing and warning findings, every section: typed changes an agent can apply (dns-record with its zone-file line, http-header with nginx/Apache/Caddy/IIS/HAProxy lines, tls-config, file, registrar), staged where a change must be rolled out in steps, with plain steps where nothing can be applied by machine. A `{{name}}` in a change is a value only the user knows (a parameters entry says which): ask for it, never invent it. Use it when the user wants to fix what is wrong with the domain, or asks what to change. structuredContent is { domain, fixes: [{ section, id, status, message, remediation }] }.";

interface QueryParameter {
  readonly name: string;
  readonly in: string;
  readonly description?: string;
  readonly schema?: JsonSchema;
}

/**
 * The route's own query parameters as the OpenAPI document declares them (`refresh` and the
 * shared `$ref` parameters aside): each a tool argument taking a list of strings, as the
 * repeated parameter does.
 */
function queryArguments(document: OpenAPIObject, path: string): [string, JsonSchema][] {
  const parameters = (document.paths?.[path]?.get?.parameters ?? []) as (
    | QueryParameter
    | { $ref: string }
  )[];
  return parameters.flatMap((parameter) => {
    if (!("in" in parameter) || parameter.in !== "query" || parameter.name === "refresh") return [];
    const items =
      parameter.schema?.type === "array"
        ? (parameter.schema.items as JsonSchema)
        : parameter.schema;
    return [
      [
        parameter.name,
        {
          type: "array",
          items: items ?? { type: "string" },
          maxItems: 32,
          ...(parameter.description ? { description: parameter.description } : {}),
        },
      ],
    ];
  });
}

const inputSchema = {
  type: "object",
  properties: {
    domain: {
      type: "string",
      maxLength: 1024,
      description:
        "A domain name, e.g. example.com; IDN, upper case and a trailing dot are accepted. Not a URL, not an IP address.",
    },
    refresh: {
      type: "boolean",
      description:
        "true to probe again instead of answering from the cache (slower; rate limited on HTTP).",
    },
  },
  required: ["domain"],
  additionalProperties: false,
} as const satisfies JsonSchema;

const reportDescription =
  "Full domain intelligence report: every section the server probes (registration, DNS health, TLS certificate and configuration, and any others) plus insights that connect them. Use it for a general assessment or audit of a domain; use a single-section tool when only one aspect matters. The text lists the grade and every failing or warning finding; structuredContent holds the whole report.";

/**
 * One tool a section the engine serves, plus the full report, built from the engine itself:
 * a section added to the engine (built in or custom) becomes a tool without a line here.
 */
export function sectionTools(engine: Pick<Engine, "sections" | "openApiDocument">): SectionTool[] {
  const document = engine.openApiDocument;
  const tool = (name: string, section: string, path: string, description: string): SectionTool => {
    const query = queryArguments(document, path);
    return {
      name,
      section,
      description,
      inputSchema: (query.length === 0
        ? inputSchema
        : {
            ...inputSchema,
            properties: { ...inputSchema.properties, ...Object.fromEntries(query) },
          }) as SectionTool["inputSchema"],
      outputSchema: routeOutputSchema(document, path) as SectionTool["outputSchema"],
      query: query.map(([name]) => name),
    };
  };
  return [
    tool(reportToolName, "domain", "/domain/{domain}", reportDescription),
    {
      name: fixesToolName,
      section: "domain",
      description: fixesDescription,
      inputSchema: inputSchema as SectionTool["inputSchema"],
      outputSchema: JSON.parse(JSON.stringify(DomainFixesSchema)) as SectionTool["outputSchema"],
      fixes: true,
      query: [],
    },
    ...engine.sections.map((section) => {
      const path = `/${section}/{domain}`;
      const summary = document.paths?.[path]?.get?.summary ?? `The ${section} section.`;
      return tool(
        section,
        section,
        path,
        `${summary} Returns the "${section}" section of a domain in the section envelope (status, cache, data). Use it when the question is only about this aspect of the domain. The text lists the grade when there is one and every failing or warning finding; structuredContent holds the envelope.`,
      );
    }),
  ];
}
