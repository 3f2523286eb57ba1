import {
  limitedAnswerPhrases,
  notRegisteredPhrases,
  refusalPhrases,
  unregistrablePhrases,
  unregistrableStatusPhrases,
  type WhoisRefusalKind,
} from "./whois-phrases.js";
import type { WhoisProfile } from "./whois-profiles.js";

/**
 * "Is it free?" from a WHOIS answer, never wrong in the dangerous direction: `false` only when
 * the answer says the name is not registered and carries no registration; `true` only with
 * registration data or a status the registry gives the name; a name the registry says cannot be
 * registered (reserved, invalid) is neither; anything else is `null` with the reason.
 */
export type Registration = { registered: boolean } | { registered: null; reason: string };

export interface RegistrationEvidence {
  text: string;
  profile: WhoisProfile;
  /** Registrar, dates or name servers read from the domain's own block. */
  hasData: boolean;
  /** The domain's statuses as the registry writes them. */
  statuses: readonly string[];
}

const unregistrableReason =
  "the registry says the name cannot be registered (reserved, restricted or invalid)";
const silentReason =
  "the answer neither says the name is not registered nor carries registration data";

export function registrationOf(evidence: RegistrationEvidence): Registration {
  const { text, profile, hasData, statuses } = evidence;
  const statusText = statuses.map((status) => `Status: ${status}`).join("\n");
  if (unregistrableStatusPhrases.some((pattern) => pattern.test(`${statusText}\n${text}`))) {
    return { registered: null, reason: unregistrableReason };
  }
  if (hasData) return { registered: true };
  if (saysNotRegistered(text, profile)) return { registered: false };
  if (unregistrablePhrases.some((pattern) => pattern.test(text))) {
    return { registered: null, reason: unregistrableReason };
  }
  // A status the registry gives the name says it holds a record of it; a sentence in its place
  // ("This WHOIS server does not have any records for that zone") does not.
  if (statuses.some((status) => /^\S+(?:\s\S+){0,3}$/.test(status.trim()))) {
    return { registered: true };
  }
  return { registered: null, reason: silentReason };
}

/** The answer says the name is not registered ("No match for", "NOT FOUND", "no existe"). */
export function saysNotRegistered(text: string, profile: WhoisProfile = {}): boolean {
  const lower = text.toLowerCase();
  if (profile.notFound?.some((phrase) => lower.includes(phrase))) return true;
  return notRegisteredPhrases.some((pattern) => pattern.test(text));
}

/** Lines of a registration record (`Domain Name: x`, `Creation Date: ...`), not of a refusal. */
const recordLine =
  /^\s*(?:domain(?: name)?|registrar|creation date|created|registered|expir\w*(?: date)?|name ?servers?|nserver)\s*:\s*\S/gim;

/**
 * An answer that refuses the query instead of answering it: a throttle, a ban, a service that
 * is down. A record is an answer even when its footer mentions a rate limit (.la: "Access to
 * the whois service is rate limited").
 */
export function whoisRefusal(
  text: string,
  profile: WhoisProfile = {},
): WhoisRefusalKind | undefined {
  if (!text) return undefined;
  if ((text.match(recordLine)?.length ?? 0) >= 3) return undefined;
  if (limitedAnswerPhrases.some((pattern) => pattern.test(text))) return undefined;
  const lower = text.toLowerCase();
  if (profile.refusals?.some((phrase) => lower.includes(phrase))) return "rate_limited";
  return refusalPhrases.find(({ pattern }) => pattern.test(text))?.kind;
}
