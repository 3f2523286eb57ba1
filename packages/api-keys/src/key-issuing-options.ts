import {
  type EngineRequest,
  isKeyStore,
  type KeyStore,
  type MaybePromise,
  type RateLimitPlan,
} from "@domain-intel/engine";

/**
 * What the host's `authorize` grants. Each field it sets wins over the request's; a request
 * may never choose a plan the grant did not give.
 */
export interface KeyGrant {
  /** Whose issuing bucket this request is charged to (a user or account id). Default: one shared bucket. */
  readonly subject?: string;
  /** The new key's name. Default: the request's `name`. */
  readonly name?: string;
  /** The new key's rate-limit plan. Default: none (the `default` plan). */
  readonly plan?: string;
  /** The new key's expiry as an ISO time. Default: the request's `expires`, else none. */
  readonly expiresAt?: string;
}

/** Truthy lets the request through (a grant shapes the key); false, null or undefined refuse it. */
export type KeyIssuingAuthorize = (
  request: EngineRequest,
) => MaybePromise<KeyGrant | boolean | null | undefined>;

interface KeyIssuingCommon {
  /** Where issued keys are stored; verify them with `keysFromStore({ store })` on the same store. */
  readonly store: KeyStore;
  /**
   * The issuing bucket (per `subject`; with `adminSecret`, one bucket). Default 10 keys, then
   * one more every 6 minutes.
   */
  readonly rateLimit?: RateLimitPlan;
}

/**
 * `POST {basePath}/keys`. Either `adminSecret`, sent as
 * `Authorization: Bearer <secret>` by the host's back office, or `authorize(request)`, the
 * host's own check (its session, its users) for self-service.
 */
export type KeyIssuingOptions = KeyIssuingCommon &
  (
    | { readonly adminSecret: string; readonly authorize?: undefined }
    | { readonly authorize: KeyIssuingAuthorize; readonly adminSecret?: undefined }
  );

export const defaultKeyIssuingPlan: RateLimitPlan = { capacity: 10, refillPerSecond: 1 / 360 };

// The characters a Bearer credential may hold (RFC 6750), so the secret can be sent at all.
const bearerSafe = /^[A-Za-z0-9\-._~+/]+=*$/;

function fail(option: string, expectation: string): never {
  throw new TypeError(`keyIssuing: options${option} ${expectation}`);
}

export function validateKeyIssuingOptions(options: KeyIssuingOptions): void {
  if (typeof options !== "object" || options === null) fail("", "must be an object");
  if (!isKeyStore(options.store)) {
    fail(".store", "must be a KeyStore (create, list, findByHash, revoke, rotate)");
  }
  const { adminSecret, authorize } = options;
  if ((adminSecret === undefined) === (authorize === undefined)) {
    fail("", "needs exactly one of adminSecret and authorize");
  }
  if (adminSecret !== undefined) {
    if (typeof adminSecret !== "string" || adminSecret.length < 24 || adminSecret.length > 1024) {
      fail(".adminSecret", "must be a string of 24 to 1024 characters");
    }
    if (!bearerSafe.test(adminSecret)) {
      fail(".adminSecret", "must use only the characters of a Bearer token (A-Z a-z 0-9 -._~+/)");
    }
  }
  if (authorize !== undefined && typeof authorize !== "function") {
    fail(".authorize", "must be a function (request) => grant | boolean");
  }
  const plan = options.rateLimit;
  if (plan !== undefined) {
    if (!(Number.isInteger(plan?.capacity) && plan.capacity >= 1)) {
      fail(".rateLimit.capacity", "must be a positive integer");
    }
    if (!(Number.isFinite(plan.refillPerSecond) && plan.refillPerSecond > 0)) {
      fail(".rateLimit.refillPerSecond", "must be a positive number");
    }
  }
}
