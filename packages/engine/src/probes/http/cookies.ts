import { parseSetCookie } from "set-cookie-parser";
import type { HttpCookie } from "./declaration.js";

/** The cookies an answer sets: name and attributes only, the value is dropped at once. */
export function readCookies(url: string, setCookie: string | string[] | undefined): HttpCookie[] {
  if (setCookie === undefined) return [];
  const lines = Array.isArray(setCookie) ? setCookie : [setCookie];
  return parseSetCookie(lines, { decodeValues: false, split: false }).map((cookie) => ({
    name: cookie.name,
    url,
    secure: cookie.secure === true,
    httpOnly: cookie.httpOnly === true,
    sameSite: cookie.sameSite ?? null,
    path: cookie.path ?? null,
    domain: cookie.domain ?? null,
  }));
}
