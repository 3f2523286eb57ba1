// An existing Fastify app that adds the domain-intel API under /api/v1.

import { domainIntel } from "@domain-intel/fastify";
import { swaggerUi } from "@domain-intel/swagger-ui";
import Fastify from "fastify";

const app = Fastify();

app.get("/", async () => "My app. The domain API lives under /api/v1 (reference: /api/v1/docs).");

await app.register(domainIntel, {
  keys: [process.env.API_KEY ?? "change-me-dev-key"],
  network: {
    // Optional: your own resolvers, e.g. RESOLVERS=1.1.1.1,9.9.9.9
    ...(process.env.RESOLVERS ? { resolvers: process.env.RESOLVERS.split(",") } : {}),
    allowPrivateAddresses: process.env.ALLOW_PRIVATE === "1",
  },
  routes: [swaggerUi()], // the reference page at /api/v1/docs
  // Fastify's own option: PREFIX=/tools serves /tools/api/v1/...
  ...(process.env.PREFIX ? { prefix: process.env.PREFIX } : {}),
});

const address = await app.listen({ port: Number(process.env.PORT ?? 3000), host: "127.0.0.1" });
console.log(`listening on ${address}`);
process.on("SIGTERM", () => app.close());
