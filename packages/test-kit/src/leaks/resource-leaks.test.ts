import dgram from "node:dgram";
import net from "node:net";
import { describe, expect, it } from "vitest";
import { activeResources, countResources, leakedResources } from "./resource-leaks.js";

describe("leakedResources", () => {
  it("sees sockets and a server left open, by type", async () => {
    const before = await activeResources();
    const server = net.createServer((socket) => socket.resume());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const client = net.connect((server.address() as net.AddressInfo).port, "127.0.0.1");
    await new Promise((resolve) => client.once("connect", resolve));
    const udp = dgram.createSocket("udp4");
    await new Promise<void>((resolve) => udp.bind(0, "127.0.0.1", resolve));

    const leaked = await leakedResources(before, { withinMs: 50 });

    expect(leaked).toMatchObject({ TCPServerWrap: 1, UDPWrap: 1 });
    // The client and the server's end of the connection.
    expect(leaked.TCPSocketWrap).toBe(2);

    client.destroy();
    udp.close();
    server.close();
    expect(await leakedResources(before)).toEqual({});
  });

  it("counts pending timers, so a timer left behind shows as a Timeout", () => {
    // Counted with nothing in between: the test runner's own timers cannot interfere.
    const before = countResources().Timeout ?? 0;
    const timer = setTimeout(() => undefined, 60_000);
    const during = countResources().Timeout ?? 0;
    clearTimeout(timer);
    const after = countResources().Timeout ?? 0;

    expect(during).toBe(before + 1);
    expect(after).toBe(before);
  });

  it("waits for a socket that is closing, instead of calling it a leak", async () => {
    const before = await activeResources();
    const udp = dgram.createSocket("udp4");
    await new Promise<void>((resolve) => udp.bind(0, "127.0.0.1", resolve));
    expect(countResources().UDPWrap).toBe((before.UDPWrap ?? 0) + 1);

    // Closed a moment from now: the check must still be waiting then.
    setTimeout(() => udp.close(), 100);

    expect(await leakedResources(before)).toEqual({});
  });
});
