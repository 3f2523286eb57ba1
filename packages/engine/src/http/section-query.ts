import { DomainIntelError } from "../contract/domain-intel-error.js";
import { type ParsedProbeQuery, type ProbeQuery, queryValues } from "../contract/probe-query.js";

/**
 * A section route's own query parameters read through its probe's declaration: a malformed
 * value is a 400 `bad_request` naming the parameter, before anything is probed.
 */
export function readSectionQuery(
  query: ProbeQuery<unknown> | undefined,
  search: string,
): ParsedProbeQuery<unknown> | undefined {
  if (!query || search === "") return undefined;
  try {
    return query.parse(queryValues(search, query.parameters));
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    throw new DomainIntelError("bad_request", error.message);
  }
}
