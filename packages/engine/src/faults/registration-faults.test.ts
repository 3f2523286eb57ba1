import { readFileSync } from "node:fs";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import {
  activeResources,
  engineGet,
  leakedResources,
  openApiResponseValidator,
} from "@domain-intel/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEngine } from "../engine.js";
import { silentLogger } from "../logging/logger.js";

/**
 * Faulty registries on loopback, seen through GET /whois/{domain}: RDAP answering 500, 429 with
 * Retry-After, invalid JSON or a 100 MB body, and a WHOIS server that never closes. Each ends
 * within the budget in a precise problem naming every server and what it did, and leaves no
 * socket or timer open.
 */

const key = "registration-faults-key-0123456789";
const budgetMs = 2000;
/** Nothing listens on port 43 there: the WHOIS fallback is refused at once. */
const closedWhois = "127.0.43.9";
const upstreamSecret = "stack trace of the registry: do not leak";
const registered = readFileSync(
  new URL("../probes/whois/fixtures/whois-registered.txt", import.meta.url),
  "utf8",
);

const hugeBytes = 100 * 1024 * 1024;
const chunk = Buffer.alloc(64 * 1024, 0x20);
/** What the 100 MB answers actually wrote before the client hung up. */
const streamed: number[] = [];

/** Writes `total` bytes of a JSON string in 64 KiB pieces, as fast as the client reads. */
function streamHuge(response: http.ServerResponse, declareLength: boolean): void {
  response.writeHead(200, {
    "content-type": "application/rdap+json",
    ...(declareLength ? { "content-length": String(hugeBytes) } : {}),
  });
  let written = 0;
  const record = streamed.push(0) - 1;
  const pump = () => {
    while (written < hugeBytes && !response.destroyed) {
      const piece = chunk.subarray(0, Math.min(chunk.length, hugeBytes - written));
      written += piece.length;
      streamed[record] = written;
      if (!response.write(piece)) return void response.once("drain", pump);
    }
    if (!response.destroyed) response.end();
  };
  response.on("close", () => response.removeAllListeners("drain"));
  pump();
}

let rdap: http.Server;
let base: string;

beforeAll(async () => {
  rdap = http.createServer((request, response) => {
    const path = request.url ?? "/";
    if (path.startsWith("/e500/")) {
      response.writeHead(500, { "content-type": "text/plain" }).end(upstreamSecret);
    } else if (path.startsWith("/e429/")) {
      response
        .writeHead(429, { "retry-after": "120", "content-type": "text/plain" })
        .end(upstreamSecret);
    } else if (path.startsWith("/notjson/")) {
      response
        .writeHead(200, { "content-type": "application/rdap+json" })
        .end(`{"objectClassName": "domain", "ldhName": ${upstreamSecret}`);
    } else if (path.startsWith("/huge/")) {
      streamHuge(response, false);
    } else if (path.startsWith("/huge-declared/")) {
      streamHuge(response, true);
    } else {
      response.writeHead(404).end();
    }
  });
  rdap.listen(0, "127.0.0.1");
  await new Promise((resolve) => rdap.once("listening", resolve));
  base = `http://127.0.0.1:${(rdap.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  rdap?.closeAllConnections();
  await new Promise((resolve) => rdap?.close(resolve));
});

function engineWith(rdapPath: string | undefined, whoisHost = closedWhois, whoisPort?: number) {
  return createEngine({
    keys: [key],
    network: { allowPrivateAddresses: true, timeoutMs: budgetMs },
    rdap: {
      bootstrap: {
        version: "1.0",
        publication: "2026-11-01T00:00:00Z",
        services: rdapPath === undefined ? [] : [[["test"], [`${base}${rdapPath}`]]],
      },
      whoisHints: { test: whoisHost },
      ...(whoisPort === undefined ? {} : { whoisPort }),
    },
    probes: { dns: false, ssl: false, mail: false, hosting: false },
    rateLimit: false,
    logger: silentLogger,
  });
}

async function lookup(engine: ReturnType<typeof createEngine>) {
  const answer = await engineGet(engine, "/api/v1/whois/example.test", key);
  expect(
    openApiResponseValidator(engine.openApiDocument)("/whois/{domain}", answer.status, answer.body),
  ).toEqual([]);
  expect(JSON.stringify(answer.body)).not.toContain(upstreamSecret);
  return answer;
}

/**
 * The whois probe keeps answered connections in its pool for reuse (until their keep-alive
 * ends); the server closing them must close the pool's end too.
 */
async function dropRdapConnections(): Promise<void> {
  rdap.closeAllConnections();
}

describe("RDAP faults through GET /whois/{domain}", () => {
  it.each([
    ["answering 500", "e500/", "answered HTTP 500"],
    ["answering 429 with Retry-After", "e429/", "rate limited the query (Retry-After: 120 s)"],
    ["answering invalid JSON", "notjson/", "answered with invalid JSON"],
  ])("answers 502 upstream_error for a registry %s", async (_fault, path, says) => {
    const before = await activeResources();

    const { status, body, elapsedMs } = await lookup(engineWith(path));

    expect(status).toBe(502);
    expect(body.code).toBe("upstream_error");
    expect(body.section).toMatchObject({ section: "whois", status: "error" });
    expect(body.section.error.code).toBe("upstream_error");
    expect(body.detail).toBe(
      `No registry answered for example.test: RDAP ${base}${path} ${says}; WHOIS ${closedWhois} could not be reached (ECONNREFUSED)`,
    );
    expect(elapsedMs).toBeLessThan(budgetMs);
    await dropRdapConnections();
    expect(await leakedResources(before)).toEqual({});
  });

  it.each([
    ["streamed without a length", "huge/"],
    ["declared in Content-Length", "huge-declared/"],
  ])("stops reading a 100 MB body %s at 2 MiB", async (_how, path) => {
    const before = await activeResources();
    const seen = streamed.length;

    const { status, body, elapsedMs } = await lookup(engineWith(path));

    expect(status).toBe(502);
    expect(body.code).toBe("upstream_error");
    expect(body.detail).toBe(
      `No registry answered for example.test: RDAP ${base}${path} not used: ${new URL(base).host} sent a response larger than 2097152 bytes; WHOIS ${closedWhois} could not be reached (ECONNREFUSED)`,
    );
    expect(elapsedMs).toBeLessThan(budgetMs);
    // The client hung up early: the server got to write a few MiB at most, never the 100 MB.
    const written = streamed[seen] ?? 0;
    expect(written).toBeLessThan(32 * 1024 * 1024);
    // The cut-off connection is closed by the probe itself, not pooled for reuse.
    expect(await leakedResources(before)).toEqual({});
  });
});

/**
 * WHOIS servers that never close the connection, as broken or hostile ones do: one sends a
 * full record, the other only ever a comment line; both keep writing a line every 100 ms.
 * Each listens on a free port of its own loopback address, given to the engine as
 * `rdap.whoisPort`.
 */
interface EndlessWhois {
  readonly host: string;
  readonly port: number;
  readonly queries: string[];
  /** Connections the server still holds. */
  readonly open: Set<net.Socket>;
  close(): Promise<void>;
}

/** `count()` once it reaches 0, or its value after a second. */
async function settledCount(count: () => number): Promise<number> {
  const deadline = performance.now() + 1000;
  while (count() > 0 && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return count();
}

async function startEndlessWhois(host: string, first: string): Promise<EndlessWhois | undefined> {
  const queries: string[] = [];
  const open = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    open.add(socket);
    socket.on("error", () => undefined);
    socket.once("data", (data) => {
      queries.push(data.toString("utf8").trim());
      socket.write(first);
      const timer = setInterval(() => socket.write("% still here\r\n"), 100);
      socket.on("close", () => {
        clearInterval(timer);
        open.delete(socket);
      });
    });
  });
  const listening = await new Promise<boolean>((resolve) => {
    server.once("error", () => resolve(false));
    server.listen(0, host, () => resolve(true));
  });
  if (!listening) return undefined;
  return {
    host,
    port: (server.address() as AddressInfo).port,
    queries,
    open,
    close: async () => {
      for (const socket of open) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const endlessRecord = await startEndlessWhois("127.0.0.46", registered);
const endlessChatter = await startEndlessWhois("127.0.0.47", "% Please wait, looking up...\r\n");

afterAll(async () => {
  await endlessRecord?.close();
  await endlessChatter?.close();
});

describe("WHOIS faults through GET /whois/{domain}", () => {
  it.skipIf(endlessRecord === undefined)(
    "keeps a full record from a WHOIS server that never closes, marked partial",
    async () => {
      const server = endlessRecord!;
      const before = await activeResources();

      const { status, body, elapsedMs } = await lookup(
        engineWith(undefined, server.host, server.port),
      );

      // The registration is a fact about the domain; how it was read is said in `servers`.
      expect(status).toBe(200);
      expect(body.data).toMatchObject({
        registered: true,
        source: "whois",
        registrar: { name: "Example Registrar, Inc." },
        servers: [{ kind: "whois", host: server.host, outcome: "partial" }],
      });
      // A step that ran out of time says so, where the section can still answer.
      expect(body.data.findings).toContainEqual(
        expect.objectContaining({
          id: "whois.lookup.partial",
          status: "skipped",
          details: { timedOut: [], cutShort: [`WHOIS ${server.host}`], unasked: [] },
        }),
      );
      // Read until half the budget (the other half is the fallback's), then hung up on.
      expect(elapsedMs).toBeGreaterThanOrEqual(budgetMs / 2 - 200);
      expect(elapsedMs).toBeLessThan(budgetMs + 1000);
      expect(server.queries).toEqual(["example.test"]);
      // The probe hung up: the server holds no connection once the FIN arrives.
      expect(await settledCount(() => server.open.size)).toBe(0);
      expect(await leakedResources(before)).toEqual({});
    },
  );

  it.skipIf(endlessChatter === undefined)(
    "answers 502 upstream_error when a WHOIS server that never closes never sends a record",
    async () => {
      const server = endlessChatter!;
      const before = await activeResources();

      const { status, body, elapsedMs } = await lookup(
        engineWith(undefined, server.host, server.port),
      );

      expect(status).toBe(502);
      expect(body.code).toBe("upstream_error");
      expect(body.section.error.code).toBe("upstream_error");
      expect(body.detail).toBe(
        `No registry answered for example.test: the RDAP bootstrap lists no server for .test; WHOIS ${server.host} answered without recognisable registration data`,
      );
      expect(elapsedMs).toBeLessThan(budgetMs + 1000);
      // The probe hung up: the server holds no connection once the FIN arrives.
      expect(await settledCount(() => server.open.size)).toBe(0);
      expect(await leakedResources(before)).toEqual({});
    },
  );
});
