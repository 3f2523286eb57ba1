import { isIP } from "node:net";
import type { TOptional } from "@sinclair/typebox";
import type { KeyVerifier } from "./auth/key-verifier.js";
import { ApiKeysSchema } from "./auth/static-keys.js";
import { BatchOptionsSchema } from "./batch/batch-options.js";
import type { CacheStore } from "./cache/cache-store.js";
import type { Probe } from "./contract/probe.js";
import { type Problem, resolveOptions } from "./contract/resolve-options.js";
import {
  Defaulted,
  Methods,
  type OptionsOf,
  type SettingsOf,
  type TObject,
  type TSchema,
  Type,
} from "./contract/schema.js";
import { WebhooksOptionSchema } from "./events/webhook-options.js";
import { HistoryOptionsSchema } from "./history/history-options.js";
import { EngineRoutesSchema, engineRoutesProblem } from "./http/engine-route.js";
import { type EngineHooks, hookNamesForValidation } from "./logging/engine-hooks.js";
import type { Logger } from "./logging/logger.js";
import { builtInSections } from "./probes/built-in.js";
import { dnsDeclaration } from "./probes/dns/declaration.js";
import { hostingDeclaration } from "./probes/hosting/declaration.js";
import { mailDeclaration } from "./probes/mail/declaration.js";
import { sslDeclaration } from "./probes/ssl/declaration.js";
import { whoisDeclaration } from "./probes/whois/declaration.js";
import { parseRtrCache } from "./protocols/rtr/rtr-option.js";
import { RateLimitOptionsSchema } from "./ratelimit/rate-limit-options.js";
import { InsightsOptionsSchema } from "./report/insights-options.js";
import { WatchOptionsSchema } from "./watch/watch-options.js";

const reservedSections = new Set(["domain", "openapi.json", "batch", "watch"]);
const sectionName = /^[a-z][a-z0-9-]{0,31}$/;

export function isResolverAddress(value: string): boolean {
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(value);
  if (bracketed) return isIP(bracketed[1]!) === 6 && validPort(bracketed[2]);
  if (isIP(value)) return true;
  const withPort = /^([^:]+):(\d{1,5})$/.exec(value);
  return withPort !== null && isIP(withPort[1]!) === 4 && validPort(withPort[2]);
}

function validPort(port: string | undefined): boolean {
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
}

const integer = (minimum: number, maximum: number, fallback: number, description: string) =>
  Defaulted(Type.Integer({ minimum, maximum, default: fallback, description }));

const NetworkOptionsSchema = Type.Object(
  {
    resolvers: Defaulted(
      Type.Array(
        Type.String({
          check: (resolver: string) =>
            isResolverAddress(resolver)
              ? undefined
              : `must be an IP address with an optional port, got ${JSON.stringify(resolver)}`,
        }),
        {
          default: [],
          expect: "an array of ip or ip:port strings",
          description:
            "Recursive resolvers, `ip` or `ip:port` (`[v6]:port`). Default: the system's.",
        },
      ),
    ),
    allowPrivateAddresses: Defaulted(
      Type.Boolean({
        default: false,
        description: "Let probes connect to private, loopback and link-local addresses.",
      }),
    ),
    timeoutMs: integer(1, 300_000, 10_000, "Time budget of one probe run in ms."),
    maxConcurrency: integer(
      1,
      10_000,
      64,
      "Most outbound operations (queries, connections, fetches) in flight at once.",
    ),
    probeThreads: integer(
      0,
      64,
      0,
      "Worker threads that run the built-in sections' probe runs, so their parsing, crypto and garbage never delay the main thread's cache hits. 0: in this thread.",
    ),
    maxPendingProbes: integer(
      1,
      1_000_000,
      1024,
      "Most probe runs in progress at once, running or queued behind `maxConcurrency`. A request that needs a new run beyond it answers 503 `overloaded` with `Retry-After`; cache hits, stale answers and requests that join a run in progress are still served.",
    ),
  },
  { additionalProperties: false, default: {}, description: "Where and how far probes may reach." },
);

const CachingOptionsSchema = Type.Object(
  {
    staleGraceMs: integer(
      0,
      7 * 86_400_000,
      10 * 60_000,
      "How long past its TTL an entry is served as `stale` while refreshed.",
    ),
    errorTtlMs: integer(0, 86_400_000, 15_000, "How long a failed section is remembered."),
    storeTimeoutMs: integer(
      0,
      60_000,
      250,
      "Longest wait for the cache store before answering without it.",
    ),
    hotBytes: integer(
      0,
      1024 * 1024 * 1024,
      16 * 1024 * 1024,
      "Bytes of ready-to-send fresh answers kept in process in front of the store.",
    ),
  },
  {
    additionalProperties: false,
    default: {},
    description: "Stale-while-revalidate grace, negative caching and the store's time limit.",
  },
);

/** What a custom section's probe says about itself goes into the OpenAPI document. */
function probeProblem(probe: Probe<unknown>): Problem | undefined {
  if (probe.summary !== undefined && (typeof probe.summary !== "string" || probe.summary === ""))
    return { at: ".summary", problem: "must be a non-empty string" };
  const schema = probe.dataSchema;
  if (
    schema !== undefined &&
    (typeof schema !== "object" || schema === null || Array.isArray(schema))
  )
    return { at: ".dataSchema", problem: "must be a JSON Schema object" };
  if (probe.example !== undefined && !isJsonData(probe.example))
    return { at: ".example", problem: "must be JSON data" };
  return undefined;
}

function isJsonData(value: unknown): boolean {
  try {
    return JSON.stringify(value) !== undefined;
  } catch {
    return false; // a BigInt or a cycle
  }
}

const ProbesOptionSchema = Type.Record(
  Type.String(),
  Type.Union(
    [
      Methods<Probe<unknown>>(["run"], {
        expect: "a Probe with a run method",
        check: probeProblem,
      }),
      Type.Literal(false),
      Type.Undefined(),
    ],
    { expect: "a Probe with a run method, or false" },
  ),
  {
    description:
      "`false` turns a built-in section off; any other name adds a custom section (a Probe).",
    check: (probes: Record<string, unknown>) => {
      const bad = Object.keys(probes).find(
        (name) => !sectionName.test(name) || reservedSections.has(name),
      );
      return bad === undefined
        ? undefined
        : {
            at: `.${bad}`,
            problem:
              "is not a valid section name (lower case letters, digits and hyphens; not reserved)",
          };
    },
  },
);

const hookProblem = (hooks: Record<string, unknown>): Problem | undefined => {
  const bad = hookNamesForValidation.find(
    (name) => hooks[name] !== undefined && typeof hooks[name] !== "function",
  );
  return bad === undefined ? undefined : { at: `.${bad}`, problem: "must be a function" };
};
const Hooks = Methods<EngineHooks>([], {
  expect: "an object of hook functions, or an array of them",
  check: hookProblem,
});

/** What moved out of the engine: `false` is still taken, anything else says where it went. */
const moved = (where: string) =>
  Type.Optional(
    Type.Unsafe<false>(
      Type.Unknown({
        expect: "false",
        check: (value: unknown) => (value === false ? undefined : `has moved: ${where}`),
        description: `Moved: ${where}. \`false\` is still accepted and changes nothing.`,
      }),
    ),
  );

/** A section's engine options: the ones its declaration picks, under its key. */
function sectionOptions<
  O extends TObject,
  const K extends string,
  const P extends readonly (keyof O["properties"] & string)[],
>(declaration: { name: string; options: O; engineOptions: { key: K; pick: P } }) {
  const { options, engineOptions } = declaration;
  const picked = Type.Pick(options, [...engineOptions.pick], {
    additionalProperties: false,
    description: `The ${declaration.name} section's options.`,
  });
  return { [engineOptions.key]: Type.Optional(picked) } as unknown as {
    [key in K]: TOptional<TObject<{ [name in P[number]]: O["properties"][name] }>>;
  };
}

/**
 * Every option of `createEngine`, declared once: the TypeScript type, the validation (unknown
 * keys refused at every level, each problem a TypeError naming its path), the defaults and the
 * options reference all come from here and from each section's declaration.
 */
export const EngineOptionsSchema = Type.Object(
  {
    keys: Type.Union(
      [Methods<KeyVerifier>(["verify"], { expect: "a KeyVerifier" }), ApiKeysSchema],
      {
        expect: "a KeyVerifier or a non-empty array of keys",
        description:
          "Who may call: a KeyVerifier, or plain keys and `sha256:<hex>` digests. Required.",
      },
    ),
    cache: Type.Optional(
      Methods<CacheStore>(["get", "set", "delete"], {
        expect: "a CacheStore with get, set and delete",
        description: "Where results are cached. Default: a bounded in-memory store.",
      }),
    ),
    probes: Type.Optional(ProbesOptionSchema),
    network: Defaulted(NetworkOptionsSchema),
    basePath: Defaulted(
      Type.String({
        default: "/api/v1",
        description:
          'Where the API is mounted: "" or a path starting with "/" and not ending with "/".',
        check: (base: string) =>
          base === "" || (base.startsWith("/") && !base.endsWith("/") && !/[?#\s]/.test(base))
            ? undefined
            : 'must be "" or a path starting with "/" and not ending with "/"',
      }),
    ),
    caching: Defaulted(CachingOptionsSchema),
    rateLimit: Type.Optional(RateLimitOptionsSchema),
    routes: Type.Optional(EngineRoutesSchema),
    docs: moved("add routes: [swaggerUi()] from @domain-intel/swagger-ui"),
    keyIssuing: moved(
      "add routes: [keyIssuing({ store, adminSecret })] from @domain-intel/api-keys",
    ),
    insights: Type.Optional(InsightsOptionsSchema),
    batch: Defaulted(BatchOptionsSchema),
    logger: Type.Optional(
      Methods<Logger>(["warn", "error"], {
        expect: "a logger with warn and error methods",
        description:
          "Receives warnings about recovered trouble (cache down, probe crash). Default: console. A pino logger is taken as it is.",
      }),
    ),
    hooks: Type.Optional(
      Type.Union([Hooks, Type.Array(Hooks)], {
        expect: "an object of hook functions, or an array of them",
        description:
          "Observers of requests, probe runs and cache lookups (metrics, request logs, traces): one `EngineHooks` or several.",
      }),
    ),
    history: Type.Optional(HistoryOptionsSchema),
    watch: Type.Optional(WatchOptionsSchema),
    webhooks: Type.Optional(WebhooksOptionSchema),
    // The built-in sections' own options: whois takes its under `rdap`; http takes none.
    ...sectionOptions(whoisDeclaration),
    ...sectionOptions(dnsDeclaration),
    ...sectionOptions(sslDeclaration),
    ...sectionOptions(mailDeclaration),
    ...sectionOptions(hostingDeclaration),
    rpki: Type.Optional(
      Type.Object(
        {
          rtr: Type.Optional(
            Type.String({
              expect: "host:port or [v6]:port",
              description:
                "The RTR cache (RFC 8210) route origins are validated against: `host:port`, trusted as configured like the resolvers. None: hosting.rpki.valid is skipped.",
              check: (cache: string) => {
                try {
                  parseRtrCache(cache, "");
                  return undefined;
                } catch {
                  return "must be host:port or [v6]:port (the RTR cache)";
                }
              },
            }),
          ),
        },
        { additionalProperties: false, description: "Route origin validation (RPKI)." },
      ),
    ),
  },
  {
    additionalProperties: false,
    // What depends on several options at once: the sections a route or the watch list may name.
    check: (options: {
      probes?: Record<string, unknown>;
      routes?: never[];
      watch?: { sections?: string[] };
    }) => {
      const probes = options.probes ?? {};
      const named = [...Object.keys(builtInSections), ...Object.keys(probes)];
      const taken = new Set([...reservedSections, "history", ...named]);
      const routes = options.routes && engineRoutesProblem(options.routes, taken);
      if (routes)
        return typeof routes === "string" ? routes : { ...routes, at: `.routes${routes.at}` };
      const sections = new Set(named.filter((name) => probes[name] !== false));
      const unknown = options.watch?.sections?.find((section) => !sections.has(section));
      return unknown === undefined
        ? undefined
        : {
            at: ".watch.sections",
            problem: `must be an array of sections: ${[...sections].join(", ")}`,
          };
    },
  },
);

/** `createEngine`'s options, as the caller writes them. */
export type EngineOptions = OptionsOf<typeof EngineOptionsSchema>;

/** The options resolved: checked, defaults filled, frozen. */
export type EngineSettings = SettingsOf<typeof EngineOptionsSchema>;

export type NetworkOptions = OptionsOf<typeof NetworkOptionsSchema>;
export type CachingOptions = OptionsOf<typeof CachingOptionsSchema>;
/** `false` turns a built-in section off; any other name adds a custom section. */
export type ProbesOption = OptionsOf<typeof ProbesOptionSchema>;

/**
 * The schema of one engine option, by its dotted path (`network.timeoutMs`, `webhooks.url`): for
 * callers that take an option in another form (an environment variable) and check it as
 * `createEngine` would. Throws a TypeError for a path that is no option.
 */
export function engineOptionSchema(path: string): TSchema {
  let schema: TSchema = EngineOptionsSchema;
  for (const key of path.split(".")) {
    const inner = objectBranches(schema)
      .map((branch) => branch.properties[key])
      .find((property) => property !== undefined);
    if (!inner) throw new TypeError(`engineOptionSchema: ${path} is not an engine option`);
    schema = inner;
  }
  return schema;
}

/** The object schemas a schema is, or may be (the object branch of `webhooks`'s union). */
function objectBranches(schema: TSchema): { properties: Record<string, TSchema> }[] {
  const shaped = schema as TSchema & { properties?: Record<string, TSchema>; anyOf?: TSchema[] };
  if (shaped.properties) return [{ properties: shaped.properties }];
  return (shaped.anyOf ?? []).flatMap(objectBranches);
}

/** Checks every option once, when the engine is created, naming the bad one; fills defaults. */
export function resolveEngineOptions(options: EngineOptions): EngineSettings {
  if (typeof options !== "object" || options === null || Array.isArray(options))
    throw new TypeError("createEngine: options must be an object");
  return resolveOptions(EngineOptionsSchema, options, "createEngine: options");
}
