import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createEngine, silentLogger } from "@domain-intel/engine";
import { createNodeHandler } from "@domain-intel/engine/node";
import { countingProbe, noBuiltInProbes } from "@domain-intel/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { typesOf } from "../scripts/openapi-types.mjs";
import { createClient, DomainIntelProblemError } from "./index.js";

let origin: string;
let server: Server;
const requests: string[] = [];
const slow = countingProbe({ delayMs: 400 });
const engine = createEngine({
  keys: ["client-key"],
  logger: silentLogger,
  probes: { ...noBuiltInProbes, slow: slow.probe },
});
const handle = createNodeHandler(engine);

beforeAll(async () => {
  // The API under /api/v1; anything else answers as a proxy in front of it would, in HTML.
  server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    if (request.url?.startsWith("/api/v1/")) return handle(request, response);
    response.writeHead(502, { "content-type": "text/html" }).end("<h1>Bad Gateway</h1>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.close();
  await engine.close();
});

describe("createClient", () => {
  it("refuses bad or unknown options with a TypeError naming the option, sending nothing", async () => {
    const cases: [unknown, string][] = [
      [undefined, "createClient: options must be an object"],
      [{ key: "k" }, "createClient: options.baseUrl is required"],
      [{ baseUrl: origin }, "createClient: options.key is required"],
      [{ baseUrl: "ftp://x.test/", key: "k" }, "options.baseUrl must be an http or https URL"],
      [{ baseUrl: "https://u:p@x.test/", key: "k" }, "options.baseUrl must not carry credentials"],
      [{ baseUrl: "https://x.test/?key=k", key: "k" }, "options.baseUrl must not have a query"],
      [{ baseUrl: origin, key: "two words" }, "options.key must be an API key"],
      [{ baseUrl: origin, key: "k", fetch: "no" }, "options.fetch must be a function"],
      [{ baseUrl: origin, key: "k", token: "k" }, "options.token is not an option"],
    ];
    for (const [options, message] of cases) {
      expect(() => createClient(options as never), message).toThrow(TypeError);
      expect(() => createClient(options as never)).toThrow(message);
    }
    const before = requests.length;
    const client = createClient({ baseUrl: `${origin}/api/v1`, key: "client-key" });
    const calls: [() => unknown, string][] = [
      [
        () => client.dns({ domain: "a.test", refesh: true } as never),
        "client.dns: options.refesh is not an option",
      ],
      [
        () => client.whois({ domain: "" }),
        "client.whois: options.domain must be a non-empty string",
      ],
      [
        () => client.report({ domain: "a.test", refresh: "yes" } as never),
        "options.refresh must be true or false",
      ],
      [() => client.watch({ since: "yesterday" }), "client.watch: options.since must be a Date"],
      [
        () => client.batch.create({ domains: [] }),
        "client.batch.create: options.domains must be a non-empty array",
      ],
      [
        () => client.batch.poll({ id: "x", intervalMs: 0 }),
        "client.batch.poll: options.intervalMs must be a positive integer",
      ],
      [() => client.batch.results({ id: "" }).next(), "client.batch.results: options.id"],
    ];
    for (const [call, message] of calls) {
      await expect(Promise.resolve().then(call), message).rejects.toThrow(message);
    }
    expect(requests.length).toBe(before);
  });

  it("sends the key in the Authorization header only, never in a URL", async () => {
    const before = requests.length;
    const client = createClient({ baseUrl: `${origin}/api/v1`, key: "client-key" });
    const envelope = await client.section({ section: "slow", domain: "Key.Example.test" });
    expect(envelope).toMatchObject({ section: "slow", domain: "key.example.test", status: "ok" });
    const sent = requests.slice(before);
    expect(sent).toEqual(["GET /api/v1/slow/Key.Example.test"]);
    expect(sent.join(" ")).not.toContain("client-key");
  });

  it("rejects an answer that is no problem document with its status and no problem", async () => {
    const client = createClient({ baseUrl: `${origin}/behind-a-proxy`, key: "client-key" });
    const error = await client.whois({ domain: "example.com" }).catch((rejected) => rejected);
    expect(error).toBeInstanceOf(DomainIntelProblemError);
    expect(error).toMatchObject({ status: 502, problem: null, code: null });
    expect(error.message).toBe("HTTP 502 Bad Gateway without a problem document");
  });

  it("stops polling a batch when the signal aborts, with the signal's reason", async () => {
    const client = createClient({ baseUrl: `${origin}/api/v1`, key: "client-key" });
    const job = await client.batch.create({
      domains: ["one.test", "two.test", "three.test"],
      sections: ["slow" as never],
    });
    const stop = new AbortController();
    const polled: string[] = [];
    const polling = client.batch.poll({
      id: job.id,
      intervalMs: 50,
      signal: stop.signal,
      onProgress: (progress) => polled.push(progress.status),
    });
    setTimeout(() => stop.abort(new Error("enough")), 120);
    await expect(polling).rejects.toThrow("enough");
    expect(polled.length).toBeGreaterThan(0);
    expect(polled).not.toContain("done");
    // The results stream until the job ends where the host streams, as serve does.
    const lines = [];
    for await (const line of client.batch.results({ id: job.id })) lines.push(line.domain);
    expect(lines.sort()).toEqual(["one.test", "three.test", "two.test"]);
  });
});

describe("the client's generated types", () => {
  it("have a function for every GET route of a domain the engine serves", () => {
    const client = createClient({ baseUrl: origin, key: "client-key" }) as unknown as Record<
      string,
      unknown
    >;
    const defaults = createEngine({ keys: ["types"], logger: silentLogger });
    const routes = Object.keys(defaults.openApiDocument.paths ?? {})
      .map((path) => /^\/([a-z-]+)\/\{domain\}$/.exec(path)?.[1])
      .filter((name): name is string => name !== undefined);
    void defaults.close();
    expect(routes).toContain("dns");
    const functionOf = (name: string) => (name === "domain" ? "report" : name);
    expect(routes.filter((name) => typeof client[functionOf(name)] !== "function")).toEqual([]);
  });

  it("are what openapi-typescript makes of the engine's document today (run pnpm build)", async () => {
    // The document the build generates from: an engine with its defaults.
    const defaults = createEngine({ keys: ["types"], logger: silentLogger });
    try {
      const built = await readFile(new URL("./generated/openapi.ts", import.meta.url), "utf8");
      const fresh = await typesOf(defaults.openApiDocument);
      expect(fresh.split("\n")).toEqual(built.split("\n"));
    } finally {
      await defaults.close();
    }
  }, 30_000);
});
