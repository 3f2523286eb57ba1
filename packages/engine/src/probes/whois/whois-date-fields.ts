import { answerDateOrder, readWhoisDate } from "./whois-date.js";
import { labelDateOrder } from "./whois-labels.js";
import type { WhoisProfile } from "./whois-profiles.js";
import type { Reading } from "./whois-reading.js";

export type DateField = "created" | "updated" | "expires";

export interface DateFields {
  created: string | undefined;
  updated: string | undefined;
  expires: string | undefined;
  /** Dates present but not read, with the reason (`expires: "02/11/2019" could be...`). */
  unread: string[];
}

/**
 * The domain's created, updated and expiry dates: for each, the first of its labels (in the
 * order of the table) whose value reads as a date, so a label that holds something else
 * (`Registered: yes`, `Status: ok`) gives way to the next. The day/month order of a numeric
 * date comes from the profile, else the label's note (`(dd/mm/yyyy)`), else the answer's other
 * dates; never a guess.
 */
export function datesOf(read: Reading, profile: WhoisProfile): DateFields {
  const answerOrder = answerDateOrder(read.entries.map((entry) => entry.value));
  const unread: string[] = [];
  const date = (field: DateField): string | undefined => {
    const entries = read.entriesOf(["domain"], read.labelsOf(field));
    const readings = entries.map((entry) =>
      readWhoisDate(entry.value, profile.dateOrder ?? labelDateOrder(entry.label) ?? answerOrder),
    );
    const pick = profile.pickDate?.[field];
    if (pick) {
      // Registries that log every change (`changed: ... 20181216`): the earliest or the latest.
      const times = readings.flatMap((reading) => (reading?.iso ? [reading.iso] : [])).sort();
      return pick === "earliest" ? times[0] : times.at(-1);
    }
    const found = readings.find((reading) => reading?.iso);
    if (found?.iso) return found.iso;
    const refused = readings.find((reading) => reading && reading.iso === null);
    if (refused && refused.iso === null) unread.push(`${field}: ${refused.reason}`);
    return undefined;
  };
  return { created: date("created"), updated: date("updated"), expires: date("expires"), unread };
}
