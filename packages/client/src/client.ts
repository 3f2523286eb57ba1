import createFetchClient, { type Client } from "openapi-fetch";
import {
  abortSignal,
  apiKey,
  baseUrl,
  boolean,
  type Check,
  checkOptions,
  dateLike,
  func,
  nonEmptyString,
  positiveInteger,
  stringList,
} from "./client-options.js";
import type { components, paths } from "./generated/openapi.js";
import { ndjsonValues } from "./ndjson.js";
import { problemError } from "./problem-error.js";

type Schemas = components["schemas"];
export type Report = Schemas["Report"];
export type FleetSummary = Schemas["FleetSummary"];
export type History = Schemas["History"];
export type BatchJob = Schemas["BatchJob"];
export type BatchResultLine = Schemas["BatchResultLine"];
/** A custom section's envelope: the shared envelope, `data` as its probe's schema says. */
export type SectionEnvelope = Omit<Schemas["DnsSection"], "data" | "section"> & {
  section: string;
  data?: unknown;
};
/** The sections a batch may ask for: every section the engine serves. */
export type SectionName = NonNullable<Schemas["BatchRequest"]["sections"]>[number];

/** The JSON a GET of `path` answers with 200. */
type Answer<P extends keyof paths> = paths[P] extends {
  get: { responses: { 200: { content: { "application/json": infer T } } } };
}
  ? T
  : never;

export interface ClientOptions {
  /** Where the API is mounted: `https://api.example/api/v1`, or `/api/v1` in a browser. */
  readonly baseUrl: string;
  /** The API key, sent as `Authorization: Bearer <key>`; never in a URL. */
  readonly key: string;
  /** The fetch to call (default: the global one), e.g. to add a proxy or a timeout. */
  readonly fetch?: (request: Request) => Promise<Response>;
}

interface Call {
  readonly signal?: AbortSignal;
}
export interface LookupOptions extends Call {
  readonly domain: string;
  /** Probe again instead of answering from the cache (`?refresh=true`). */
  readonly refresh?: boolean;
}
export interface SinceOptions extends Call {
  /** Only changes from then on go into the timeline. */
  readonly since?: Date | string;
}
export interface BatchIdOptions extends Call {
  readonly id: string;
}

const signalCheck = { signal: { check: abortSignal } };
const lookupChecks = {
  domain: { required: true, check: nonEmptyString },
  refresh: { check: boolean },
  ...signalCheck,
};
const idChecks = { id: { required: true, check: nonEmptyString }, ...signalCheck };
const sinceCheck = { since: { check: dateLike } };

const sinceQuery = (since: Date | string | undefined) =>
  since === undefined ? {} : { since: since instanceof Date ? since.toISOString() : since };

/**
 * A client of the domain-intel API: one function a route, each taking one options object and
 * resolving with the route's typed answer, or rejecting with a DomainIntelProblemError.
 */
export function createClient(options: ClientOptions) {
  checkOptions("createClient", options, {
    baseUrl: { required: true, check: baseUrl },
    key: { required: true, check: apiKey },
    fetch: { check: func },
  });
  const api: Client<paths> = createFetchClient<paths>({
    baseUrl: options.baseUrl,
    headers: { authorization: `Bearer ${options.key}` },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  /** The data of a success, or the problem of anything else. */
  async function answer<T>(
    call: Promise<{ data?: T; error?: unknown; response: Response }>,
  ): Promise<T> {
    const { data, error, response } = await call;
    if (!response.ok) throw problemError(response, error);
    return data as T;
  }

  /** `GET {path}` of a domain: the report or a section envelope. */
  function lookup<P extends keyof paths & `/${string}/{domain}`>(path: P, name: string) {
    return (call: LookupOptions): Promise<Answer<P>> => {
      checkOptions(`client.${name}`, call, lookupChecks);
      return answer(
        api.GET(path as "/dns/{domain}", {
          params: { path: { domain: call.domain }, query: call.refresh ? { refresh: true } : {} },
          ...(call.signal ? { signal: call.signal } : {}),
        }),
      ) as Promise<Answer<P>>;
    };
  }

  const checked =
    <O>(name: string, checks: Record<string, { required?: boolean; check: Check }>) =>
    (call: O) => {
      checkOptions(`client.${name}`, call, checks);
      return call;
    };

  const batch = {
    /** `POST /batch`: starts a job; each domain costs the key's rate limit as its GET would. */
    create(call: { domains: readonly string[]; sections?: readonly SectionName[] } & Call) {
      const { domains, sections, signal } = checked<typeof call>("batch.create", {
        domains: { required: true, check: stringList },
        sections: { check: stringList },
        ...signalCheck,
      })(call);
      return answer(
        api.POST("/batch", {
          body: { domains: [...domains], ...(sections ? { sections: [...sections] } : {}) },
          ...(signal ? { signal } : {}),
        }),
      );
    },
    /** `GET /batch/{id}`: the job's status and counts. */
    get(call: BatchIdOptions) {
      const { id, signal } = checked<BatchIdOptions>("batch.get", idChecks)(call);
      return answer(
        api.GET("/batch/{id}", { params: { path: { id } }, ...(signal ? { signal } : {}) }),
      );
    },
    /** `DELETE /batch/{id}`: cancels the job; what is recorded stays. */
    cancel(call: BatchIdOptions) {
      const { id, signal } = checked<BatchIdOptions>("batch.cancel", idChecks)(call);
      return answer(
        api.DELETE("/batch/{id}", { params: { path: { id } }, ...(signal ? { signal } : {}) }),
      );
    },
    /** `GET /batch/{id}/summary`: the job's domains at a glance. */
    summary(call: BatchIdOptions & SinceOptions) {
      const { id, since, signal } = checked<BatchIdOptions & SinceOptions>("batch.summary", {
        ...idChecks,
        ...sinceCheck,
      })(call);
      return answer(
        api.GET("/batch/{id}/summary", {
          params: { path: { id }, query: sinceQuery(since) },
          ...(signal ? { signal } : {}),
        }),
      );
    },
    /**
     * `GET /batch/{id}/results`: one value a domain, each as its NDJSON line arrives; where the
     * host streams (Express, Fastify, serve), until the job ends.
     */
    async *results(call: BatchIdOptions): AsyncGenerator<BatchResultLine> {
      const { id, signal } = checked<BatchIdOptions>("batch.results", idChecks)(call);
      const body = await answer(
        api.GET("/batch/{id}/results", {
          params: { path: { id } },
          parseAs: "stream",
          ...(signal ? { signal } : {}),
        }),
      );
      if (body) yield* ndjsonValues(body) as AsyncGenerator<BatchResultLine>;
    },
    /**
     * Asks for the job every `intervalMs` (default 1000) until it is `done` or `cancelled`,
     * telling `onProgress` each time; rejects with the signal's reason when it aborts.
     */
    async poll(
      call: BatchIdOptions & { intervalMs?: number; onProgress?: (job: BatchJob) => void },
    ): Promise<BatchJob> {
      const {
        id,
        signal,
        intervalMs = 1000,
        onProgress,
      } = checked<typeof call>("batch.poll", {
        ...idChecks,
        intervalMs: { check: positiveInteger },
        onProgress: { check: func },
      })(call);
      for (;;) {
        const job = await batch.get({ id, ...(signal ? { signal } : {}) });
        onProgress?.(job);
        if (job.status === "done" || job.status === "cancelled") return job;
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(done, intervalMs);
          function done() {
            signal?.removeEventListener("abort", aborted);
            resolve();
          }
          function aborted() {
            clearTimeout(timer);
            reject(signal!.reason);
          }
          if (signal?.aborted) aborted();
          else signal?.addEventListener("abort", aborted, { once: true });
        });
      }
    },
  };

  return {
    /** `GET /domain/{domain}`: every section and the insights across them. */
    report: lookup("/domain/{domain}", "report"),
    whois: lookup("/whois/{domain}", "whois"),
    dns: lookup("/dns/{domain}", "dns"),
    ssl: lookup("/ssl/{domain}", "ssl"),
    http: lookup("/http/{domain}", "http"),
    mail: lookup("/mail/{domain}", "mail"),
    hosting: lookup("/hosting/{domain}", "hosting"),
    /** A custom section by name (its data is whatever its probe's schema says). */
    section(call: LookupOptions & { section: string }) {
      const { section, ...rest } = checked<typeof call>("section", {
        ...lookupChecks,
        section: { required: true, check: nonEmptyString },
      })(call);
      return lookup(
        `/${encodeURIComponent(section)}/{domain}` as "/dns/{domain}",
        "section",
      )(rest) as Promise<SectionEnvelope>;
    },
    /** `GET /history/{domain}`: the snapshots kept and what changed between them. */
    history(call: Call & { domain: string }) {
      const { domain, signal } = checked<typeof call>("history", {
        domain: { required: true, check: nonEmptyString },
        ...signalCheck,
      })(call);
      return answer(
        api.GET("/history/{domain}", {
          params: { path: { domain } },
          ...(signal ? { signal } : {}),
        }),
      );
    },
    /** `GET /watch`: the watch list at a glance. */
    watch(call: SinceOptions = {}) {
      const { since, signal } = checked<SinceOptions>("watch", { ...sinceCheck, ...signalCheck })(
        call,
      );
      return answer(
        api.GET("/watch", {
          params: { query: sinceQuery(since) },
          ...(signal ? { signal } : {}),
        }),
      );
    },
    /** `GET /openapi.json`: the document this client's types were generated from. */
    openApi(call: Call = {}) {
      const { signal } = checked<Call>("openApi", signalCheck)(call);
      return answer(api.GET("/openapi.json", signal ? { signal } : {})) as Promise<
        Record<string, unknown>
      >;
    },
    batch,
    /** The openapi-fetch client underneath, for what the functions above do not cover. */
    api,
  };
}

export type DomainIntelClient = ReturnType<typeof createClient>;
