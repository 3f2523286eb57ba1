import { DomainIntelError, isDomainIntelError } from "../contract/domain-intel-error.js";
import { normalizeDomain } from "../domain/normalize-domain.js";
import type { InvalidBatchDomain } from "../jobs/batch-store.js";

/** The largest `POST /batch` body read: room for 1,000 names of any length. */
export const maxBatchBodyBytes = 256 * 1024;

export interface BatchRequest {
  readonly domains: readonly string[];
  readonly invalid: readonly InvalidBatchDomain[];
  readonly sections: readonly string[] | null;
}

const badRequest = (detail: string) => new DomainIntelError("bad_request", detail);

function parseJson(contentType: string | undefined, body: Uint8Array | undefined): unknown {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json")
    throw badRequest("Send the batch as JSON with Content-Type: application/json.");
  if (!body || body.byteLength === 0)
    throw badRequest('The request body is empty; send {"domains": [...]}.');
  if (body.byteLength > maxBatchBodyBytes)
    throw badRequest(`The request body is larger than ${maxBatchBodyBytes} bytes.`);
  try {
    return JSON.parse(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("utf8"));
  } catch {
    throw badRequest("The request body is not valid JSON.");
  }
}

/**
 * Reads `{ "domains": [...], "sections": [...] }`: each name normalised as the routes do
 * (invalid ones kept with their reason), duplicates once, at most `maxDomains` names.
 */
export function parseBatchRequest(
  contentType: string | undefined,
  body: Uint8Array | undefined,
  limits: { readonly maxDomains: number; readonly sections: readonly string[] },
): BatchRequest {
  const parsed = parseJson(contentType, body);
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw badRequest('The request body must be a JSON object: {"domains": [...]}.');
  const fields = parsed as Record<string, unknown>;
  for (const name of Object.keys(fields)) {
    if (name !== "domains" && name !== "sections")
      throw badRequest(`Unknown field "${name.slice(0, 40)}"; expected domains, sections.`);
  }
  const { domains, sections } = fields;
  if (!Array.isArray(domains) || domains.length === 0)
    throw badRequest('"domains" must be a non-empty array of domain names.');
  if (domains.length > limits.maxDomains)
    throw badRequest(
      `"domains" lists ${domains.length} names; a batch takes at most ${limits.maxDomains}.`,
    );
  let chosen: string[] | null = null;
  if (sections !== undefined) {
    if (!Array.isArray(sections) || sections.length === 0)
      throw badRequest('"sections" must be a non-empty array of section names.');
    chosen = [];
    for (const section of sections) {
      if (typeof section !== "string" || !limits.sections.includes(section))
        throw badRequest(
          `Unknown section ${JSON.stringify(String(section).slice(0, 40))}; expected ${limits.sections.join(", ")}.`,
        );
      if (!chosen.includes(section)) chosen.push(section);
    }
  }
  const seen = new Set<string>();
  const valid: string[] = [];
  const invalid: InvalidBatchDomain[] = [];
  for (const given of domains) {
    if (typeof given !== "string") {
      invalid.push({ domain: JSON.stringify(given)?.slice(0, 260) ?? "", reason: "Not a string." });
      continue;
    }
    try {
      const { name } = normalizeDomain(given);
      if (!seen.has(name)) {
        seen.add(name);
        valid.push(name);
      }
    } catch (error) {
      if (!isDomainIntelError(error)) throw error;
      invalid.push({ domain: given.slice(0, 260), reason: error.message });
    }
  }
  return { domains: valid, invalid, sections: chosen };
}
