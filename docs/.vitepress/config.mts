import { defineConfig } from "vitepress";

// Built in CI with `pnpm docs:build`, offline: a dead link between pages fails the build.
export default defineConfig({
  title: "domain-intel",
  description:
    "A domain intelligence API you embed in your own Node.js service: registration, DNS, TLS, web, mail and hosting.",
  cleanUrls: true,
  lastUpdated: false,
  themeConfig: {
    nav: [
      { text: "Guides", link: "/guide/getting-started" },
      { text: "Reference", link: "/reference/http-api" },
      { text: "Performance", link: "/performance" },
    ],
    sidebar: [
      {
        text: "Guides",
        items: [
          { text: "Getting started", link: "/guide/getting-started" },
          { text: "Embed in Express", link: "/guide/express" },
          { text: "Embed in Fastify", link: "/guide/fastify" },
          { text: "Run on AWS Lambda", link: "/guide/lambda" },
          { text: "Run serve", link: "/guide/serve" },
          { text: "Fleets and webhooks", link: "/guide/fleets" },
          { text: "The typed client", link: "/guide/client" },
          { text: "Operations and metrics", link: "/guide/operations" },
          { text: "MCP for agents", link: "/guide/mcp" },
        ],
      },
      {
        text: "Reference",
        items: [
          { text: "HTTP API", link: "/reference/http-api" },
          { text: "Options and variables", link: "/reference/options" },
          { text: "Findings", link: "/reference/findings" },
        ],
      },
      { text: "Performance", link: "/performance" },
    ],
    search: { provider: "local" },
  },
});
