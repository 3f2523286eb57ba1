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

/** Zone abbreviations registries write after a time, as offsets in minutes. */
const zoneOffsets: Record<string, number> = {
  utc: 0,
  gmt: 0,
  z: 0,
  cet: 60,
  cest: 120,
  eet: 120,
  eest: 180,
  msk: 180,
  jst: 540,
  kst: 540,
  hkt: 480,
  sgt: 480,
  ist: 330,
  clt: -240,
  clst: -180,
  brt: -180,
  est: -300,
  edt: -240,
  cst: -360,
  cdt: -300,
  pst: -480,
  pdt: -420,
  mst: -420,
  mdt: -360,
  akst: -540,
  hst: -600,
  ast: -240,
  art: -180,
  uyt: -180,
  cot: -300,
  pet: -300,
  vet: -240,
  brst: -120,
  wet: 0,
  west: 60,
  bst: 60,
  cat: 120,
  eat: 180,
  wat: 60,
  sast: 120,
  irst: 210,
  gst: 240,
  pkt: 300,
  npt: 345,
  ict: 420,
  wib: 420,
  pht: 480,
  awst: 480,
  acst: 570,
  aest: 600,
  aedt: 660,
  nzst: 720,
  nzdt: 780,
};

/** Day and month order of numeric dates (`02/11/2019`), as a registry profile fixes it. */
export type DayMonthOrder = "dmy" | "mdy";

/** A date read, or why it could not be. */
export type WhoisDateReading = { iso: string } | { iso: null; reason: string };

// "2001-06-14-T10:32:43Z" (Uniregistry) as well as "2001-06-14T10:32:43Z"
const time = String.raw`(?:-?[ T]+(?<hh>\d{1,2}):(?<mm>\d{2})(?::(?<ss>\d{2}))?(?:\.\d+)?)?`;
const zone = String.raw`\s*(?<tz>\(?(?:GMT|UTC)[+-]\d{1,2}(?::?\d{2})?\)?|Z|[+-]\d{2}:?\d{2}|[+-]\d{2}|\(?[A-Z]{1,5}\)?)?`;
const month = String.raw`(?<mon>[a-z]{3})[a-z]*\.?`;
const weekday = String.raw`(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?`;

/**
 * The formats whose field order the text itself states (named groups: y, mo or mon, d, then
 * hh, mm, ss, tz). A numeric date with the year last (`02/11/2019`) is not among them: its
 * order is the profile's to fix.
 */
const knownFormats: RegExp[] = [
  // 2024-08-14, 2024/08/14, 2024.08.14, with an optional time and zone
  new RegExp(String.raw`^(?<y>\d{4})[-/.](?<mo>\d{1,2})[-/.](?<d>\d{1,2})${time}${zone}$`, "i"),
  // 2007. 03. 02. (KISA)
  /^(?<y>\d{4})\.\s*(?<mo>\d{1,2})\.\s*(?<d>\d{1,2})\.?$/,
  // 20240814070134
  /^(?<y>\d{4})(?<mo>\d{2})(?<d>\d{2})(?<hh>\d{2})(?<mm>\d{2})(?<ss>\d{2})$/,
  // 20240814, 20240814 07:01:34
  new RegExp(String.raw`^(?<y>\d{4})(?<mo>\d{2})(?<d>\d{2})${time}${zone}$`, "i"),
  // 14-Aug-2024, 14 Aug 2024, 14th August 2024 (at 07:01:34), Friday 7th November 2003
  new RegExp(
    String.raw`^(?:${weekday},?\s+)?(?<d>\d{1,2})(?:st|nd|rd|th)?[-\s.]${month}[-\s.,]+(?<y>\d{4})(?:\s+at)?${time}${zone}$`,
    "i",
  ),
  // 2001-Aug-23
  new RegExp(String.raw`^(?<y>\d{4})[-\s]${month}[-\s](?<d>\d{1,2})${time}${zone}$`, "i"),
  // Aug 14 2024, August 14, 2024, Tue Dec 12 2000 (DNS Belgium)
  new RegExp(
    String.raw`^(?:[a-z]{3},?\s+(?=[a-z]{3}))?${month}\s+(?<d>\d{1,2}),?\s+(?<y>\d{4})${time}${zone}$`,
    "i",
  ),
  // Tue Feb 10 09:42:42 2004 (C's ctime; a zone may stand before the year; .bj drops the day)
  /^(?:[a-z]{3},?\s+)?(?<mon>[a-z]{3})\s+(?<d>\d{1,2})\s+(?<hh>\d{1,2}):(?<mm>\d{2}):(?<ss>\d{2})\s+(?:(?<tz>[A-Z]{2,5})\s+)?(?<y>\d{4})$/i,
];

/** 02/11/2019, 18.7.2012 04:04:23: day and month in an order only the registry knows. */
const yearLast = new RegExp(
  String.raw`^(?<a>\d{1,2})[-/.](?<b>\d{1,2})[-/.](?<y>\d{4})${time}${zone}$`,
  "i",
);
/** 16/09/03 (Red.es): read only where the profile fixes the order, so the year is last. */
const shortYearLast = new RegExp(
  String.raw`^(?<a>\d{1,2})[-/.](?<b>\d{1,2})[-/.](?<yy>\d{2})${time}${zone}$`,
  "i",
);

/** The first domain names were registered in 1985 (RFC 920 named the TLDs in 1984). */
const firstRegistrationYear = 1985;

/**
 * A two-digit year only where one century is possible for a domain: 19yy from 1985, 20yy up to
 * ten years ahead (the longest registration); `16/09/50` could be neither, so it is no date.
 */
function fullYear(twoDigits: string): string | undefined {
  const latest = new Date().getUTCFullYear() + 10;
  const years = [1900, 2000]
    .map((century) => century + Number(twoDigits))
    .filter((year) => year >= firstRegistrationYear && year <= latest);
  return years.length === 1 ? String(years[0]) : undefined;
}

function offsetMinutes(zoneText: string | undefined): number | undefined {
  if (!zoneText) return 0;
  const text = zoneText.replace(/[()]/g, "").replace(/^(?:GMT|UTC)(?=[+-])/i, "");
  const numeric = /^([+-])(\d{1,2}):?(\d{2})?$/.exec(text);
  if (numeric) {
    const minutes = Number(numeric[2]) * 60 + Number(numeric[3] ?? 0);
    return numeric[1] === "-" ? -minutes : minutes;
  }
  return zoneOffsets[text.toLowerCase()];
}

type Parts = Record<string, string | undefined>;

function instant(groups: Parts, monthIndex: number, day: number): WhoisDateReading {
  const offset = offsetMinutes(groups.tz);
  if (offset === undefined) return { iso: null, reason: `unknown time zone "${groups.tz}"` };
  const [hh, mm, ss] = [groups.hh, groups.mm, groups.ss].map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
  ];
  const year = Number(groups.y);
  const local = new Date(Date.UTC(year, monthIndex, day, hh, mm, ss));
  const valid =
    monthIndex >= 0 &&
    local.getUTCMonth() === monthIndex &&
    local.getUTCDate() === day &&
    hh < 24 &&
    mm < 60 &&
    ss <= 60;
  if (!valid) return { iso: null, reason: "not a calendar date" };
  const date = new Date(local.getTime() - offset * 60_000);
  return { iso: date.toISOString().replace(/\.\d{3}Z$/, "Z") };
}

function readOne(text: string, order: DayMonthOrder | undefined): WhoisDateReading | undefined {
  for (const pattern of knownFormats) {
    const groups = pattern.exec(text)?.groups;
    if (!groups) continue;
    const monthIndex = groups.mon
      ? (months[groups.mon.toLowerCase()] ?? -1)
      : Number(groups.mo) - 1;
    return instant(groups, monthIndex, Number(groups.d));
  }
  const short = order ? shortYearLast.exec(text)?.groups : undefined;
  const century = short ? fullYear(short.yy!) : undefined;
  if (short && !century) {
    return { iso: null, reason: `"${text}" has a two-digit year no domain's date could have` };
  }
  const groups = yearLast.exec(text)?.groups ?? (short && { ...short, y: century! });
  if (!groups) return undefined;
  const [a, b] = [Number(groups.a), Number(groups.b)];
  const chosen: DayMonthOrder | undefined =
    order ?? (a > 12 && b <= 12 ? "dmy" : b > 12 && a <= 12 ? "mdy" : undefined);
  if (!chosen) {
    return {
      iso: null,
      reason: `"${text}" could be day first or month first, and the registry's order is not known`,
    };
  }
  return chosen === "dmy" ? instant(groups, b - 1, a) : instant(groups, a - 1, b);
}

/**
 * A WHOIS date as an ISO 8601 instant (seconds), in the zone the text gives (UTC otherwise), or
 * null with the reason. Only formats whose field order is certain are read: a numeric date with
 * the year last takes its day/month order from `order` (the registry's profile) or from a part
 * above 12; anything else is null, never a guess. Words around the date ("OK-UNTIL
 * 20261004161638", "2019-11-09 (YYYY-MM-DD)", "2001-Aug-23.") are set aside.
 */
export function readWhoisDate(
  value: string | undefined,
  order?: DayMonthOrder,
): WhoisDateReading | undefined {
  const text = value?.replace(/\s+/g, " ").trim();
  if (!text) return undefined;
  const candidates = [
    text,
    text.replace(/\s*\((?:[ymdhs:\-/. ]+)\)$/i, ""),
    ...text.split(/\s+(?=\d)/).map((part) => part.trim()),
    // "Connected (2010/09/30)" (JPRS): the date in parentheses
    ...[...text.matchAll(/\((\d[^)]*)\)/g)].map((match) => match[1]!),
    ...text.split(/\s+/).filter((token) => /^\d[\d\-/:.TZ+]{5,}$/i.test(token)),
  ];
  let refused: WhoisDateReading | undefined;
  for (const candidate of candidates) {
    const reading = readOne(candidate.replace(/\.$/, ""), order);
    if (reading?.iso) return reading;
    refused ??= reading;
  }
  return refused ?? { iso: null, reason: `"${text}" is not a date format the reader knows` };
}

/**
 * The day/month order an answer's own numeric dates show: a registry writes all its dates one
 * way, so one date with a day above 12 (`27-05-1999`) orders `11-02-2009` in the same answer.
 * Undefined when none shows it, or they disagree.
 */
export function answerDateOrder(values: readonly string[]): DayMonthOrder | undefined {
  const seen = new Set<DayMonthOrder>();
  for (const value of values) {
    for (const match of value.matchAll(
      /(?<!\d)(\d{1,2})[-/.](\d{1,2})[-/.](?:\d{4}|\d{2})(?!\d)/g,
    )) {
      const [a, b] = [Number(match[1]), Number(match[2])];
      if (a > 12 && a <= 31 && b <= 12) seen.add("dmy");
      else if (b > 12 && b <= 31 && a <= 12) seen.add("mdy");
    }
  }
  return seen.size === 1 ? [...seen][0] : undefined;
}
