import fc from "fast-check";
import ipaddr from "ipaddr.js";
import { describe, expect, it } from "vitest";
import { ipv4Number, ipv4Text, ipv6Text, ipv6Words } from "./ip-number.js";

const words = (text: string) => {
  const into = new Uint32Array(4);
  return ipv6Words(text, into) ? [...into] : null;
};

describe("IP numbers", () => {
  it("reads dotted quads and refuses what is not one", () => {
    expect(ipv4Number("0.0.0.0")).toBe(0);
    expect(ipv4Number("255.255.255.255")).toBe(0xffffffff);
    expect(ipv4Number("1.2.3.4")).toBe(0x01020304);
    for (const bad of [
      "",
      "1.2.3",
      "1.2.3.4.5",
      "256.1.1.1",
      "01.2.3.4",
      "1..3.4",
      "1.2.3.4 ",
      "a.b.c.d",
    ]) {
      expect(ipv4Number(bad), bad).toBe(-1);
    }
  });

  it("reads any IPv4 address as ipaddr.js does, and writes it back", () => {
    fc.assert(
      fc.property(fc.ipV4(), (text) => {
        const value = ipv4Number(text);
        expect(value).toBe(
          ipaddr.IPv4.parse(text)
            .toByteArray()
            .reduce((n, b) => n * 256 + b, 0),
        );
        expect(ipv4Text(value)).toBe(text);
      }),
    );
  });

  it("reads any IPv6 address as ipaddr.js does, and writes RFC 5952 text", () => {
    fc.assert(
      fc.property(fc.ipV6(), (text) => {
        // ipaddr.js reads "::1.2.3.4" as IPv4-mapped: the WHATWG URL parser's hex form first.
        const hex = new URL(`http://[${text}]/`).hostname.slice(1, -1);
        const parsed = ipaddr.IPv6.parse(hex).parts;
        const expected = [0, 1, 2, 3].map(
          (w) => ((parsed[w * 2]! << 16) | parsed[w * 2 + 1]!) >>> 0,
        );
        expect(words(text)).toEqual(expected);
        expect(ipv6Text(expected)).toBe(ipaddr.IPv6.parse(hex).toRFC5952String());
      }),
    );
  });

  it("refuses what is not an IPv6 literal", () => {
    for (const bad of [
      ":",
      "1:2",
      "1::2::3",
      "12345::",
      "1:2:3:4:5:6:7:8:9",
      "::g",
      "[::1]",
      "fe80::1%eth0",
      "1:2:3:4:5:6:7:",
    ]) {
      expect(words(bad), bad).toBeNull();
    }
    expect(words("::")).toEqual([0, 0, 0, 0]);
    expect(words("::ffff:1.2.3.4")).toEqual([0, 0, 0xffff, 0x01020304]);
  });
});
