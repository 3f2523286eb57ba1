import { readFileSync } from "node:fs";
import {
  openApiResponseValidator,
  type RdapTestServer,
  rdapDomainExample,
  startRdapServer,
} from "@domain-intel/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEngine } from "../../engine.js";
import { silentLogger } from "../../logging/logger.js";

const key = "whois-route-test-key";
const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8"));
/** A loopback address where nothing listens on port 43: the WHOIS fallback is refused at once. */
const closedWhois = "127.0.43.9";

let rdap: RdapTestServer;

beforeAll(async () => {
  rdap = await startRdapServer((path) => {
    if (path.startsWith("/down/")) return { status: 503, body: "maintenance" };
    if (path.startsWith("/slow/")) return { hang: true };
    if (path === "/domain/example.test") return { status: 200, json: rdapDomainExample() };
    return { status: 404, json: fixture("rdap-not-found.json") };
  });
});

afterAll(async () => {
  await rdap?.close();
});

/** An engine serving only the whois section, its RDAP registries at `paths` of the test server. */
function engineWith(...paths: string[]) {
  return createEngine({
    keys: [key],
    network: { allowPrivateAddresses: true, timeoutMs: 1500 },
    rdap: {
      bootstrap: {
        version: "1.0",
        publication: "2026-11-01T00:00:00Z",
        services: [[["test"], paths.map((path) => `${rdap.baseUrl}${path}`)]],
      },
      whoisHints: { test: closedWhois },
    },
    probes: { dns: false, ssl: false, mail: false, hosting: false },
    logger: silentLogger,
  });
}

async function get(engine: ReturnType<typeof createEngine>, domain: string) {
  const response = await engine.handle({
    method: "GET",
    url: `/api/v1/whois/${domain}`,
    headers: { authorization: `Bearer ${key}` },
  });
  const body = JSON.parse(Buffer.from(response.body).toString("utf8"));
  expect(
    openApiResponseValidator(engine.openApiDocument)("/whois/{domain}", response.status, body),
  ).toEqual([]);
  return { status: response.status, type: response.headers["content-type"], body };
}

describe("GET /whois/{domain}", () => {
  it("answers 200 for a subdomain, saying which registrable domain was looked up", async () => {
    const { status, body } = await get(engineWith(""), "www.example.test");
    expect(status).toBe(200);
    expect(body.domain).toBe("www.example.test");
    expect(body.data).toMatchObject({ queriedDomain: "example.test", registered: true });
  });

  it("answers 200 with registered: false for an unregistered name", async () => {
    const { status, body } = await get(engineWith(""), "unregistered.test");
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ registered: false, source: "rdap" });
  });

  it("answers 502 upstream_error naming every server tried when every registry fails", async () => {
    const { status, type, body } = await get(engineWith("down/"), "example.test");
    expect(status).toBe(502);
    expect(type).toMatch(/^application\/problem\+json/);
    expect(body.code).toBe("upstream_error");
    expect(body.detail).toBe(
      `No registry answered for example.test: RDAP ${rdap.baseUrl}down/ answered HTTP 503; WHOIS ${closedWhois} could not be reached (ECONNREFUSED)`,
    );
  });

  it("answers 504 upstream_timeout when the registries are slower than the budget", async () => {
    const started = Date.now();
    // Two RDAP servers that never answer use up the budget before WHOIS can be asked.
    const { status, body } = await get(engineWith("slow/", "slow/again/"), "example.test");
    expect(Date.now() - started).toBeLessThan(4000);
    expect(status).toBe(504);
    expect(body.code).toBe("upstream_timeout");
    expect(body.detail).toContain(`RDAP ${rdap.baseUrl}slow/ timed out`);
    expect(body.detail).toContain(`RDAP ${rdap.baseUrl}slow/again/ timed out`);
  });
});
