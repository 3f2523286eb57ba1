import { openApiResponseValidator } from "@domain-intel/test-kit";
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { createEngine } from "../../engine.js";

const engine = createEngine({ keys: ["k"] });
const document = engine.openApiDocument;

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(JSON.stringify(document)));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("declares the four GET routes, openapi.json and bearer security", () => {
    expect(Object.keys(document.paths ?? {}).sort()).toEqual(
      [
        "/dns/{domain}",
        "/domain/{domain}",
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
    const validate = openApiResponseValidator(document);
    let checked = 0;
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const [status, response] of Object.entries(item.get?.responses ?? {})) {
        const resolved =
          "$ref" in (response as object)
            ? document.components?.responses?.[
                (response as { $ref: string }).$ref.split("/").pop()!
              ]
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
    // Four 200 examples (three sections and the report) and the problems of every route.
    expect(checked).toBeGreaterThanOrEqual(4 + 4 * 6);
  });

  it("is the same bytes for the same configuration", () => {
    expect(JSON.stringify(createEngine({ keys: ["other"] }).openApiDocument)).toBe(
      JSON.stringify(document),
    );
  });
});
