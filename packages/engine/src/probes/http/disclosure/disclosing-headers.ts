import type { ResponseHeaders } from "../security-headers.js";
import { headerValue } from "../security-headers.js";
import owasp from "./owasp-headers-remove.json" with { type: "json" };

/**
 * Response headers that tell an attacker what software runs the site, from the OWASP Secure
 * Headers Project's list of headers to remove (`ci/headers_remove.json` of
 * OWASP/www-project-secure-headers at a4a0900, Apache-2.0: LICENSE-owasp-secure-headers.txt
 * beside it). Extend the list by updating that file.
 */
export const disclosingHeaders: readonly string[] = owasp.headers.map((name) => name.toLowerCase());

/** Each listed header the answer sends, with its value as sent. */
export function readDisclosure(headers: ResponseHeaders): { name: string; value: string }[] {
  return disclosingHeaders.flatMap((name) => {
    const value = headerValue(headers, name);
    return value === null ? [] : [{ name, value }];
  });
}

/** A version number (`1.18.0`, `4.0.30319`) or a product token's version (`PHP/8`). */
const versionPattern = /\d+(?:\.\d+)+|\/\s*v?\d/i;

/** Whether a header value gives away a software version. */
export const disclosesVersion = (value: string): boolean => versionPattern.test(value);
