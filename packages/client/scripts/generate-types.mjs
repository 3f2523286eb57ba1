// Writes src/generated/openapi.ts from the OpenAPI document of an engine with its defaults
// (every built-in section, batch, history and the fleet summaries). Run by `pnpm build`,
// after the engine is built.
import { mkdirSync, writeFileSync } from "node:fs";
import { createEngine, silentLogger } from "@domain-intel/engine";
import { typesOf } from "./openapi-types.mjs";

const engine = createEngine({ keys: ["generate-types"], logger: silentLogger });
try {
  const target = new URL("../src/generated/", import.meta.url);
  mkdirSync(target, { recursive: true });
  writeFileSync(new URL("openapi.ts", target), await typesOf(engine.openApiDocument));
} finally {
  await engine.close();
}
