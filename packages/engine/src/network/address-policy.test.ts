import { describe, expect, it } from "vitest";
import {
  addressRange,
  checkAddress,
  classifyAddress,
  isAddressAllowed,
  isPublicAddress,
} from "./address-policy.js";

describe("classifyAddress: IPv4", () => {
  it.each([
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["169.254.169.254", "linkLocal"],
    ["169.254.0.1", "linkLocal"],
    ["100.64.0.1", "carrierGradeNat"],
    ["100.127.255.254", "carrierGradeNat"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["192.0.2.10", "documentation"],
    ["198.51.100.7", "documentation"],
    ["203.0.113.200", "documentation"],
    ["198.18.0.1", "benchmarking"],
    ["198.19.255.1", "benchmarking"],
    ["192.0.0.170", "reserved"],
    ["192.88.99.1", "reserved"],
    ["240.0.0.1", "reserved"],
    ["192.175.48.1", "as112"],
    ["192.52.193.1", "amt"],
  ])("refuses %s (%s)", (address, range) => {
    expect(classifyAddress({ address })).toEqual({
      address,
      family: 4,
      range,
      public: false,
      embeddedIPv4: null,
    });
    expect(checkAddress({ address, allowPrivateAddresses: false }).allowed).toBe(false);
    expect(checkAddress({ address, allowPrivateAddresses: true }).allowed).toBe(true);
  });

  it.each([
    "93.184.215.14",
    "1.1.1.1",
    "8.8.8.8",
    "172.15.255.255",
    "172.32.0.0",
    "100.63.255.255",
    "100.128.0.0",
    "169.253.255.255",
    "223.255.255.255",
  ])("accepts the public address %s", (address) => {
    expect(classifyAddress({ address })).toMatchObject({
      family: 4,
      range: "unicast",
      public: true,
    });
    expect(checkAddress({ address, allowPrivateAddresses: false }).allowed).toBe(true);
  });
});

describe("classifyAddress: IPv6", () => {
  it.each([
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["fe80::1", "linkLocal"],
    ["fe80::1%eth0", "linkLocal"],
    ["fc00::1", "uniqueLocal"],
    ["fd12:3456:789a::1", "uniqueLocal"],
    ["ff02::1", "multicast"],
    ["ff05::1:3", "multicast"],
    ["fec0::1", "deprecatedSiteLocal"],
    ["100::1", "discard"],
    ["2001:db8::1", "documentation"],
    ["3fff::1", "documentation"],
    ["2001:2::1", "benchmarking"],
    ["2001::1", "teredo"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "teredo"],
    ["64:ff9b:1::a00:1", "rfc6052"],
    ["::ffff:0:a00:1", "rfc6145"],
    ["2001:10::1", "deprecatedOrchid"],
    ["2001:20::1", "orchid2"],
    ["2001:4:112::1", "as112v6"],
    ["2001:100::1", "reserved"],
    ["5f00::1", "segmentRouting"],
    // Outside 2000::/3 nothing is allocated; IPv4-compatible ::a.b.c.d is long deprecated.
    ["::7f00:1", "unallocated"],
    ["::1.2.3.4", "unallocated"],
    ["4000::1", "unallocated"],
    ["e000::1", "unallocated"],
  ])("refuses %s (%s)", (address, range) => {
    expect(classifyAddress({ address })).toEqual({
      address,
      family: 6,
      range,
      public: false,
      embeddedIPv4: null,
    });
    expect(checkAddress({ address, allowPrivateAddresses: false }).allowed).toBe(false);
    expect(checkAddress({ address, allowPrivateAddresses: true }).allowed).toBe(true);
  });

  it.each([
    "2606:2800:21f:cb07:6820:80da:af6b:8b2c",
    "2a00:1450:4001:80e::200e",
    "2001:4860::8888",
  ])("accepts the public address %s", (address) => {
    expect(classifyAddress({ address })).toMatchObject({
      family: 6,
      range: "unicast",
      public: true,
      embeddedIPv4: null,
    });
  });

  it.each([
    // IPv4-mapped
    ["::ffff:127.0.0.1", "127.0.0.1", "loopback", false],
    ["::ffff:7f00:1", "127.0.0.1", "loopback", false],
    ["::ffff:169.254.169.254", "169.254.169.254", "linkLocal", false],
    ["::ffff:10.1.2.3", "10.1.2.3", "private", false],
    ["::ffff:93.184.215.14", "93.184.215.14", "unicast", true],
    // NAT64 well-known prefix: the gateway would connect to the embedded address.
    ["64:ff9b::127.0.0.1", "127.0.0.1", "loopback", false],
    ["64:ff9b::a9fe:a9fe", "169.254.169.254", "linkLocal", false],
    ["64:ff9b::c0a8:101", "192.168.1.1", "private", false],
    ["64:ff9b::5db8:d70e", "93.184.215.14", "unicast", true],
    // 6to4 carries its IPv4 address in bits 16..47.
    ["2002:7f00:1::1", "127.0.0.1", "loopback", false],
    ["2002:a00:1::", "10.0.0.1", "private", false],
    ["2002:5db8:d70e::1", "93.184.215.14", "unicast", true],
  ])("judges %s by the IPv4 address it embeds (%s)", (address, embedded, range, isPublic) => {
    expect(classifyAddress({ address })).toEqual({
      address,
      family: 6,
      range,
      public: isPublic,
      embeddedIPv4: embedded,
    });
    expect(checkAddress({ address, allowPrivateAddresses: false }).allowed).toBe(isPublic);
  });
});

describe("classifyAddress: input", () => {
  it.each([
    "localhost",
    "example.com",
    "127.1",
    "0x7f.0.0.1",
    "2130706433",
    "",
    "1.2.3.4.5",
    "::g",
  ])(
    "throws a TypeError for %j, and the policy refuses it even when private is allowed",
    (address) => {
      expect(() => classifyAddress({ address })).toThrow(TypeError);
      expect(() => classifyAddress({ address })).toThrow(/is not an IP address/);
      expect(checkAddress({ address, allowPrivateAddresses: true })).toEqual({
        allowed: false,
        class: null,
      });
    },
  );

  it("throws a TypeError for a non-string", () => {
    expect(() => classifyAddress({ address: 42 as unknown as string })).toThrow(TypeError);
  });
});

describe("the helpers kept for older callers", () => {
  it("agree with classifyAddress", () => {
    expect(addressRange("169.254.169.254")).toBe("linkLocal");
    expect(addressRange("::ffff:10.0.0.1")).toBe("private");
    expect(addressRange("nonsense")).toBe("invalid");
    expect(isPublicAddress("1.1.1.1")).toBe(true);
    expect(isPublicAddress("64:ff9b::7f00:1")).toBe(false);
    expect(isAddressAllowed("10.0.0.1", false)).toBe(false);
    expect(isAddressAllowed("10.0.0.1", true)).toBe(true);
    expect(isAddressAllowed("example.com", true)).toBe(false);
  });
});
