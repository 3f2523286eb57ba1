import { spfSuiteHandler, startDnsServer, testProbeContext } from "@domain-intel/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkHost } from "./check-host.js";
import { resolverSpfDns } from "./spf-dns.js";

describe("checkHost()", () => {
  let server: Awaited<ReturnType<typeof startDnsServer>>;
  beforeAll(async () => {
    server = await startDnsServer(
      spfSuiteHandler(
        new Map([
          ["loop.example", [{ type: "TXT", value: ["v=spf1 include:loop.example -all"] }]],
          ["ok.example", [{ type: "TXT", value: ["v=spf1 ip4:192.0.2.0/24 -all"] }]],
        ]),
      ),
    );
  });
  afterAll(() => server.close());
  const dns = () => resolverSpfDns(testProbeContext({ resolvers: [server.address] }));

  it("refuses a bad option with a TypeError naming it, before any lookup", async () => {
    const asked = server.queries.length;
    await expect(
      checkHost({ ip: "not an ip", sender: "a@ok.example", helo: "h", dns: dns() }),
    ).rejects.toThrow(/options\.ip/);
    await expect(
      checkHost({ ip: "192.0.2.1", sender: 7 as unknown as string, helo: "h", dns: dns() }),
    ).rejects.toThrow(/options\.sender/);
    await expect(
      checkHost({ ip: "192.0.2.1", sender: "a@ok.example", helo: "h", dns: "x" as never }),
    ).rejects.toThrow(/options\.dns/);
    expect(server.queries.length).toBe(asked);
  });

  it("counts the lookups of a record that includes itself and stops at the 11th (RFC 7208 4.6.4)", async () => {
    const verdict = await checkHost({
      ip: "192.0.2.1",
      sender: "a@loop.example",
      helo: "h",
      dns: dns(),
    });
    expect(verdict).toMatchObject({ result: "permerror", lookups: 11 });
    expect(verdict.reason).toMatch(/more than 10/);
  });

  it("reads an IPv4-mapped IPv6 client as its IPv4 address", async () => {
    const verdict = await checkHost({
      ip: "::ffff:192.0.2.9",
      sender: "a@ok.example",
      helo: "h",
      dns: dns(),
    });
    expect(verdict).toMatchObject({ result: "pass", mechanism: "ip4:192.0.2.0/24", lookups: 0 });
  });
});
