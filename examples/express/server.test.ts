import { fileURLToPath } from "node:url";
import {
  type RunningExample,
  startDnsServer,
  startExample,
  type TestDnsServer,
  zoneHandler,
} from "@domain-intel/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const serverFile = fileURLToPath(new URL("./server.js", import.meta.url));
let dns: TestDnsServer;
let example: RunningExample;
let baseUrl: string;

beforeAll(async () => {
  dns = await startDnsServer(
    zoneHandler({ "shop.test": [{ type: "A", name: "shop.test", ttl: 300, data: "192.0.2.10" }] }),
  );
  example = await startExample({
    file: serverFile,
    env: { API_KEY: "example-key-123", RESOLVERS: dns.address },
  });
  baseUrl = example.url;
});

afterAll(async () => {
  example?.stop();
  await dns?.close();
});

describe("examples/express", () => {
  it("answers an authenticated request with real DNS data", async () => {
    const response = await fetch(`${baseUrl}/api/v1/dns/shop.test`, {
      headers: { authorization: "Bearer example-key-123" },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { records: { A: unknown } } };
    expect(body).toMatchObject({ domain: "shop.test", section: "dns", status: "ok" });
    expect(body.data.records.A).toEqual([{ address: "192.0.2.10", ttl: 300 }]);
  });

  it("refuses a request without the key and leaves the host's routes alone", async () => {
    const refused = await fetch(`${baseUrl}/api/v1/dns/shop.test`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toContain("Bearer");
    const home = await fetch(`${baseUrl}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("My app");
  });
});
