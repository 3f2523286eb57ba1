import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import {
  createClient,
  type DomainIntelClient,
  DomainIntelProblemError,
  type SectionName,
} from "@domain-intel/client";
import { type Engine, silentLogger } from "@domain-intel/engine";
import { expect, it } from "vitest";
import { contractKey } from "./contract-peers.js";
import type { ContractApp, ContractHost } from "./contract-suite.js";

/** A fetch that hands each request to the app, for hosts called in process (Lambda). */
export function appFetch(app: ContractApp): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const body = request.body
      ? Buffer.from(await request.arrayBuffer()).toString("utf8")
      : undefined;
    const answer = await app.request({
      method: request.method,
      path: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers),
      ...(body === undefined ? {} : { body }),
    });
    const empty = answer.status === 204 || answer.status === 304 || request.method === "HEAD";
    return new Response(empty ? null : answer.body, {
      status: answer.status,
      headers: answer.headers,
    });
  };
}

/** The client over real HTTP where the host listens, through the app otherwise. */
function clientOf(app: ContractApp, key = contractKey): DomainIntelClient {
  return app.origin
    ? createClient({ baseUrl: `${app.origin}/api/v1`, key })
    : createClient({ baseUrl: "http://lambda.invalid/api/v1", key, fetch: appFetch(app) });
}

async function problemOf(call: Promise<unknown>): Promise<DomainIntelProblemError> {
  const error = await call.then(
    () => undefined,
    (rejected: unknown) => rejected,
  );
  expect(error).toBeInstanceOf(DomainIntelProblemError);
  return error as DomainIntelProblemError;
}

/** What the client's build generated, and what the same generator makes of `document`. */
async function clientTypes(document: unknown): Promise<{ built: string; fresh: string }> {
  const root = dirname(createRequire(import.meta.url).resolve("@domain-intel/client/package.json"));
  const { readFile } = await import("node:fs/promises");
  const built = await readFile(join(root, "src/generated/openapi.ts"), "utf8").catch(() => {
    throw new Error("packages/client/src/generated/openapi.ts is missing: run pnpm build");
  });
  const { typesOf } = (await import(
    pathToFileURL(join(root, "scripts/openapi-types.mjs")).href
  )) as { typesOf(document: unknown): Promise<string> };
  return { built, fresh: await typesOf(document) };
}

/**
 * `@domain-intel/client` against the host: every route through its typed functions, errors
 * as its problem type, and its generated types held to the document the host serves.
 */
export function clientCases(
  host: ContractHost,
  context: { app(): ContractApp; reference(): Engine },
): void {
  it("serves every call of the typed client, errors as its problem type", async () => {
    const client = clientOf(context.app());
    const report = await client.report({ domain: "EXAMPLE.test." });
    expect(report.domain).toBe("example.test");
    expect(report.sections.dns.data?.records.A).toEqual([{ address: "127.0.0.1", ttl: 300 }]);
    for (const name of ["whois", "dns", "ssl", "http", "mail", "hosting"] as const) {
      const envelope = await client[name]({ domain: "example.test" });
      expect(envelope, name).toMatchObject({ section: name, status: "ok", domain: "example.test" });
    }
    const echo = await client.section({ section: "echo", domain: "example.test", refresh: true });
    expect(echo).toMatchObject({ section: "echo", status: "ok", cache: "miss" });
    const history = await client.history({ domain: "example.test" });
    expect(history.snapshots.map((snapshot) => snapshot.section)).toContain("dns");
    expect(await client.watch({ since: new Date(0) })).toMatchObject({ domains: [], changes: [] });
    // As JSON: the engine's document holds TypeBox's symbols beside the schemas.
    expect(await client.openApi()).toEqual(
      JSON.parse(JSON.stringify(context.reference().openApiDocument)),
    );

    const job = await client.batch.create({
      domains: ["three.example.test", "not a name"],
      sections: ["echo" as SectionName],
    });
    expect(job).toMatchObject({ total: 1, invalid: [{ domain: "not a name" }] });
    const seen: string[] = [];
    const done = await client.batch.poll({
      id: job.id,
      intervalMs: 20,
      onProgress: (progress) => seen.push(progress.status),
    });
    expect(done).toMatchObject({ status: "done", done: 1, failed: 0 });
    expect(seen.at(-1)).toBe("done");
    const lines = [];
    for await (const line of client.batch.results({ id: job.id })) lines.push(line);
    expect(lines).toEqual([
      {
        domain: "three.example.test",
        sections: { echo: expect.objectContaining({ section: "echo", status: "ok" }) },
      },
    ]);
    const summary = await client.batch.summary({ id: job.id });
    expect(summary.domains.map((row) => row.domain)).toEqual(["three.example.test"]);
    expect(summary.domains[0]?.sections.echo).toMatchObject({ mark: "ok" });
    expect((await client.batch.cancel({ id: job.id })).status).toBe("done");

    const invalid = await problemOf(client.dns({ domain: "192.0.2.1" }));
    expect(invalid).toMatchObject({ status: 400, code: "invalid_domain" });
    expect(invalid.problem?.type).toMatch(/invalid-domain$/);
    const missing = await problemOf(client.batch.get({ id: "no-such-job" }));
    expect(missing).toMatchObject({ status: 404, code: "not_found" });
    const upstream = await problemOf(
      client.section({ section: "upstream", domain: "down.example.test" }),
    );
    expect(upstream).toMatchObject({ status: 502, code: "upstream_error" });
    const refused = await problemOf(
      clientOf(context.app(), "not-a-key").whois({ domain: "example.test" }),
    );
    expect(refused).toMatchObject({ status: 401, code: "unauthorized" });
    expect(refused.message).not.toContain("not-a-key");
  }, 30_000);

  it("serves the document the client's types were generated from", async () => {
    // An engine with its defaults: what the client's build generates its types from.
    const app = await host.start({ keys: [contractKey], logger: silentLogger });
    try {
      const document = await clientOf(app).openApi();
      const { built, fresh } = await clientTypes(document);
      expect(fresh.split("\n"), "regenerate with pnpm build").toEqual(built.split("\n"));
    } finally {
      await app.close();
    }
  }, 30_000);
}
