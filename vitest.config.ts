import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const src = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    // Tests run against the sources; the built packages are exercised by the example tests.
    alias: [
      { find: /^@domain-intel\/engine$/, replacement: src("./packages/engine/src/index.ts") },
      {
        find: /^@domain-intel\/engine\/node$/,
        replacement: src("./packages/engine/src/node/index.ts"),
      },
      {
        find: /^@domain-intel\/express$/,
        replacement: src("./packages/adapter-express/src/index.ts"),
      },
      {
        find: /^@domain-intel\/fastify$/,
        replacement: src("./packages/adapter-fastify/src/index.ts"),
      },
      {
        find: /^@domain-intel\/aws-lambda$/,
        replacement: src("./packages/adapter-aws-lambda/src/index.ts"),
      },
      { find: /^@domain-intel\/redis$/, replacement: src("./packages/redis/src/index.ts") },
      { find: /^@domain-intel\/ip-data$/, replacement: src("./packages/ip-data/src/index.ts") },
      { find: /^@domain-intel\/mcp$/, replacement: src("./packages/mcp/src/index.ts") },
      {
        find: /^@domain-intel\/telemetry$/,
        replacement: src("./packages/telemetry/src/index.ts"),
      },
      { find: /^@domain-intel\/api-keys$/, replacement: src("./packages/api-keys/src/index.ts") },
      {
        find: /^@domain-intel\/swagger-ui$/,
        replacement: src("./packages/swagger-ui/src/index.ts"),
      },
      {
        find: /^@domain-intel\/test-kit$/,
        replacement: src("./packages/test-kit/src/index.ts"),
      },
      {
        find: /^@domain-intel\/test-kit\/contract-suite$/,
        replacement: src("./packages/test-kit/src/contract-suite/index.ts"),
      },
      {
        find: /^@domain-intel\/test-kit\/ssl-harness$/,
        replacement: src("./packages/test-kit/src/tls/ssl-harness.ts"),
      },
    ],
  },
  test: {
    include: ["packages/*/src/**/*.test.ts", "examples/*/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    reporters: ["default", "./test/summary-reporter.ts"],
  },
});
