import { openApiResponseValidator } from "@domain-intel/test-kit";
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { OpenAPIObject } from "openapi3-ts/oas31";
import { describe, expect, it } from "vitest";
import type { Probe } from "../../contract/probe.js";
import { createEngine, type Engine } from "../../engine.js";
import { dnsProbe } from "../../probes/dns/index.js";

const engine = createEngine({ keys: ["k"] });
const document = engine.openApiDocument;

async function expectValidOpenApi(candidate: OpenAPIObject): Promise<void> {
  const validator = new Validator();
  const result = await validator.validate(JSON.parse(JSON.stringify(candidate)));
  expect(result.errors ?? []).toEqual([]);
  expect(result.valid).toBe(true);
  expect(validator.version).toBe("3.1");
}

/** Checks every response example of `candidate` against its own schema; returns how many. */
function expectExamplesValid(candidate: OpenAPIObject): number {
  const validate = openApiResponseValidator(candidate);
  let checked = 0;
  for (const [path, item] of Object.entries(candidate.paths ?? {})) {
    for (const [status, response] of Object.entries(item.get?.responses ?? {})) {
      const resolved =
        "$ref" in (response as object)
          ? candidate.components?.responses?.[(response as { $ref: string }).$ref.split("/").pop()!]
          : response;
      const content =
        (resolved as { content?: Record<string, { example?: unknown }> }).content ?? {};
      for (const media of Object.values(content)) {
        if (media.example === undefined) continue;
        expect(validate(path, Number(status), media.example), `${path} ${status}`).toEqual([]);
        checked++;
      }
    }
  }
  return checked;
}

/** The document as a client gets it: `GET {basePath}/openapi.json`, no key. */
async function servedDocument(from: Engine) {
  const response = await from.handle({ method: "GET", url: "/api/v1/openapi.json", headers: {} });
  expect(response.status).toBe(200);
  return JSON.parse(Buffer.from(response.body).toString("utf8")) as OpenAPIObject;
}

const okExample = (candidate: OpenAPIObject, path: string) =>
  // biome-ignore lint/suspicious/noExplicitAny: the example is read field by field.
  (candidate.paths?.[path]?.get?.responses?.["200"] as any)?.content["application/json"].example;

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    await expectValidOpenApi(document);
  });

  it("declares the GET routes, history, openapi.json, the batch routes and bearer security", () => {
    expect(Object.keys(document.paths ?? {}).sort()).toEqual(
      [
        "/batch",
        "/batch/{id}",
        "/batch/{id}/results",
        "/dns/{domain}",
        "/domain/{domain}",
        "/history/{domain}",
        "/hosting/{domain}",
        "/http/{domain}",
        "/mail/{domain}",
        "/openapi.json",
        "/ssl/{domain}",
        "/whois/{domain}",
      ].sort(),
    );
    expect(document.components?.securitySchemes?.bearerAuth).toMatchObject({
      type: "http",
      scheme: "bearer",
    });
    expect(document.paths?.["/dns/{domain}"]?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths?.["/openapi.json"]?.get?.security).toEqual([]);
    expect(document.paths?.["/batch"]?.post?.security).toEqual([{ bearerAuth: [] }]);
    expect(
      Object.keys(document.paths?.["/batch/{id}/results"]?.get?.responses?.["200"]?.content ?? {}),
    ).toEqual(["application/x-ndjson"]);
  });

  it("has schemas that compile under strict JSON Schema 2020-12", () => {
    const ajv = new Ajv2020({ strict: true, strictRequired: false });
    addFormats.default(ajv);
    ajv.addKeyword("example");
    const id = "https://domain-intel.test/strict.json";
    const defs = JSON.parse(
      JSON.stringify(document.components?.schemas ?? {}).replaceAll(
        "#/components/schemas/",
        `${id}#/$defs/`,
      ),
    );
    ajv.addSchema({ $id: id, $defs: defs });
    for (const name of Object.keys(defs)) {
      expect(() => ajv.compile({ $ref: `${id}#/$defs/${name}` }), name).not.toThrow();
    }
  });

  it("has examples that validate against their own schemas", () => {
    // Four 200 examples (three sections and the report) and the problems of every route.
    expect(expectExamplesValid(document)).toBeGreaterThanOrEqual(4 + 4 * 6);
  });

  it("publishes the built-in probes' own summaries and examples", () => {
    const dns = dnsProbe();
    expect(document.paths?.["/dns/{domain}"]?.get?.summary).toBe(dns.summary);
    expect(okExample(document, "/dns/{domain}")).toMatchObject({
      section: "dns",
      status: "ok",
      data: dns.example,
    });
    expect(Object.keys(okExample(document, "/domain/{domain}").sections)).toEqual([
      "whois",
      "dns",
      "ssl",
      "http",
      "mail",
      "hosting",
    ]);
  });

  it("documents a custom section from its probe: summary, schema and example", async () => {
    const uptime: Probe<{ up: boolean }> = {
      summary: "Whether the site answers.",
      dataSchema: {
        type: "object",
        required: ["up"],
        properties: { up: { type: "boolean" } },
        additionalProperties: false,
      },
      example: { up: true },
      run: () => ({ up: true }),
    };
    const served = await servedDocument(createEngine({ keys: ["k"], probes: { uptime } }));
    expect(served.paths?.["/uptime/{domain}"]?.get?.summary).toBe("Whether the site answers.");
    expect(served.components?.schemas?.UptimeData).toEqual(uptime.dataSchema);
    expect(okExample(served, "/uptime/{domain}")).toMatchObject({
      domain: "example.com",
      section: "uptime",
      status: "ok",
      data: { up: true },
    });
    const report = okExample(served, "/domain/{domain}");
    expect(Object.keys(report.sections)).toEqual([
      "whois",
      "dns",
      "ssl",
      "http",
      "mail",
      "hosting",
      "uptime",
    ]);
    expect(report.sections.uptime.data).toEqual({ up: true });
    await expectValidOpenApi(served);
    // Five 200 examples now: four sections and the report.
    expect(expectExamplesValid(served)).toBeGreaterThanOrEqual(5 + 5 * 6);
  });

  it("documents a replaced probe by what it carries, never the built-in's example", async () => {
    const served = await servedDocument(
      createEngine({
        keys: ["k"],
        probes: { dns: { summary: "Our own DNS check.", run: () => ({ resolved: true }) } },
      }),
    );
    expect(served.paths?.["/dns/{domain}"]?.get?.summary).toBe("Our own DNS check.");
    expect(okExample(served, "/dns/{domain}")).toBeUndefined();
    expect(served.components?.schemas?.DnsData).toEqual({
      description: "Data of the dns section.",
    });
    // The report's schema requires every section, so without a dns example it has none.
    expect(okExample(served, "/domain/{domain}")).toBeUndefined();
    expect(JSON.stringify(served)).not.toContain(JSON.stringify(dnsProbe().example));
    expect(okExample(served, "/ssl/{domain}")).toMatchObject({ section: "ssl", status: "ok" });
    await expectValidOpenApi(served);
    expect(expectExamplesValid(served)).toBeGreaterThanOrEqual(2 + 4 * 6);
  });

  it("gives a probe without a summary a generic one", async () => {
    const served = await servedDocument(
      createEngine({ keys: ["k"], probes: { ping: { run: () => ({}) } } }),
    );
    expect(served.paths?.["/ping/{domain}"]?.get?.summary).toBe("The ping section.");
  });

  it("is the same bytes for the same configuration", () => {
    expect(JSON.stringify(createEngine({ keys: ["other"] }).openApiDocument)).toBe(
      JSON.stringify(document),
    );
  });
});
