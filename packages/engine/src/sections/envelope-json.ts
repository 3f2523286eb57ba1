import type { Report, SectionResult } from "../contract/section-result.js";

// An envelope's data is serialised once: the same data goes out as a miss, is kept as a hit,
// is written to the store and goes into reports, and only the envelope's few small fields
// differ. Data is never changed once a probe returned it (a changed envelope is a new object,
// e.g. the report's ssl grade), so its JSON is remembered by identity.
const dataJson = new WeakMap<object, string>();

/** JSON.stringify(result), the data's JSON made at most once per data object. */
export function envelopeJson(result: SectionResult): string {
  return objectJson(result, (name, value) => {
    if (name !== "data" || typeof value !== "object" || value === null)
      return JSON.stringify(value);
    let json = dataJson.get(value);
    if (json === undefined) {
      json = JSON.stringify(value);
      dataJson.set(value, json);
    }
    return json;
  });
}

/** JSON.stringify(report), each section's JSON made by envelopeJson. */
export function reportJson(report: Report): string {
  return objectJson(report, (name, value) =>
    name === "sections"
      ? objectJson(value as Record<string, SectionResult>, (_, section) =>
          envelopeJson(section as SectionResult),
        )
      : JSON.stringify(value),
  );
}

/** JSON.stringify of a plain object (key order kept, undefined left out), each value by `json`. */
function objectJson(object: object, json: (name: string, value: unknown) => string | undefined) {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(object)) {
    const text = json(name, value);
    if (text !== undefined) parts.push(`${JSON.stringify(name)}:${text}`);
  }
  return `{${parts.join(",")}}`;
}
