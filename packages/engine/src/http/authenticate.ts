import { parseBearerToken } from "../auth/bearer-token.js";
import type { KeyIdentity, KeyVerifier } from "../auth/key-verifier.js";
import { DomainIntelError } from "../contract/domain-intel-error.js";
import { isPromiseLike, type MaybePromise } from "../contract/maybe-promise.js";

const challenge = 'Bearer realm="domain-intel"';

function known(identity: KeyIdentity | null | undefined): KeyIdentity {
  if (!identity) {
    throw new DomainIntelError("unauthorized", "The API key is not valid.", {
      headers: { "www-authenticate": `${challenge}, error="invalid_token"` },
    });
  }
  return identity;
}

/**
 * Resolves the caller's identity or throws a 401 that says nothing about which keys exist.
 * A verifier that answers at once (a remembered key) is answered at once.
 */
export function authenticate(
  authorization: string | undefined,
  verifier: KeyVerifier,
): MaybePromise<KeyIdentity> {
  const parsed = parseBearerToken(authorization);
  if (parsed.kind === "missing") {
    throw new DomainIntelError(
      "unauthorized",
      "A valid API key is required: send Authorization: Bearer <key>.",
      {
        headers: { "www-authenticate": challenge },
      },
    );
  }
  if (parsed.kind === "malformed") {
    throw new DomainIntelError(
      "unauthorized",
      "The Authorization header is not a valid Bearer credential.",
      {
        headers: { "www-authenticate": `${challenge}, error="invalid_request"` },
      },
    );
  }
  const identity = verifier.verify(parsed.token);
  return isPromiseLike(identity) ? Promise.resolve(identity).then(known) : known(identity);
}
