import { describe, expect, it } from "vitest";
import { responseToResult } from "./response-to-result.js";

const response = (type: string | undefined, bytes: Uint8Array, status = 200) => ({
  status,
  headers: { ...(type ? { "content-type": type } : {}), "content-length": String(bytes.length) },
  body: bytes,
});

describe("responseToResult", () => {
  it("sends text as UTF-8 text, so a REST API without binaryMediaTypes passes it on", () => {
    for (const type of [
      "application/json; charset=utf-8",
      "application/problem+json; charset=utf-8",
      "application/x-ndjson; charset=utf-8",
      "text/html; charset=utf-8",
      "text/css; charset=utf-8",
      "text/javascript; charset=utf-8",
    ]) {
      const result = responseToResult(response(type, Buffer.from('{"ü":1}')));
      expect(result, type).toMatchObject({ isBase64Encoded: false, body: '{"ü":1}' });
    }
  });

  it("sends anything else as base64, byte for byte", () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff]);
    for (const type of ["image/png", undefined]) {
      const result = responseToResult(response(type, png));
      expect(result.isBase64Encoded).toBe(true);
      expect(Buffer.from(result.body, "base64").equals(Buffer.from(png))).toBe(true);
    }
  });

  it("keeps the status and every header, and sends an empty body for HEAD and 304", () => {
    const result = responseToResult({
      status: 304,
      headers: { etag: 'W/"x"', "cache-control": "private, max-age=60" },
      body: new Uint8Array(0),
    });
    expect(result).toEqual({
      statusCode: 304,
      headers: { etag: 'W/"x"', "cache-control": "private, max-age=60" },
      body: "",
      isBase64Encoded: false,
    });
  });

  it("reads only the body's own bytes from a shared buffer", () => {
    const pool = Buffer.from("xxx{}yyy");
    const result = responseToResult(response("application/json", pool.subarray(3, 5)));
    expect(result.body).toBe("{}");
  });
});
