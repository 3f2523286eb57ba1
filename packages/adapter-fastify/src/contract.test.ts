import type { Server } from "node:http";
import { fetchContractApp, runContractSuite } from "@domain-intel/test-kit/contract-suite";
import Fastify from "fastify";
import { domainIntel } from "./index.js";

runContractSuite({
  streamsResults: true,
  name: "Fastify",
  // find-my-way refuses such a URL before routing (see README).
  routerRejectsBadPercentEncoding: true,
  async start(options) {
    const app = Fastify();
    app.get("/", async () => "host home");
    await app.register(domainIntel, options);
    await app.listen({ port: 0, host: "127.0.0.1" });
    return fetchContractApp(app.server as Server, () => app.close());
  },
});
