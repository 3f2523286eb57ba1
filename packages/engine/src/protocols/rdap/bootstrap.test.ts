import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBootstrapLoader, ianaBootstrapUrl, parseBootstrapOption } from "./bootstrap.js";
import { createGuardedFetch } from "./guarded-fetch.js";

const data = {
  version: "1.0",
  publication: "2026-11-01T00:00:00Z",
  services: [[["test"], ["https://rdap.example/"]]],
};

let server: http.Server;
let url: string;
let mode: "ok" | "down" | "slow" | "garbage" = "ok";
let served = 0;
const guarded = createGuardedFetch({
  network: { allowPrivateAddresses: true, resolvers: [], timeoutMs: 3000 },
});

beforeAll(async () => {
  server = http.createServer((_request, response) => {
    served++;
    if (mode === "slow") {
      setTimeout(() => response.end(JSON.stringify(data)), 200);
    } else if (mode === "down") {
      response.writeHead(503);
      response.end("upstream secret");
    } else if (mode === "garbage") {
      response.end("<html>upstream secret</html>");
    } else {
      response.end(JSON.stringify(data));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/dns.json`;
});

afterAll(async () => {
  await guarded.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const load = (
  loader: ReturnType<typeof createBootstrapLoader>,
  signal = new AbortController().signal,
) => loader.load({ fetch: guarded.fetch, signal, timeoutMs: 2000 });

describe("bootstrap loader", () => {
  it("shares one load between concurrent callers and keeps it for the TTL", async () => {
    mode = "slow";
    let now = 0;
    const loader = createBootstrapLoader(parseBootstrapOption(url, "bootstrap"), {
      ttlMs: 1000,
      now: () => now,
    });
    const before = served;

    const results = await Promise.all([load(loader), load(loader), load(loader)]);
    expect(results.map((r) => r.services)).toEqual([data.services, data.services, data.services]);
    expect(served - before).toBe(1);

    now = 999;
    await load(loader);
    expect(served - before).toBe(1);
    now = 1000;
    mode = "ok";
    await load(loader);
    expect(served - before).toBe(2);
  });

  it("lets a caller stop waiting without cancelling the shared load", async () => {
    mode = "slow";
    const loader = createBootstrapLoader(parseBootstrapOption(url, "bootstrap"));
    const before = served;
    const impatient = load(loader, AbortSignal.timeout(20));
    const patient = load(loader);

    await expect(impatient).rejects.toThrow(/timeout/i);
    expect((await patient).services).toEqual(data.services);
    expect(served - before).toBe(1);
  });

  it("keeps serving stale data while a refresh fails", async () => {
    mode = "ok";
    let now = 0;
    const loader = createBootstrapLoader(parseBootstrapOption(url, "bootstrap"), {
      ttlMs: 1000,
      now: () => now,
    });
    await load(loader);
    mode = "down";
    now = 5000;
    expect((await load(loader)).services).toEqual(data.services);
  });

  it("rejects with messages that quote no upstream body", async () => {
    const loader = () => createBootstrapLoader(parseBootstrapOption(url, "bootstrap"));
    mode = "down";
    await expect(load(loader())).rejects.toThrow(`RDAP bootstrap ${url} answered HTTP 503`);
    mode = "garbage";
    await expect(load(loader())).rejects.toThrow(`RDAP bootstrap ${url} is not valid JSON`);
  });

  it("returns inline data as given, without loading", async () => {
    const loader = createBootstrapLoader(parseBootstrapOption(data, "bootstrap"));
    expect(loader.location).toBe("inline data");
    expect((await load(loader)).services).toBe(data.services);
  });
});

describe("parseBootstrapOption", () => {
  it("tells URLs, file URLs and paths apart", () => {
    expect(parseBootstrapOption(undefined, "b")).toEqual({
      kind: "url",
      url: ianaBootstrapUrl,
    });
    expect(parseBootstrapOption("HTTPS://x.example/dns.json", "b")).toEqual({
      kind: "url",
      url: "HTTPS://x.example/dns.json",
    });
    expect(parseBootstrapOption("file:///etc/dns.json", "b")).toEqual({
      kind: "file",
      path: "/etc/dns.json",
    });
    expect(parseBootstrapOption("./dns.json", "b")).toEqual({ kind: "file", path: "./dns.json" });
  });

  it("names the option in its TypeErrors", () => {
    expect(() => parseBootstrapOption("", "whoisProbe: options.bootstrap")).toThrow(
      /^whoisProbe: options\.bootstrap must be .*; got an empty string$/,
    );
    expect(() => parseBootstrapOption({ services: "nope" }, "b")).toThrow(
      /services is not an array$/,
    );
    expect(() => parseBootstrapOption(null, "b")).toThrow(/got null$/);
  });
});
