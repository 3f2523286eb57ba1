import { parseBearerToken } from "../auth/bearer-token.js";
import type { KeyIdentity, KeyVerifier } from "../auth/key-verifier.js";
import { DomainIntelError } from "../errors/domain-intel-error.js";

const challenge = 'Bearer realm="domain-intel"';

/** Resolves the caller's identity or throws a 401 that says nothing about which keys exist. */
export async function authenticate(
  authorization: string | undefined,
  verifier: KeyVerifier,
): Promise<KeyIdentity> {
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
  const identity = await verifier.verify(parsed.token);
  if (!identity) {
    throw new DomainIntelError("unauthorized", "The API key is not valid.", {
      headers: { "www-authenticate": `${challenge}, error="invalid_token"` },
    });
  }
  return identity;
}
