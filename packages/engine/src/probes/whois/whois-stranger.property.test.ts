import {
  objectKeyNames,
  rdapDomainExample,
  startRdapServer,
  testProbeContext,
} from "@domain-intel/test-kit";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProbeError } from "../../contract/probe.js";
import { whoisProbe } from "./index.js";
import { parseWhoisText } from "./whois-text.js";

// A registry's answer as a stranger may write it: WHOIS text of any bytes, RDAP JSON of any
// shape. Reading it is data or a ProbeError that says why, never another exception.

// Not a speed target (benches measure speed): a bound only a runaway read breaks.
const runawayMs = 1000;

const label = fc.oneof(
  fc.constantFrom(
    "Domain Name",
    "Registrar",
    "Creation Date",
    "Name Server",
    "Status",
    ...objectKeyNames,
  ),
  fc.string({ maxLength: 30 }),
);
const whoisLine = fc.oneof(
  fc
    .tuple(label, fc.constantFrom(": ", ":", ".....: ", "\t"), fc.string({ maxLength: 80 }))
    .map(([name, separator, value]) => `${name}${separator}${value}`),
  fc.string({ unit: "binary", maxLength: 120 }),
  fc.constant(""),
);

describe("reading WHOIS text a stranger sent", () => {
  it("any lines, any bytes: a record, read quickly", () => {
    fc.assert(
      fc.property(
        fc.array(whoisLine, { maxLength: 300 }),
        fc.constantFrom("\n", "\r\n", "\r"),
        (lines, end) => {
          const started = performance.now();
          const record = parseWhoisText({
            domain: "stranger.test",
            tld: "test",
            text: lines.join(end),
            server: "whois.test",
          });
          expect(performance.now() - started).toBeLessThan(runawayMs);
          expect(Array.isArray(record.nameservers ?? [])).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("a megabyte without a line end, or a million empty lines: read in bounded time", () => {
    for (const text of ["x".repeat(1 << 20), "\n".repeat(1 << 20), "a:".repeat(1 << 19)]) {
      const started = performance.now();
      parseWhoisText({ domain: "stranger.test", tld: "test", text, server: "whois.test" });
      expect(performance.now() - started).toBeLessThan(5 * runawayMs);
    }
  });
});

describe("reading RDAP JSON a stranger sent, through the whois section and a loopback registry", () => {
  let reply: unknown = {};
  let server: Awaited<ReturnType<typeof startRdapServer>>;
  beforeAll(async () => {
    server = await startRdapServer(() => ({ status: 200, json: reply }));
  });
  afterAll(() => server?.close());

  const probe = () =>
    whoisProbe({
      bootstrap: {
        version: "1.0",
        publication: "2026-11-01T00:00:00Z",
        services: [[["test"], [server.baseUrl]]],
      },
      // Nowhere to fall back to: the RDAP answer is all there is.
      whoisHints: { test: "127.0.0.1" },
      whoisPort: 9,
    });

  /** The example registration with some fields replaced by anything at all. */
  const mangled = fc
    .array(
      fc.record({
        key: fc.constantFrom(
          "events",
          "entities",
          "nameservers",
          "status",
          "ldhName",
          "secureDNS",
          "links",
          "remarks",
          "objectClassName",
          ...objectKeyNames,
        ),
        value: fc.jsonValue({ maxDepth: 4 }),
      }),
      { maxLength: 5 },
    )
    .map((edits) => {
      const document: Record<string, unknown> = {
        ...rdapDomainExample(),
        ldhName: "STRANGER.TEST",
      };
      for (const { key, value } of edits)
        Object.defineProperty(document, key, {
          value,
          enumerable: true,
          configurable: true,
          writable: true,
        });
      return document;
    });

  it("a registration with any field replaced by anything, or any JSON at all: data or a ProbeError", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(mangled, fc.jsonValue({ maxDepth: 6 })), async (document) => {
        reply = document;
        try {
          const data = await probe().run("stranger.test", testProbeContext());
          expect(typeof data).toBe("object");
        } catch (error) {
          expect(error).toBeInstanceOf(ProbeError);
        }
      }),
      { numRuns: 150 },
    );
  }, 120_000);
});
