// An existing Express app that adds the domain-intel API under /api/v1.

import { domainIntel } from "@domain-intel/express";
import express from "express";

const app = express();

app.get("/", (_request, response) => {
  response.send("My app. The domain API lives under /api/v1 (see /api/v1/openapi.json).");
});

app.use(
  domainIntel({
    keys: [process.env.API_KEY ?? "change-me-dev-key"],
    network: {
      // Optional: your own resolvers, e.g. RESOLVERS=1.1.1.1,9.9.9.9
      ...(process.env.RESOLVERS ? { resolvers: process.env.RESOLVERS.split(",") } : {}),
      allowPrivateAddresses: process.env.ALLOW_PRIVATE === "1",
    },
  }),
);

const server = app.listen(Number(process.env.PORT ?? 3000), "127.0.0.1", () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
process.on("SIGTERM", () => server.close());
