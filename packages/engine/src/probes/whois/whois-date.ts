const months: Record<string, number> = {
  jan: 0,
  feb: 1,
  mar: 2,
  apr: 3,
  may: 4,
  jun: 5,
  jul: 6,
  aug: 7,
  sep: 8,
  oct: 9,
  nov: 10,
  dec: 11,
};

const utc = (y: string, m: number, d: string, hh = "0", mm = "0", ss = "0") =>
  Date.UTC(Number(y), m, Number(d), Number(hh), Number(mm), Number(ss));

/** The formats registries write dates in, each to epoch milliseconds (UTC unless an offset says otherwise). */
const formats: [RegExp, (m: string[]) => number | undefined][] = [
  // 2024-08-14T07:01:34Z, 2024-08-14 07:01:34+02:00, 2024/08/14 07:01:34
  [
    /^(\d{4})[-/](\d{2})[-/](\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:Z|([+-]\d{2}):?(\d{2})?)?$/i,
    ([, y, mo, d, hh, mm, ss, offH, offM]) => {
      const sign = offH?.startsWith("-") ? -1 : 1;
      const offset = offH ? sign * (Math.abs(Number(offH)) * 60 + Number(offM ?? 0)) : 0;
      return utc(y!, Number(mo) - 1, d!, hh, mm, ss) - offset * 60_000;
    },
  ],
  // 2024-08-14, 2024/08/14, 2024.08.14
  [/^(\d{4})[-/.](\d{2})[-/.](\d{2})\.?$/, ([, y, mo, d]) => utc(y!, Number(mo) - 1, d!)],
  // 14-Aug-2024, 14 Aug 2024, 14th August 2024 (at 07:01:34)
  [
    /^(\d{1,2})(?:st|nd|rd|th)?[- ]([a-z]{3})[a-z]*[- ](\d{4})(?:\s+(?:at\s+)?(\d{1,2}):(\d{2}):(\d{2})(?:\.\d+)?)?$/i,
    ([, d, mon, y, hh, mm, ss]) => {
      const month = months[mon!.toLowerCase()];
      return month === undefined ? undefined : utc(y!, month, d!, hh, mm, ss);
    },
  ],
  // 14-08-2024, 14.08.2024 (day first, as the registries using it write it)
  [/^(\d{2})[-.](\d{2})[-.](\d{4})$/, ([, d, mo, y]) => utc(y!, Number(mo) - 1, d!)],
  // Aug 14 2024
  [
    /^([a-z]{3})[a-z]*\s+(\d{1,2}),?\s+(\d{4})$/i,
    ([, mon, d, y]) => {
      const month = months[mon!.toLowerCase()];
      return month === undefined ? undefined : utc(y!, month, d!);
    },
  ],
  // 20240814070134, 20240814
  [
    /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(\d{2}))?$/,
    ([, y, mo, d, hh, mm, ss]) => utc(y!, Number(mo) - 1, d!, hh, mm, ss),
  ],
];

function parse(value: string): number | undefined {
  for (const [pattern, toTime] of formats) {
    const match = pattern.exec(value);
    if (!match) continue;
    const time = toTime(match);
    if (time !== undefined && !Number.isNaN(time)) return time;
  }
  const native = Date.parse(value);
  return Number.isNaN(native) ? undefined : native;
}

/**
 * A WHOIS date as ISO 8601 (seconds precision), or undefined. A value with words around the
 * date ("OK-UNTIL 20261004161638", "2024-08-14 (YYYY-MM-DD)") is read from its first
 * date-looking token.
 */
export function whoisDate(value: string | undefined): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const tokens = text.split(/\s+/).filter((token) => /^\d[\d\-/:.TZ+]{5,}$/i.test(token));
  for (const candidate of [text, ...tokens]) {
    const time = parse(candidate);
    if (time !== undefined) return new Date(time).toISOString().replace(/\.\d{3}Z$/, "Z");
  }
  return undefined;
}
