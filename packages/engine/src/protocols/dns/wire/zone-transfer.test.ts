import { startDnsServer, type TestDnsServer } from "@domain-intel/test-kit";
import * as packet from "dns-packet";
import { afterEach, describe, expect, it } from "vitest";
import { DnsQueryError } from "./errors.js";
import { probeZoneTransfer } from "./zone-transfer.js";

const servers: TestDnsServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(...args: Parameters<typeof startDnsServer>): Promise<TestDnsServer> {
  const server = await startDnsServer(...args);
  servers.push(server);
  return server;
}

const soa: packet.Answer = {
  type: "SOA",
  name: "example.test",
  ttl: 3600,
  data: { mname: "ns1.example.test", rname: "hostmaster.example.test", serial: 1 },
};

describe("probeZoneTransfer", () => {
  it("sees a transfer start: a first message opening with the zone's SOA, over TCP", async () => {
    const server = await serve(() => ({
      type: "response",
      flags: packet.AUTHORITATIVE_ANSWER,
      answers: [soa, { type: "A", name: "www.example.test", ttl: 60, data: "192.0.2.1" }, soa],
    }));

    const outcome = await probeZoneTransfer({
      server: server.address,
      zone: "Example.Test.",
      timeoutMs: 2000,
    });

    expect(outcome).toEqual({ allowed: true, rcode: "NOERROR", records: 3 });
    expect(server.queries).toEqual([{ name: "Example.Test", type: "AXFR", transport: "tcp" }]);
  });

  it("reads REFUSED, and a server hanging up, as refusals", async () => {
    const refusing = await serve(
      () => ({ type: "response", flags: 0, rcode: "REFUSED" }) as packet.Packet,
    );
    const hangingUp = await serve(() => ({ close: true }));

    await expect(
      probeZoneTransfer({ server: refusing.address, zone: "example.test", timeoutMs: 2000 }),
    ).resolves.toEqual({ allowed: false, rcode: "REFUSED", records: 0 });
    await expect(
      probeZoneTransfer({ server: hangingUp.address, zone: "example.test", timeoutMs: 2000 }),
    ).resolves.toEqual({ allowed: false, rcode: "CLOSED", records: 0 });
  });

  it("rejects with a timeout when the server stays silent", async () => {
    const silent = await serve(() => ({ drop: true }));

    const error = await probeZoneTransfer({
      server: silent.address,
      zone: "example.test",
      timeoutMs: 100,
    }).catch((reason: unknown) => reason);

    expect(error).toBeInstanceOf(DnsQueryError);
    expect(error).toMatchObject({ code: "timeout" });
  });

  it("rejects bad options with a TypeError naming them", async () => {
    await expect(
      probeZoneTransfer({ server: "ns.example", zone: "example.test", timeoutMs: 100 }),
    ).rejects.toThrow(new TypeError("probeZoneTransfer: options.server must be an IP address"));
    await expect(
      probeZoneTransfer({ server: "127.0.0.1", zone: "a..test", timeoutMs: 100 }),
    ).rejects.toThrow(new TypeError("probeZoneTransfer: options.zone must be a DNS name"));
    await expect(
      probeZoneTransfer({ server: "127.0.0.1", zone: "example.test", timeoutMs: 0 }),
    ).rejects.toThrow(
      new TypeError("probeZoneTransfer: options.timeoutMs must be an integer 1..60000"),
    );
  });
});
