import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileKeyStore, keyIssuing } from "@domain-intel/api-keys";
import { keysFromStore, silentLogger } from "@domain-intel/engine";
import { noBuiltInProbes } from "@domain-intel/test-kit";
import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { domainIntel } from "./index.js";

const adminSecret = "fastify-admin-secret-0123456789";
const app = Fastify();
afterEach(() => app.close());

describe("POST /keys through Fastify", () => {
  it("reads the body itself, leaving the host's parsers alone", async () => {
    const store = fileKeyStore({
      path: join(mkdtempSync(join(tmpdir(), "di-fastify-")), "k.json"),
    });
    app.post("/submit", async (request) => ({ received: request.body }));
    await app.register(domainIntel, {
      keys: keysFromStore({ store }),
      probes: noBuiltInProbes,
      logger: silentLogger,
      routes: [keyIssuing({ store, adminSecret })],
    });
    const origin = await app.listen({ port: 0, host: "127.0.0.1" });
    const headers = { authorization: `Bearer ${adminSecret}`, "content-type": "application/json" };
    const created = await fetch(`${origin}/api/v1/keys`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "via fastify" }),
    });
    expect(created.status).toBe(201);
    const issued = (await created.json()) as { key: string; name: string };
    expect(issued.name).toBe("via fastify");
    const use = await fetch(`${origin}/api/v1/openapi.json`);
    expect(((await use.json()) as { paths: object }).paths).toHaveProperty("/keys");
    const huge = await fetch(`${origin}/api/v1/keys`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "x".repeat(1024 * 1024) }),
    });
    expect(huge.status).toBe(400);
    const host = await fetch(`${origin}/submit`, { method: "POST", headers, body: '{"a":1}' });
    expect(await host.json()).toEqual({ received: { a: 1 } });
    expect((await store.list()).map((record) => record.name)).toEqual(["via fastify"]);
  });
});
