import { strangerText } from "@domain-intel/test-kit";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseTlsRptRecord } from "../../protocols/mail-policy/tls-rpt-record.js";
import { parseBimi, parseDkimKey, parseMtaStsPolicy, parseTagList } from "./mail-records.js";

// Mail policy text a domain's owner (or a stranger in its DNS) publishes: TXT tag lists
// (TLS-RPT, DKIM, BIMI) and the MTA-STS policy file. Any text is read without an exception,
// and names nothing that was not written.

const text = strangerText([";", "=", ":", "\n", "\r\n", " ", "v", "p", "rua", "mx", "mode"]);

describe("reading mail policy records a stranger wrote", () => {
  it("tag lists (TLS-RPT, DKIM, BIMI): any text, each tag from the text", () => {
    fc.assert(
      fc.property(text, (record) => {
        const tags = parseTagList(record);
        expect(tags.size).toBeLessThanOrEqual(record.split(";").length);
        for (const name of tags.keys()) expect(record.toLowerCase()).toContain(name);
        expect(parseTlsRptRecord(record).rua.every((uri) => record.includes(uri))).toBe(true);
        const dkim = parseDkimKey("s1", record);
        expect(dkim.keyBits === null || Number.isInteger(dkim.keyBits)).toBe(true);
        const bimi = parseBimi(record);
        if (bimi.location) expect(record).toContain(bimi.location);
      }),
      { numRuns: 1000 },
    );
  });

  it("DKIM: any bytes as a public key are a size or null, never an exception", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 600 }),
        fc.constantFrom("rsa", "ed25519", "x"),
        (der, k) => {
          const key = parseDkimKey(
            "s1",
            `v=DKIM1; k=${k}; p=${Buffer.from(der).toString("base64")}`,
          );
          expect(key.keyBits === null || key.keyBits > 0).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("MTA-STS policy: any text is read, with its problems listed", () => {
    fc.assert(
      fc.property(text, (policy) => {
        const parsed = parseMtaStsPolicy(policy);
        expect(parsed.mx.length).toBeLessThanOrEqual(policy.split("\n").length);
        if (parsed.problems.length === 0) {
          expect(parsed.version).toBe("STSv1");
          expect(["enforce", "testing", "none"]).toContain(parsed.mode);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("MTA-STS policy: the same fields in any order, with unknown keys, LF or CRLF, read alike", () => {
    const host = fc.stringMatching(/^(\*\.)?[a-z0-9]{1,10}(\.[a-z0-9]{1,10}){1,3}$/);
    fc.assert(
      fc.property(
        fc.constantFrom("enforce", "testing"),
        fc.integer({ min: 0, max: 31_557_600 }),
        fc.array(host, { minLength: 1, maxLength: 5 }),
        fc.array(fc.constantFrom("x-note: hello", "comment without colon", ""), { maxLength: 4 }),
        fc.nat(),
        fc.constantFrom("\n", "\r\n"),
        (mode, maxAge, mx, noise, seed, end) => {
          const lines = [
            `version: STSv1`,
            `mode: ${mode}`,
            `max_age: ${maxAge}`,
            ...mx.map((each) => `mx: ${each}`),
          ];
          for (const [index, extra] of noise.entries())
            lines.splice((seed + index) % (lines.length + 1), 0, extra);
          const rotated = [
            ...lines.slice(seed % lines.length),
            ...lines.slice(0, seed % lines.length),
          ];
          const parsed = parseMtaStsPolicy(rotated.join(end));
          // mx patterns come in the order written; the rest does not depend on order.
          expect({ ...parsed, mx: [...parsed.mx].sort() }).toEqual({
            version: "STSv1",
            mode,
            maxAge,
            mx: [...mx].sort(),
            problems: [],
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});
