import { encodeSvcb } from "@domain-intel/test-kit";
import { describe, expect, it } from "vitest";
import { decodeSvcb } from "./svcb.js";

describe("decodeSvcb", () => {
  it("reads RFC 9460 appendix D example (ServiceMode with every common key)", () => {
    // D.2, figure 8-ish: "16 foo.example.org. alpn=h2,h3-19 mandatory=ipv4hint,alpn ipv4hint=192.0.2.1"
    const rdata = encodeSvcb({
      priority: 16,
      target: "foo.example.org",
      params: [
        [0, Buffer.from([0, 1, 0, 4])],
        [1, Buffer.from("\x02h2\x05h3-19", "latin1")],
        [4, Buffer.from([192, 0, 2, 1])],
      ],
    });
    expect(decodeSvcb(rdata)).toEqual({
      priority: 16,
      target: "foo.example.org",
      params: { mandatory: ["alpn", "ipv4hint"], alpn: ["h2", "h3-19"], ipv4hint: ["192.0.2.1"] },
    });
  });

  it("reads AliasMode, ports, IPv6 hints, ECH, flags and unknown keys", () => {
    expect(decodeSvcb(encodeSvcb({ priority: 0, target: "Pool.SVC.example", params: [] }))).toEqual(
      { priority: 0, target: "pool.svc.example", params: {} },
    );
    const ipv6 = Buffer.alloc(32);
    ipv6.set([0x20, 0x01, 0x0d, 0xb8], 0);
    ipv6[15] = 1;
    ipv6.set([0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x53], 16);
    expect(
      decodeSvcb(
        encodeSvcb({
          priority: 1,
          target: ".",
          params: [
            [2, Buffer.alloc(0)],
            [3, Buffer.from([0x1f, 0x90])],
            [5, Buffer.from("ech-config")],
            [6, ipv6],
            [7, Buffer.from("/dns-query{?dns}")],
            [65000, Buffer.from([0xca, 0xfe])],
          ],
        }),
      ),
    ).toEqual({
      priority: 1,
      target: ".",
      params: {
        "no-default-alpn": true,
        port: 8080,
        ech: Buffer.from("ech-config").toString("base64"),
        ipv6hint: ["2001:db8::1", "2001:db8::53"],
        dohpath: "/dns-query{?dns}",
        key65000: "cafe",
      },
    });
  });

  it.each([
    ["truncated priority", Buffer.from([0])],
    ["a target running past the end", Buffer.from([0, 1, 5, 0x61])],
    ["a compressed target", Buffer.from([0, 1, 0xc0, 0x0c])],
    [
      "keys out of order",
      encodeSvcb({
        priority: 1,
        target: ".",
        params: [
          [3, Buffer.from([0, 80])],
          [1, Buffer.from("\x02h2", "latin1")],
        ],
      }),
    ],
    [
      "a port of three bytes",
      encodeSvcb({ priority: 1, target: ".", params: [[3, Buffer.from([0, 0, 80])]] }),
    ],
    [
      "an IPv4 hint of five bytes",
      encodeSvcb({ priority: 1, target: ".", params: [[4, Buffer.from([1, 2, 3, 4, 5])]] }),
    ],
  ])("rejects %s", (_title, rdata) => {
    expect(decodeSvcb(rdata)).toBeUndefined();
  });
});
