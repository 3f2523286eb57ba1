import { hash, timingSafeEqual } from "node:crypto";
import {
  createKey,
  DomainIntelError,
  describeError,
  type EngineRequest,
  type EngineResponse,
  type EngineRoute,
  type EngineRouteContext,
  isDomainIntelError,
  jsonResponse,
  keyNameProblem,
  maxRequestBodyBytes,
  parseBearerToken,
  parseKeyExpiry,
  planNamePattern,
  type RateLimitDecision,
  type RateLimitPlan,
} from "@domain-intel/engine";
import { keyIssuingOpenApi } from "./key-issuing-openapi.js";
import {
  defaultKeyIssuingPlan,
  type KeyGrant,
  type KeyIssuingOptions,
  validateKeyIssuingOptions,
} from "./key-issuing-options.js";

/** What a request may ask for, all optional; a grant from `authorize` overrides it. */
interface KeyRequest {
  name?: string;
  plan?: string;
  expires?: string;
}

const challenge = 'Bearer realm="domain-intel-admin"';
const sha256 = (value: string) => hash("sha256", value, "buffer") as unknown as Buffer;

const badRequest = (detail: string) => new DomainIntelError("bad_request", detail);

function readBody(request: EngineRequest): KeyRequest {
  const type = (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  // Requiring JSON also means a browser on another site cannot send this request without a
  // CORS preflight, which protects hosts whose `authorize` trusts a session cookie.
  if (type !== "application/json") {
    throw badRequest("Send the request as JSON with Content-Type: application/json.");
  }
  const body = request.body ?? new Uint8Array(0);
  if (body.byteLength > maxRequestBodyBytes) {
    throw badRequest(`The request body is larger than ${maxRequestBodyBytes} bytes.`);
  }
  const text = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("utf8").trim();
  if (text === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest("The request body is not valid JSON.");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw badRequest('The request body must be a JSON object: {"name": "..."}.');
  }
  const fields = parsed as Record<string, unknown>;
  for (const name of Object.keys(fields)) {
    if (name !== "name" && name !== "plan" && name !== "expires") {
      throw badRequest(`Unknown field "${name.slice(0, 40)}"; expected name, plan, expires.`);
    }
  }
  for (const name of ["name", "plan", "expires"] as const) {
    if (fields[name] !== undefined && typeof fields[name] !== "string") {
      throw badRequest(`"${name}" must be a string.`);
    }
  }
  return fields as KeyRequest;
}

function headersFor(plan: RateLimitPlan, decision: RateLimitDecision): Record<string, string> {
  const window = Math.max(1, Math.round(plan.capacity / plan.refillPerSecond));
  return {
    "ratelimit-policy": `"keys";q=${plan.capacity};w=${window}`,
    ratelimit: `"keys";r=${decision.remaining};t=${Math.ceil(decision.resetMs / 1000)}`,
  };
}

/**
 * The engine route `POST {basePath}/keys`: checks the caller, charges its bucket, stores a new
 * key, shows it once. Pass it as `createEngine({ routes: [keyIssuing({ store, adminSecret })] })`.
 * Options are checked here, a TypeError naming the bad one.
 */
export function keyIssuing(options: KeyIssuingOptions): EngineRoute {
  validateKeyIssuingOptions(options);
  const plan = options.rateLimit ?? defaultKeyIssuingPlan;
  const secretDigest = options.adminSecret === undefined ? undefined : sha256(options.adminSecret);

  async function authorize(
    request: EngineRequest,
    { logger }: EngineRouteContext,
  ): Promise<KeyGrant & { subject: string }> {
    if (secretDigest) {
      const parsed = parseBearerToken(request.headers.authorization);
      // Digests of equal length compared without an early exit: timing says nothing about the secret.
      if (parsed.kind !== "token" || !timingSafeEqual(sha256(parsed.token), secretDigest)) {
        throw new DomainIntelError(
          "unauthorized",
          "Creating API keys needs the admin secret: send Authorization: Bearer <secret>.",
          { headers: { "www-authenticate": challenge } },
        );
      }
      return { subject: "admin" };
    }
    let grant: KeyGrant | boolean | null | undefined;
    try {
      grant = await options.authorize!(request);
    } catch (error) {
      // The host may refuse with its own problem; anything else is its bug, not the caller's.
      if (isDomainIntelError(error)) throw error;
      logger.error("keyIssuing.authorize failed", { error: describeError(error) });
      throw new DomainIntelError("internal", "An internal error occurred.");
    }
    if (!grant) {
      throw new DomainIntelError("unauthorized", "This request may not create API keys.");
    }
    const given = grant === true ? {} : grant;
    return { ...given, subject: `grant:${given.subject ?? "*"}` };
  }

  async function charge(
    subject: string,
    { rateLimitStore, logger }: EngineRouteContext,
  ): Promise<Record<string, string>> {
    let decision: RateLimitDecision;
    try {
      decision = await rateLimitStore.take(`rl-keys:${subject}`, plan, 1);
    } catch (error) {
      // As for API requests: a broken limiter store does not take the service down with it.
      logger.warn("rate limit store failed; letting the request through", {
        error: describeError(error),
      });
      return {};
    }
    const headers = headersFor(plan, decision);
    if (!decision.allowed) {
      throw new DomainIntelError("rate_limited", "Too many API keys created; try again later.", {
        headers: {
          ...headers,
          "retry-after": String(Math.max(1, Math.ceil(decision.retryAfterMs / 1000))),
        },
      });
    }
    return headers;
  }

  function choosePlan(
    grant: KeyGrant,
    asked: string | undefined,
    plans: ReadonlySet<string> | undefined,
  ): string | undefined {
    if (options.authorize && asked !== undefined && asked !== grant.plan) {
      throw badRequest('The plan of a key is chosen by the host; leave "plan" out.');
    }
    const chosen = grant.plan ?? asked;
    if (chosen === undefined) return undefined;
    if (!planNamePattern.test(chosen) || (plans && !plans.has(chosen))) {
      const known = plans ? `: one of ${[...plans].join(", ")}` : "";
      throw badRequest(`"plan" is not a plan of this service${known}.`);
    }
    return chosen;
  }

  async function issue(
    request: EngineRequest,
    context: EngineRouteContext,
  ): Promise<EngineResponse> {
    const grant = await authorize(request, context);
    const limits = await charge(grant.subject, context);
    try {
      const asked = readBody(request);
      const name = grant.name ?? asked.name;
      const nameProblem = keyNameProblem(name);
      if (nameProblem) throw badRequest(`"name" ${nameProblem}.`);
      const keyPlan = choosePlan(grant, asked.plan, context.plans);
      let expiresAt = grant.expiresAt;
      if (expiresAt === undefined && asked.expires !== undefined) {
        try {
          expiresAt = parseKeyExpiry({ value: asked.expires });
        } catch (error) {
          throw badRequest(`"expires": ${(error as Error).message.replace(/^expires: /, "")}.`);
        }
      }
      let issued: Awaited<ReturnType<typeof createKey>>;
      try {
        issued = await createKey({
          store: options.store,
          name: name!,
          ...(keyPlan === undefined ? {} : { plan: keyPlan }),
          ...(expiresAt === undefined ? {} : { expiresAt }),
        });
      } catch (error) {
        context.logger.error("key store failed to create a key", { error: describeError(error) });
        throw new DomainIntelError("internal", "An internal error occurred.");
      }
      const { key, record } = issued;
      const body = {
        key,
        id: record.id,
        name: record.name,
        ...(record.plan === undefined ? {} : { plan: record.plan }),
        createdAt: record.createdAt,
        ...(record.expiresAt === undefined ? {} : { expiresAt: record.expiresAt }),
      };
      // The one answer that holds a key: no cache anywhere may keep it.
      return jsonResponse(201, JSON.stringify(body), { "cache-control": "no-store", ...limits });
    } catch (error) {
      if (!isDomainIntelError(error)) throw error;
      throw new DomainIntelError(error.code, error.message, {
        headers: { ...limits, ...error.headers },
      });
    }
  }

  return {
    path: "/keys",
    async handle(request, context) {
      if (request.subpath !== "") {
        throw new DomainIntelError("not_found", "No route matches this path.");
      }
      if (request.method.toUpperCase() !== "POST") {
        throw new DomainIntelError(
          "method_not_allowed",
          `${request.method.slice(0, 16)} is not allowed here; use POST.`,
          { headers: { allow: "POST" } },
        );
      }
      return issue(request, context);
    },
    openApi: (tools) =>
      keyIssuingOpenApi(options.adminSecret === undefined ? "authorize" : "adminSecret", tools),
  };
}
