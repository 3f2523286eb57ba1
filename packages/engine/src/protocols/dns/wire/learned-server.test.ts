import {
  activeResources,
  leakedResources,
  startDnsServer,
  zoneHandler,
} from "@domain-intel/test-kit";
import type * as packet from "dns-packet";
import { describe, expect, it } from "vitest";
import { AddressNotAllowedError } from "../../../network/connect-target.js";
import {
  configuredDnsServer,
  connectDnsTcp,
  learnedDnsServer,
  openDnsUdpSocket,
} from "../../../network/dns-exchange.js";
import { query } from "./query.js";
import { probeZoneTransfer } from "./zone-transfer.js";

const zone = {
  "example.test": [
    { type: "A", name: "example.test", ttl: 60, data: "192.0.2.1" },
  ] as packet.Answer[],
};

describe("name server addresses learned from DNS data", () => {
  it.each([
    "127.0.0.1",
    "10.0.0.53",
    "192.168.1.53",
    "172.16.0.53",
    "100.64.0.53",
    "169.254.0.53",
    "::1",
    "fe80::53",
    "fd00::53",
  ])("refuses %s unless allowPrivateAddresses", (address) => {
    expect(() => learnedDnsServer({ address, port: 53, allowPrivateAddresses: false })).toThrow(
      AddressNotAllowedError,
    );
    expect(learnedDnsServer({ address, port: 53, allowPrivateAddresses: true })).toMatchObject({
      host: address,
      port: 53,
      origin: "learned",
    });
  });

  it("takes a public address without the exception", () => {
    expect(
      learnedDnsServer({ address: "2a00:1450::53", port: 53, allowPrivateAddresses: false }),
    ).toMatchObject({ family: 6, label: "[2a00:1450::53]:53" });
  });

  it("never sends a query to a refused server, over UDP, TCP or AXFR", async () => {
    const before = await activeResources();
    const server = await startDnsServer(zoneHandler(zone));
    try {
      expect(() =>
        learnedDnsServer({ address: server.host, port: server.port, allowPrivateAddresses: false }),
      ).toThrow(/127\.0\.0\.1 is not a public address \(loopback range\)/);

      const allowed = learnedDnsServer({
        address: server.host,
        port: server.port,
        allowPrivateAddresses: true,
      });
      const overUdp = await query({ server: allowed, name: "example.test", type: "A" });
      expect(overUdp.answers).toHaveLength(1);
      const overTcp = await query({
        server: allowed,
        name: "example.test",
        type: "A",
        transport: "tcp",
      });
      expect(overTcp.transport).toBe("tcp");
      const transfer = await probeZoneTransfer({
        server: allowed,
        zone: "example.test",
        timeoutMs: 2000,
      });
      expect(transfer.rcode).not.toBe("CLOSED");
      expect(server.queries.map((received) => received.transport)).toEqual(["udp", "tcp", "tcp"]);
    } finally {
      await server.close();
    }
    expect(await leakedResources(before)).toEqual({});
  });

  it("opens a socket only for a server judged by network/", async () => {
    const before = await activeResources();
    const server = await startDnsServer(zoneHandler(zone));
    try {
      const configured = configuredDnsServer({
        host: server.host,
        port: server.port,
        family: 4,
        label: server.address,
      });
      // A copy carries the same fields but was never judged.
      const forged = { ...configured };
      expect(() => openDnsUdpSocket(forged)).toThrow(TypeError);
      expect(() => connectDnsTcp(forged)).toThrow(TypeError);
      await expect(query({ server: forged, name: "example.test", type: "A" })).rejects.toThrow(
        /configuredDnsServer or learnedDnsServer/,
      );
      // The configured resolver is trusted as configured, loopback included.
      const answer = await query({ server: configured, name: "example.test", type: "A" });
      expect(answer.server).toBe(server.address);
      expect(server.queries).toHaveLength(1);
    } finally {
      await server.close();
    }
    expect(await leakedResources(before)).toEqual({});
  });
});
