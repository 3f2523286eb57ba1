import { describe, expect, it } from "vitest";
import { parseServerAddress } from "./server-address.js";

describe("parseServerAddress", () => {
  it.each([
    ["192.0.2.53", { host: "192.0.2.53", port: 53, family: 4, label: "192.0.2.53:53" }],
    ["192.0.2.53:5353", { host: "192.0.2.53", port: 5353, family: 4, label: "192.0.2.53:5353" }],
    ["2001:db8::53", { host: "2001:db8::53", port: 53, family: 6, label: "[2001:db8::53]:53" }],
    ["[2001:db8::53]", { host: "2001:db8::53", port: 53, family: 6, label: "[2001:db8::53]:53" }],
    ["[::1]:5353", { host: "::1", port: 5353, family: 6, label: "[::1]:5353" }],
  ])("reads %s", (server, expected) => {
    expect(parseServerAddress({ server })).toEqual(expected);
  });

  it("applies the default port only when none is given", () => {
    expect(parseServerAddress({ server: "192.0.2.1", defaultPort: 5300 })?.port).toBe(5300);
    expect(parseServerAddress({ server: "192.0.2.1:54", defaultPort: 5300 })?.port).toBe(54);
  });

  it.each([
    "dns.example",
    "dns.example:53",
    "192.0.2.1:0",
    "192.0.2.1:65536",
    "192.0.2.1:",
    "192.0.2.1:5x",
    "[192.0.2.1]:53",
    "[::1]:",
    "300.1.1.1",
    "",
  ])("rejects %j", (server) => {
    expect(parseServerAddress({ server })).toBeUndefined();
  });
});
