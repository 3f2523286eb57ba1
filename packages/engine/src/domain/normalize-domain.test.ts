import { describe, expect, it } from "vitest";
import { DomainIntelError } from "../contract/domain-intel-error.js";
import { normalizeDomain } from "./normalize-domain.js";

describe("normalizeDomain", () => {
  it.each([
    ["example.com", "example.com"],
    ["EXAMPLE.COM", "example.com"],
    ["example.com.", "example.com"],
    ["WWW.Example.Co.UK.", "www.example.co.uk"],
    ["münchen.de", "xn--mnchen-3ya.de"],
    ["MÜNCHEN.DE", "xn--mnchen-3ya.de"],
    ["xn--mnchen-3ya.de", "xn--mnchen-3ya.de"],
    ["例え.jp", "xn--r8jz45g.jp"],
    ["_dmarc.example.com", "_dmarc.example.com"],
    ["a-b.example.org", "a-b.example.org"],
    ["blogspot.com", "blogspot.com"],
    ["foo.test", "foo.test"],
    [`${"a".repeat(63)}.com`, `${"a".repeat(63)}.com`],
  ])("accepts %j as %j", (input, expected) => {
    expect(normalizeDomain(input).name).toBe(expected);
  });

  it("reports the registrable domain and public suffix", () => {
    expect(normalizeDomain("a.b.example.co.uk")).toEqual({
      name: "a.b.example.co.uk",
      registrableDomain: "example.co.uk",
      publicSuffix: "co.uk",
    });
  });

  const longName = `${Array.from({ length: 5 }, () => "a".repeat(60)).join(".")}.com`;
  it.each([
    ["", "empty"],
    ["com", "bare TLD"],
    ["co.uk", "bare public suffix"],
    ["localhost", "single label"],
    ["example", "single label"],
    ["127.0.0.1", "IPv4 literal"],
    ["127.1", "short IPv4 literal"],
    ["0x7f.0.0.1", "hex IPv4 literal"],
    ["::1", "IPv6 literal"],
    ["[::1]", "bracketed IPv6 literal"],
    ["2001:db8::1", "IPv6 literal"],
    ["1.2.3.4.5", "numeric name"],
    ["example.123", "numeric TLD"],
    [longName, "name over 253 characters"],
    [`${"a".repeat(64)}.com`, "label over 63 characters"],
    ["a..example.com", "empty label"],
    [".example.com", "leading dot"],
    ["example.com..", "two trailing dots"],
    ["exa_mple.com", "underscore in registrable part"],
    ["-example.com", "leading hyphen"],
    ["example-.com", "trailing hyphen"],
    ["exa mple.com", "space"],
    [" example.com", "leading space"],
    ["example.com/path", "path"],
    ["example.com:443", "port"],
    ["user@example.com", "userinfo"],
    ["http://example.com", "URL"],
    ["example.com?x=1", "query"],
    ["exa%6dple.com", "percent sign"],
    ["exa\u0000mple.com", "NUL"],
    ["exa\nmple.com", "newline"],
    ["*.example.com", "wildcard"],
    ["example.com\\", "backslash"],
    ["😀", "emoji single label"],
    ["xn--zz.com", "bad punycode"],
    ["a".repeat(2000), "very long input"],
  ])("refuses %j (%s)", (input) => {
    expect(() => normalizeDomain(input)).toThrow(DomainIntelError);
    try {
      normalizeDomain(input);
    } catch (error) {
      expect((error as DomainIntelError).code).toBe("invalid_domain");
      expect((error as DomainIntelError).status).toBe(400);
      expect((error as DomainIntelError).message.length).toBeGreaterThan(10);
    }
  });
});
