import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseBearerToken } from "./bearer-token.js";
import { staticKeys } from "./static-keys.js";

const sha = (key: string) => `sha256:${createHash("sha256").update(key).digest("hex")}`;

describe("staticKeys", () => {
  it("accepts plain keys and sha256 digests, refuses everything else", async () => {
    const verifier = staticKeys({ keys: ["plain-key-1", sha("hashed-key-2")] });
    const plain = await verifier.verify("plain-key-1");
    const hashed = await verifier.verify("hashed-key-2");
    expect(plain?.id).toMatch(/^key_[0-9a-f]{8}$/);
    expect(hashed?.id).toMatch(/^key_[0-9a-f]{8}$/);
    expect(plain?.id).not.toBe(hashed?.id);
    expect(await verifier.verify("plain-key-2")).toBeNull();
    expect(await verifier.verify(sha("hashed-key-2"))).toBeNull();
    expect(await verifier.verify("")).toBeNull();
  });

  it("never exposes the key in the identity", async () => {
    const identity = await staticKeys({ keys: ["secret-value"] }).verify("secret-value");
    expect(JSON.stringify(identity)).not.toContain("secret-value");
  });

  it.each([
    [{ keys: [] }, "options.keys"],
    [{ keys: [""] }, "options.keys[0]"],
    [{ keys: ["ok", 42] }, "options.keys[1]"],
    [{ keys: ["sha256:abc"] }, "options.keys[0]"],
  ])("throws a TypeError naming the option for %j", (options, name) => {
    expect(() => staticKeys(options as never)).toThrow(TypeError);
    expect(() => staticKeys(options as never)).toThrow(name);
  });
});

describe("parseBearerToken", () => {
  it.each([
    [undefined, { kind: "missing" }],
    ["", { kind: "missing" }],
    ["Bearer abc.DEF-123_~+/=", { kind: "token", token: "abc.DEF-123_~+/=" }],
    ["bearer abc", { kind: "token", token: "abc" }],
    ["Basic dXNlcjpwYXNz", { kind: "malformed" }],
    ["Bearer", { kind: "malformed" }],
    ["Bearer a b", { kind: "malformed" }],
    ["Bearer ä", { kind: "malformed" }],
    [`Bearer ${"a".repeat(5000)}`, { kind: "malformed" }],
  ])("%j → %j", (header, expected) => {
    expect(parseBearerToken(header)).toEqual(expected);
  });
});
