import { isIP } from "node:net";
import fc from "fast-check";

/**
 * What a hostile or careless client sends, for the property tests of the engine and of every
 * adapter: arbitrary text and unicode, percent-encodings (valid, broken, of arbitrary bytes),
 * very long inputs, odd paths and methods, and broken credentials.
 */

/** Any text: graphemes, any code point (lone surrogates included), printable ASCII. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme-ascii", maxLength: 40 }),
);

/** Percent-encoding of each UTF-8 byte (a lone surrogate becomes U+FFFD, as on the wire). */
export function percentEncode(text: string): string {
  return [...Buffer.from(text, "utf8")].map((byte) => `%${hex(byte)}`).join("");
}

const hex = (byte: number) => byte.toString(16).toUpperCase().padStart(2, "0");

/** encodeURIComponent, except that it never throws (lone surrogates are encoded as U+FFFD). */
export function encodeSegment(text: string): string {
  return text.replace(/[^A-Za-z0-9\-_.!~*'()]/gu, (char) => percentEncode(char));
}

const percentJunk: fc.Arbitrary<string> = fc.oneof(
  // Arbitrary bytes, most of them not UTF-8.
  fc.uint8Array({ maxLength: 40 }).map((bytes) => [...bytes].map((b) => `%${hex(b)}`).join("")),
  // Broken escapes among text.
  fc
    .array(
      fc.constantFrom("%", "%2", "%zz", "%%", "%0", "%G0", "%E2%82", "%C0%AE", "%FF", "a", "."),
      {
        minLength: 1,
        maxLength: 12,
      },
    )
    .map((parts) => parts.join("")),
);

const unicodeLabel = fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 });

/** Host-name-like input: valid names in odd spellings, IDNs, and near misses. */
export const domainLike: fc.Arbitrary<string> = fc.oneof(
  fc.domain(),
  fc.mixedCase(fc.domain()),
  fc.domain().map((name) => `${name}.`),
  fc
    .tuple(
      fc.array(unicodeLabel, { minLength: 1, maxLength: 3 }),
      fc.constantFrom("com", "org", "de", "co.uk", "рф", "中国", "test", "com."),
    )
    .map(([labels, suffix]) => [...labels, suffix].join(".")),
  fc
    .tuple(
      fc.domain(),
      fc.constantFrom("..", "-", "_", ".-", "\u200b", "\u0000", " ", ":443", "@x"),
    )
    .map(([name, junk]) => `${name}${junk}`),
  fc.ipV4(),
  fc.ipV6().map((address) => `[${address}]`),
);

/** Inputs a validator must not trip over, each one a known trap. */
export const trickyDomains = fc.constantFrom(
  "",
  ".",
  "..",
  "com",
  "co.uk",
  "localhost",
  "localhost.",
  "127.0.0.1",
  "0x7f.1",
  "0x7f000001",
  "2130706433",
  "[::1]",
  "::ffff:127.0.0.1",
  "169.254.169.254",
  "metadata.google.internal",
  "example.com:80",
  "user@example.com",
  "example.com/../openapi.json",
  "example.com%2F..%2Fopenapi.json",
  "example.com%00.evil.test",
  "example.com%0d%0aSet-Cookie:%20x=1",
  "xn--",
  "xn--zz.com",
  "xn--a.com",
  "-example.com",
  "example-.com",
  "_dmarc.example.com",
  "ex_ample.com",
  "a..b.com",
  "münchen.de",
  "MÜNCHEN.DE.",
  "%E2%98%83.net",
  "%F0%9F%98%80.com",
  "例え.テスト",
  "ｅｘａｍｐｌｅ．ｃｏｍ",
  "example。com",
  "\u202eexample.com",
  "<script>alert(1)</script>.com",
  // A log-injection probe, kept literal.
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the text is the point
  "${jndi:ldap://x}.com",
  "constructor",
  "__proto__",
  "__proto__.com",
  "toString.com",
);

/** Very long input: around the 63-character label and 253-character name limits, and far beyond. */
export const longDomains: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 60, max: 66 }).map((length) => `${"a".repeat(length)}.com`),
  fc.integer({ min: 120, max: 130 }).map((count) => `${"a.".repeat(count)}com`),
  fc.integer({ min: 250, max: 5000 }).map((length) => `${"b".repeat(length)}.com`),
  fc.integer({ min: 1000, max: 20_000 }).map((length) => "%41".repeat(length)),
  fc.string({ unit: "grapheme", minLength: 200, maxLength: 2000 }),
);

/** What goes into the `{domain}` segment of a path. */
export const domainSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: domainLike.map(encodeSegment) },
  { weight: 2, arbitrary: domainLike },
  { weight: 2, arbitrary: trickyDomains },
  { weight: 2, arbitrary: hostileText },
  { weight: 1, arbitrary: hostileText.map(encodeSegment) },
  { weight: 1, arbitrary: hostileText.map((text) => encodeSegment(encodeSegment(text))) },
  { weight: 1, arbitrary: percentJunk },
  { weight: 1, arbitrary: longDomains },
);

const querySuffix: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constant("") },
  fc.constantFrom(
    "?refresh=true",
    "?refresh=false",
    "?refresh=true&refresh=true",
    "?refresh",
    "?refresh=%ZZ",
    "?",
    "??",
    "#fragment",
    "?a=1#b",
    // Names that are also properties of every plain object.
    "?__proto__=1",
    "?valueOf",
    "?constructor=a&constructor=b",
    "?refresh=true&__proto__[refresh]=false",
  ),
  fc.webQueryParameters().map((query) => `?${query}`),
  hostileText.map((text) => `?${text}`),
);

const pathParts = fc.constantFrom(
  "api",
  "v1",
  "API",
  "V1",
  "domain",
  "dns",
  "whois",
  "ssl",
  "echo",
  "openapi.json",
  "docs",
  "keys",
  "..",
  ".",
  "%2e%2e",
  "%2F",
  "",
  "example.com",
  "%00",
  "\\",
);

/**
 * A request target (path and query): mostly API routes with a hostile domain segment, and odd
 * paths of every other kind (traversal, doubled or missing slashes, wrong case, random text).
 */
export function requestTarget(sections: readonly string[]): fc.Arbitrary<string> {
  const route = fc.constantFrom("domain", ...sections);
  return fc
    .tuple(
      fc.oneof(
        {
          weight: 6,
          arbitrary: fc
            .tuple(route, domainSegment)
            .map(([name, domain]) => `/api/v1/${name}/${domain}`),
        },
        {
          weight: 1,
          arbitrary: fc
            .tuple(route, domainSegment, fc.constantFrom("/", "//", "/x", "/..", "/%2F"))
            .map(([name, domain, tail]) => `/api/v1/${name}/${domain}${tail}`),
        },
        {
          weight: 2,
          arbitrary: fc.array(pathParts, { maxLength: 7 }).map((parts) => `/${parts.join("/")}`),
        },
        {
          weight: 1,
          arbitrary: fc.webPath().map((path) => (path.startsWith("/") ? path : `/${path}`)),
        },
        { weight: 1, arbitrary: hostileText.map((text) => `/${text}`) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            "/",
            "//api/v1/dns/example.com",
            "/api/v1//dns/example.com",
            "/api//v1/dns/example.com",
            "/api/v1/dns",
            "/api/v1/dns/",
            "/api/v1/domain/",
            "/api/v1/",
            "/api/v1",
            "/api/v1/openapi.json/",
            "/api/v1/docs/../../../etc/passwd",
            "/api/v1/docs/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
            "/api/v1/%64ns/example.com",
            "/api/v1/./dns/example.com",
            "/api/v1/dns/./example.com",
            "/API/V1/DNS/EXAMPLE.COM",
            "*",
          ),
        },
      ),
      querySuffix,
    )
    .map(([path, query]) => `${path}${query}`);
}

/** Methods: every standard one, in odd cases, and made-up tokens. */
export const hostileMethod: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constant("GET") },
  fc.constantFrom("HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "get", "Get"),
  fc.stringMatching(/^[A-Z]{1,12}$/),
);

/** Authorization headers: the right key, none, and every way of getting it wrong. */
export function hostileAuthorization(key: string): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant(`Bearer ${key}`) },
    fc.constant(undefined),
    fc.constantFrom(
      "",
      "Bearer",
      "Bearer ",
      `bearer ${key}`,
      `Bearer  ${key}`,
      `Bearer ${key} `,
      `Bearer ${key}x`,
      `Bearer ${key.toUpperCase()}`,
      `Basic ${Buffer.from(`user:${key}`).toString("base64")}`,
      `Bearer ${"k".repeat(10_000)}`,
      "Bearer sha256:0000000000000000000000000000000000000000000000000000000000000000",
    ),
    hostileText.map((text) => `Bearer ${text}`),
    hostileText,
  );
}

/**
 * Whether `name` is a normalised host name a probe may be asked about: lower-case LDH (and
 * `_`) labels of 1 to 63 characters, at most 253 in all, two labels at least, not an IP
 * address, a TLD that is not all digits. Written independently of the engine's validator.
 */
export function isProbeableName(name: string): boolean {
  if (name.length === 0 || name.length > 253 || isIP(name) !== 0) return false;
  const labels = name.split(".");
  if (labels.length < 2 || /^[0-9]+$/.test(labels.at(-1)!)) return false;
  return labels.every((label) => /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/.test(label));
}

/**
 * A request target as a client can put it on the wire: every byte outside visible ASCII
 * percent-encoded (so the HTTP parser passes it on and the adapter sees it).
 */
export function wireTarget(target: string): string {
  return target.replace(/[^\x21-\x7e]/gu, (char) => percentEncode(char));
}
