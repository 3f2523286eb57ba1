import { createRequire } from "node:module";
import { dirname } from "node:path";
import { defineConfig } from "vitepress";

// Pages outside docs/ (the READMEs) import Vue from where they are, where pnpm installed none.
const vue = dirname(createRequire(import.meta.url).resolve("vue/package.json"));

const packages = [
  ["engine", "@domain-intel/engine"],
  ["adapter-express", "@domain-intel/express"],
  ["adapter-fastify", "@domain-intel/fastify"],
  ["adapter-aws-lambda", "@domain-intel/aws-lambda"],
  ["redis", "@domain-intel/redis"],
  ["api-keys", "@domain-intel/api-keys"],
  ["swagger-ui", "@domain-intel/swagger-ui"],
  ["mcp", "@domain-intel/mcp"],
  ["telemetry", "@domain-intel/telemetry"],
  ["client", "@domain-intel/client"],
  ["cli", "@domain-intel/cli"],
  ["test-kit", "@domain-intel/test-kit (private)"],
];

/*
 * Built in CI with `pnpm docs:build`, offline. The site's sources are the whole repository: the
 * guides under docs/, the root README (the home page) and each package's README, so the links
 * between all of them are checked, and a dead one fails the build.
 */
export default defineConfig({
  srcDir: "..",
  srcExclude: [
    "**/node_modules/**",
    "**/dist/**",
    "**/test-output/**",
    ".changeset/**",
    "packages/*/src/**",
    "examples/**",
    "bench/**",
    "SECURITY.md",
  ],
  // The README is the home page: its links into docs/ and packages/ resolve as they do on GitHub.
  rewrites: { "README.md": "index.md" },
  vite: { resolve: { alias: [{ find: /^vue($|\/)/, replacement: `${vue}$1` }] } },
  title: "domain-intel",
  description:
    "A domain intelligence API you embed in your own Node.js service: registration, DNS, TLS, web, mail and hosting.",
  cleanUrls: true,
  lastUpdated: false,
  themeConfig: {
    nav: [
      { text: "Guides", link: "/docs/guide/getting-started" },
      { text: "Reference", link: "/docs/reference/http-api" },
      { text: "Performance", link: "/docs/performance" },
    ],
    sidebar: [
      {
        text: "Guides",
        items: [
          { text: "Getting started", link: "/docs/guide/getting-started" },
          { text: "Embed in Express", link: "/docs/guide/express" },
          { text: "Embed in Fastify", link: "/docs/guide/fastify" },
          { text: "Run on AWS Lambda", link: "/docs/guide/lambda" },
          { text: "Run serve", link: "/docs/guide/serve" },
          { text: "Fleets and webhooks", link: "/docs/guide/fleets" },
          { text: "The typed client", link: "/docs/guide/client" },
          { text: "Operations and metrics", link: "/docs/guide/operations" },
          { text: "MCP for agents", link: "/docs/guide/mcp" },
        ],
      },
      {
        text: "Reference",
        items: [
          { text: "HTTP API", link: "/docs/reference/http-api" },
          { text: "Options and variables", link: "/docs/reference/options" },
          { text: "Findings", link: "/docs/reference/findings" },
        ],
      },
      { text: "Performance", link: "/docs/performance" },
      {
        text: "Packages",
        items: packages.map(([folder, name]) => ({
          text: name,
          link: `/packages/${folder}/README`,
        })),
      },
    ],
    search: { provider: "local" },
  },
});
