import http from "node:http";
import type { AddressInfo } from "node:net";
import { startDnsServer, type TestDnsServer, zoneHandler } from "@domain-intel/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGuardedFetch, type GuardedFetch, GuardedFetchError } from "./guarded-fetch.js";

let server: http.Server;
let origin: string;
let dns: TestDnsServer;
const requests: string[] = [];
const opened: GuardedFetch[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const path = request.url ?? "/";
    requests.push(path);
    if (path === "/json") {
      response.writeHead(200, { "content-type": "application/json", "x-seen": "yes" });
      response.end(JSON.stringify({ accept: request.headers.accept }));
    } else if (path.startsWith("/redirect/")) {
      const left = Number(path.split("/")[2]);
      response.writeHead(302, { location: left > 0 ? `/redirect/${left - 1}` : "/json" });
      response.end("moved");
    } else if (path === "/declared-big") {
      response.writeHead(200, { "content-length": String(64 * 1024) });
      response.end("x".repeat(64 * 1024));
    } else if (path === "/streamed-big") {
      // Chunked, no length: the cap has to count while reading.
      response.writeHead(200);
      for (let i = 0; i < 64; i++) response.write("x".repeat(1024));
      response.end();
    } else if (path === "/no-content") {
      response.writeHead(204);
      response.end();
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dns = await startDnsServer(
    zoneHandler({
      "loopback.test": [{ type: "A", name: "loopback.test", ttl: 60, data: "127.0.0.1" }],
      "mixed.test": [
        { type: "A", name: "mixed.test", ttl: 60, data: "192.0.43.10" },
        { type: "A", name: "mixed.test", ttl: 60, data: "127.0.0.1" },
      ],
    }),
  );
});

afterAll(async () => {
  await Promise.all(opened.map((fetcher) => fetcher.close()));
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await dns.close();
});

function guarded(allowPrivateAddresses: boolean, maxBodyBytes?: number): GuardedFetch {
  const fetcher = createGuardedFetch({
    network: { allowPrivateAddresses, resolvers: [dns.address], timeoutMs: 3000 },
    ...(maxBodyBytes ? { maxBodyBytes } : {}),
  });
  opened.push(fetcher);
  return fetcher;
}

async function refusal(promise: Promise<unknown>): Promise<GuardedFetchError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GuardedFetchError);
  return error as GuardedFetchError;
}

describe("createGuardedFetch", () => {
  it("returns status, headers and body, passing request headers on", async () => {
    const response = await guarded(true).fetch(`${origin}/json`, {
      headers: { accept: "application/rdap+json" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-seen")).toBe("yes");
    expect(await response.json()).toEqual({ accept: "application/rdap+json" });
  });

  it("answers a 204 with an empty body", async () => {
    const response = await guarded(true).fetch(`${origin}/no-content`);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
  });

  it("follows up to three redirects, then refuses", async () => {
    const response = await guarded(true).fetch(`${origin}/redirect/2`);
    expect(response.status).toBe(200);

    const error = await refusal(guarded(true).fetch(`${origin}/redirect/3`));
    expect(error.code).toBe("redirect_failed");
    expect(error.message).toBe(`${new URL(origin).host} redirected more than 3 times`);
  });

  it("refuses a body over the cap, declared or streamed", async () => {
    const fetcher = guarded(true, 16 * 1024);
    for (const path of ["/declared-big", "/streamed-big"]) {
      const error = await refusal(fetcher.fetch(`${origin}${path}`));
      expect(error.code).toBe("response_too_large");
      expect(error.message).toBe(`${new URL(origin).host} sent a response larger than 16384 bytes`);
    }
  });

  it("refuses a private IP literal without connecting", async () => {
    const seen = requests.length;
    const error = await refusal(guarded(false).fetch(`${origin}/json`));
    expect(error.code).toBe("address_not_allowed");
    expect(error.message).toBe(
      "127.0.0.1 is not a public address (loopback range), and private addresses are not allowed",
    );
    const v6 = await refusal(guarded(false).fetch("http://[::1]:9/json"));
    expect(v6.message).toContain("::1 is not a public address (loopback range)");
    expect(requests.length).toBe(seen);
  });

  it("refuses a host name whose answer holds a private address, even beside a public one", async () => {
    const port = new URL(origin).port;
    const seen = requests.length;
    const fetcher = guarded(false);

    const loopback = await refusal(fetcher.fetch(`http://loopback.test:${port}/json`));
    expect(loopback.message).toBe(
      "loopback.test resolves to 127.0.0.1, not a public address (loopback range), and private addresses are not allowed",
    );
    const mixed = await refusal(fetcher.fetch(`http://mixed.test:${port}/json`));
    expect(mixed.message).toContain("mixed.test resolves to 127.0.0.1");
    expect(requests.length).toBe(seen);
  });

  it("connects to the address it resolved when private addresses are allowed", async () => {
    const port = new URL(origin).port;
    const response = await guarded(true).fetch(`http://loopback.test:${port}/json`);
    expect(response.status).toBe(200);
  });

  it("fetches http and https URLs only", async () => {
    const error = await refusal(guarded(true).fetch("file:///etc/passwd"));
    expect(error.code).toBe("unsupported_url");
  });
});
