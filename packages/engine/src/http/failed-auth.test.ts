import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { noBuiltInProbes } from "@domain-intel/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import type { Probe } from "../contract/probe.js";
import { createEngine, type Engine } from "../engine.js";
import { silentLogger } from "../logging/logger.js";
import { createNodeHandler } from "../node/node-http.js";
import { clientBlock } from "../ratelimit/failed-auth-limiter.js";
import type { RateLimitOptions } from "../ratelimit/rate-limit-options.js";

const key = "failed-auth-key-0123456789";
const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
  );
});

function engine(rateLimit?: RateLimitOptions | false): Engine {
  const echo: Probe = { run: (domain) => ({ domain }) };
  return createEngine({
    keys: [key],
    probes: { ...noBuiltInProbes, echo },
    logger: silentLogger,
    ...(rateLimit === undefined ? {} : { rateLimit }),
  });
}

async function serve(api: Engine) {
  const server = createServer(createNodeHandler(api));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return (authorization: string) =>
    fetch(`${origin}/api/v1/echo/example.com`, { headers: { authorization } });
}

describe("failed authentications", () => {
  it("are limited per client address: 429 with Retry-After once the bucket is empty", async () => {
    const call = await serve(engine());
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 30; attempt++)
      statuses.push((await call(`Bearer wrong-key-${attempt}-0123456789`)).status);
    // The default bucket holds 20 failures.
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual(Array(10).fill(429));
    const limited = await call("Bearer wrong-key-again-0123456789");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(((await limited.json()) as { code: string }).code).toBe("rate_limited");
  });

  it("never refuse a valid key from the throttled address, nor other addresses", async () => {
    const api = engine();
    const call = await serve(api);
    for (let attempt = 0; attempt < 25; attempt++) await call("Bearer wrong-key-0123456789");
    expect((await call("Bearer wrong-key-0123456789")).status).toBe(429);
    expect((await call(`Bearer ${key}`)).status).toBe(200);
    const elsewhere = await api.handle({
      method: "GET",
      url: "/api/v1/echo/example.com",
      headers: { authorization: "Bearer wrong-key-0123456789" },
      clientAddress: "198.51.100.7",
    });
    expect(elsewhere.status).toBe(401);
  });

  it("count an IPv6 /64 as one client, and follow rateLimit.failedAuth", async () => {
    expect(clientBlock("2001:db8:1:2:aaaa::1")).toBe(clientBlock("2001:db8:1:2:bbbb::9"));
    expect(clientBlock("2001:db8:1:3::1")).not.toBe(clientBlock("2001:db8:1:2::1"));
    expect(clientBlock("::ffff:192.0.2.1")).toBe("192.0.2.1");
    const strict = engine({ failedAuth: { capacity: 2, refillPerSecond: 0.01 } });
    const attempt = (address: string) =>
      strict.handle({
        method: "GET",
        url: "/api/v1/echo/example.com",
        headers: { authorization: "Bearer nope-0123456789" },
        clientAddress: address,
      });
    const statuses = [];
    for (const host of ["::1", "::2", "::3"])
      statuses.push((await attempt(`2001:db8::${host.slice(2)}`)).status);
    expect(statuses).toEqual([401, 401, 429]);
    const off = engine({ failedAuth: false });
    for (let index = 0; index < 30; index++) {
      const answer = await off.handle({
        method: "GET",
        url: "/api/v1/echo/example.com",
        headers: {},
        clientAddress: "192.0.2.9",
      });
      expect(answer.status).toBe(401);
    }
    expect(() => engine({ failedAuth: { capacity: 0, refillPerSecond: 1 } })).toThrow(
      /options\.rateLimit\.failedAuth\.capacity/,
    );
  });
});
