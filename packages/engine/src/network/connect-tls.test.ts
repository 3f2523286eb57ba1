import { once } from "node:events";
import type { AddressInfo } from "node:net";
import tls from "node:tls";
import { createTestPki, type TestPki } from "@domain-intel/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AddressNotAllowedError, connectTls } from "./connect-tls.js";

let pki: TestPki;
let server: tls.Server;
let port: number;
let connections = 0;

beforeAll(async () => {
  pki = await createTestPki();
  const leaf = await pki.issueLeaf({
    commonName: "guarded.test",
    subjectAltNames: ["guarded.test"],
  });
  server = tls.createServer({ key: leaf.keyPem, cert: leaf.chainPem });
  server.on("connection", () => {
    connections += 1;
  });
  server.on("tlsClientError", () => undefined);
  // "::" accepts IPv4 too (dual stack), so one server answers 127.0.0.1 and ::1.
  server.listen(0, "::");
  await once(server, "listening");
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function handshake(address: string): Promise<{ authorized: boolean; remote?: string }> {
  const socket = connectTls({
    address,
    port,
    allowPrivateAddresses: true,
    tls: { servername: "guarded.test", ca: [pki.root.certPem] },
  });
  try {
    await once(socket, "secureConnect");
    return { authorized: socket.authorized, remote: socket.remoteAddress };
  } finally {
    socket.destroy();
  }
}

describe("connectTls", () => {
  it("connects to a checked address of either family, sending the name only as SNI", async () => {
    expect(await handshake("127.0.0.1")).toEqual({ authorized: true, remote: "127.0.0.1" });
    expect(await handshake("::1")).toEqual({ authorized: true, remote: "::1" });
  });

  it.each(["127.0.0.1", "::1", "::ffff:127.0.0.1"])(
    "refuses %s before opening a socket when private addresses are not allowed",
    (address) => {
      const before = connections;
      const open = () =>
        connectTls({ address, port, allowPrivateAddresses: false, tls: { servername: "x.test" } });

      expect(open).toThrow(AddressNotAllowedError);
      expect(open).toThrow(/loopback range/);
      expect(connections).toBe(before);
    },
  );

  it("never resolves a host name", () => {
    expect(() =>
      connectTls({ address: "localhost", port, allowPrivateAddresses: true, tls: {} }),
    ).toThrow(/options.address must be an IP literal/);
  });

  it.each([0, 65536, 1.5, Number.NaN])("rejects port %s with a TypeError", (bad) => {
    expect(() =>
      connectTls({ address: "127.0.0.1", port: bad, allowPrivateAddresses: true, tls: {} }),
    ).toThrow(TypeError);
  });

  it("keeps each connection's versions and suites while contexts are shared per option set", async () => {
    const protocolOf = async (options: tls.ConnectionOptions) => {
      const socket = connectTls({
        address: "127.0.0.1",
        port,
        allowPrivateAddresses: true,
        tls: { servername: "guarded.test", rejectUnauthorized: false, ...options },
      });
      try {
        await once(socket, "secureConnect");
        return `${socket.getProtocol()} ${socket.getCipher().name}`;
      } finally {
        socket.destroy();
      }
    };
    const tls12 = { maxVersion: "TLSv1.2", ciphers: "ECDHE-ECDSA-AES128-GCM-SHA256" } as const;
    const tls12Other = { maxVersion: "TLSv1.2", ciphers: "ECDHE-ECDSA-AES256-GCM-SHA384" } as const;
    for (let round = 0; round < 2; round++) {
      expect(await protocolOf(tls12)).toBe("TLSv1.2 ECDHE-ECDSA-AES128-GCM-SHA256");
      expect(await protocolOf(tls12Other)).toBe("TLSv1.2 ECDHE-ECDSA-AES256-GCM-SHA384");
      expect(await protocolOf({ minVersion: "TLSv1.3" })).toMatch(/^TLSv1\.3 /);
    }
    // A connection given its own trust (ca) still builds its own context, and is authorised.
    expect(await handshake("127.0.0.1")).toMatchObject({ authorized: true });
  });
});
