import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileKeyStore, keyIssuing } from "@domain-intel/api-keys";
import { keysFromStore, silentLogger } from "@domain-intel/engine";
import { httpApiEvent, noBuiltInProbes, restApiEvent, resultBody } from "@domain-intel/test-kit";
import { describe, expect, it } from "vitest";
import { createHandler } from "./index.js";

const adminSecret = "lambda-admin-secret-0123456789";

describe("POST /keys through Lambda", () => {
  it("passes the decoded body on, for payload 1.0 (text) and 2.0 (base64)", async () => {
    const store = fileKeyStore({ path: join(mkdtempSync(join(tmpdir(), "di-lambda-")), "k.json") });
    const handler = createHandler({
      keys: keysFromStore({ store }),
      probes: noBuiltInProbes,
      logger: silentLogger,
      routes: [keyIssuing({ store, adminSecret })],
    });
    const request = (name: string) => ({
      method: "POST",
      path: "/api/v1/keys",
      headers: { authorization: `Bearer ${adminSecret}`, "content-type": "application/json" },
      body: JSON.stringify({ name }),
    });
    for (const [name, event] of [
      ["rest", restApiEvent(request("from rest api"))],
      ["http", httpApiEvent(request("from http api"))],
    ] as const) {
      const result = await handler(event);
      expect(result.statusCode, name).toBe(201);
      expect(JSON.parse(resultBody(result).toString()).key).toMatch(/^di_/);
    }
    expect((await store.list()).map((record) => record.name)).toEqual([
      "from rest api",
      "from http api",
    ]);
    const tooBig = await handler(httpApiEvent({ ...request("x".repeat(40_000)) }));
    expect(tooBig.statusCode).toBe(400);
  });
});
