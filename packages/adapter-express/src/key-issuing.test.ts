import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileKeyStore, keyIssuing } from "@domain-intel/api-keys";
import { keysFromStore, silentLogger } from "@domain-intel/engine";
import { noBuiltInProbes } from "@domain-intel/test-kit";
import express from "express";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { domainIntel } from "./index.js";

const adminSecret = "express-admin-secret-0123456789";

function options() {
  const store = fileKeyStore({ path: join(mkdtempSync(join(tmpdir(), "di-express-")), "k.json") });
  return {
    store,
    engine: {
      keys: keysFromStore({ store }),
      probes: noBuiltInProbes,
      logger: silentLogger,
      routes: [keyIssuing({ store, adminSecret })],
    } as const,
  };
}

describe("POST /keys through Express", () => {
  it("reads the body from the stream", async () => {
    const { store, engine } = options();
    const app = express().use(domainIntel(engine));
    const response = await request(app)
      .post("/api/v1/keys")
      .set("authorization", `Bearer ${adminSecret}`)
      .set("content-type", "application/json")
      .send('{"name":"raw stream"}');
    expect(response.status).toBe(201);
    expect(response.body.key).toMatch(/^di_[0-9A-Za-z]{32}$/);
    expect((await store.list()).map((record) => record.name)).toEqual(["raw stream"]);
  });

  it("uses the body a host's express.json() already parsed", async () => {
    const { store, engine } = options();
    const app = express().use(express.json()).use(domainIntel(engine));
    const response = await request(app)
      .post("/api/v1/keys")
      .set("authorization", `Bearer ${adminSecret}`)
      .send({ name: "parsed by the host", expires: "7d" });
    expect(response.status).toBe(201);
    expect(response.body.name).toBe("parsed by the host");
    expect((await store.list())[0]?.expiresAt).toBeDefined();
  });
});
