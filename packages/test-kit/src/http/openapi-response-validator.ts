import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { OpenAPIObject, ResponseObject } from "openapi3-ts/oas31";

/**
 * Validates a response body against the schema the OpenAPI document declares for
 * `GET path` (or `method`) and `status`, resolving `$ref`s within the document, with a real
 * validator.
 */
export function openApiResponseValidator(document: OpenAPIObject) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const id = "https://domain-intel.test/openapi.json";
  ajv.addSchema({ $id: id, components: document.components }, id);

  return (path: string, status: number, body: unknown, method = "get"): string[] => {
    const operation = document.paths?.[path]?.[method as "get"];
    if (!operation) return [`no ${method.toUpperCase()} ${path} in the document`];
    let response = operation.responses?.[String(status)] as
      | ResponseObject
      | { $ref: string }
      | undefined;
    if (response && "$ref" in response) {
      response = document.components?.responses?.[
        response.$ref.split("/").pop()!
      ] as ResponseObject;
    }
    if (!response) return [`no ${status} response for GET ${path}`];
    const media =
      response.content?.["application/json"] ?? response.content?.["application/problem+json"];
    const schema = media?.schema as { $ref?: string } | undefined;
    if (!schema?.$ref) return [`no schema for GET ${path} ${status}`];
    const validate = ajv.getSchema(`${id}${schema.$ref}`);
    if (!validate) return [`cannot resolve ${schema.$ref}`];
    return validate(body)
      ? []
      : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
  };
}
