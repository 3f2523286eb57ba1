import { strangerText } from "@domain-intel/test-kit";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readCookies } from "./cookies.js";
import { parseHsts } from "./hsts.js";
import { parseCsp, readSecurityHeaders } from "./security-headers.js";
import { parseSecurityTxt } from "./security-txt.js";

// Not a speed target (benches measure speed): a bound only a runaway read (quadratic work,
// a loop that never ends) breaks, even on a loaded machine.
const runawayMs = 1000;

// What a web server sends in its headers and its security.txt, as a stranger may write it:
// reading it never throws, takes little time, and says no more than was sent.

/** Header text of any kind: printable, control bytes, separators, long runs, up to 16 KiB. */
const headerText = fc.oneof(
  strangerText([";", ",", "=", '"', " ", "max-age", "preload", "'self'", "\t", "\0"], 200),
  fc.nat(16_384).map((length) => "a;".repeat(length / 2)),
);

function timed<T>(read: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = read();
  return { value, ms: performance.now() - started };
}

describe("reading a web server's headers", () => {
  it("Strict-Transport-Security: any value is read, valid only with a max-age of digits", () => {
    fc.assert(
      fc.property(headerText, (header) => {
        const { value: hsts, ms } = timed(() => parseHsts(header));
        expect(ms).toBeLessThan(runawayMs);
        expect(hsts.header).toBe(header);
        if (hsts.valid) expect(Number.isInteger(hsts.maxAge)).toBe(true);
        // One error at most per directive sent, and one for a missing max-age.
        expect(hsts.errors.length).toBeLessThanOrEqual(header.split(";").length + 1);
      }),
      { numRuns: 1000 },
    );
  });

  it("Strict-Transport-Security: directives in any order, case and spacing read alike", () => {
    const spacing = fc.constantFrom("", " ", "\t", "  ");
    fc.assert(
      fc.property(
        fc.shuffledSubarray(["max-age=31536000", "includeSubDomains", "preload"], { minLength: 1 }),
        fc.array(spacing, { minLength: 6, maxLength: 6 }),
        fc.boolean(),
        (directives, spaces, upper) => {
          const header = directives
            .map(
              (each, index) =>
                `${spaces[index]}${upper ? each.toUpperCase() : each}${spaces[index + 3]}`,
            )
            .join(";");
          const hsts = parseHsts(header);
          expect(hsts.valid).toBe(directives.includes("max-age=31536000"));
          expect(hsts.includeSubDomains).toBe(directives.includes("includeSubDomains"));
          expect(hsts.preload).toBe(directives.includes("preload"));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("Content-Security-Policy and the other security headers: read without an exception", () => {
    fc.assert(
      fc.property(
        headerText,
        headerText,
        fc.array(headerText, { maxLength: 4 }),
        (csp, other, list) => {
          const { value: policy, ms } = timed(() => parseCsp(csp));
          expect(ms).toBeLessThan(runawayMs);
          // No directive appears that was not in the text.
          for (const name of Object.keys(policy.directives))
            expect(csp.toLowerCase()).toContain(name);
          const headers = {
            "content-security-policy": csp,
            "x-frame-options": other,
            "permissions-policy": list.length > 0 ? list : other,
            "referrer-policy": list,
          };
          expect(() => readSecurityHeaders(headers)).not.toThrow();
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("Set-Cookie: a cookie at most per line sent, never its value", () => {
    fc.assert(
      fc.property(fc.array(headerText, { maxLength: 20 }), (lines) => {
        const cookies = readCookies("https://site.test/", lines);
        expect(cookies.length).toBeLessThanOrEqual(lines.length);
        for (const cookie of cookies)
          expect(Object.keys(cookie).sort()).toEqual([
            "domain",
            "httpOnly",
            "name",
            "path",
            "sameSite",
            "secure",
            "url",
          ]);
      }),
      { numRuns: 500 },
    );
  });
});

describe("reading a security.txt a stranger wrote", () => {
  const now = Date.parse("2026-11-27T00:00:00Z");
  const line = fc.oneof(
    fc.string({ maxLength: 120 }),
    fc.constantFrom(
      "Contact: mailto:security@site.test",
      "Contact: https://site.test/report",
      "Expires: 2027-01-01T00:00:00.000Z",
      "Expires: yesterday",
      "Preferred-Languages: en, fr",
      "-----BEGIN PGP SIGNED MESSAGE-----",
      "-----BEGIN PGP SIGNATURE-----",
      "# a comment",
      "",
    ),
  );

  it("any text is read, each field from a line that was sent", () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 200 }),
        fc.constantFrom("\n", "\r\n"),
        (lines, end) => {
          const text = lines.join(end);
          const { value: parsed, ms } = timed(() => parseSecurityTxt(text, now));
          expect(ms).toBeLessThan(runawayMs);
          for (const contact of parsed.fields.contact) expect(text).toContain(contact);
          expect(parsed.fields.contact.length).toBeLessThanOrEqual(lines.length);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("a valid file stays valid with comments and blank lines anywhere, in LF or CRLF", () => {
    const fields = ["Contact: mailto:security@site.test", "Expires: 2027-01-01T00:00:00.000Z"];
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("# note", "", "#"), { maxLength: 10 }),
        fc.nat(),
        fc.constantFrom("\n", "\r\n"),
        (noise, seed, end) => {
          const lines = [...fields];
          for (const [index, extra] of noise.entries())
            lines.splice((seed + index) % (lines.length + 1), 0, extra);
          const parsed = parseSecurityTxt(lines.join(end), now);
          expect(parsed.errors).toEqual([]);
          expect(parsed.expired).toBe(false);
          expect(parsed.fields.contact).toEqual(["mailto:security@site.test"]);
        },
      ),
      { numRuns: 300 },
    );
  });
});
