import type { Server } from "node:http";
import { fetchContractApp, runContractSuite } from "@domain-intel/test-kit/contract-suite";
import express from "express";
import { domainIntel } from "./index.js";

runContractSuite({
  streamsResults: true,
  name: "Express",
  async start(options) {
    const app = express();
    app.get("/", (_request, response) => {
      response.send("host home");
    });
    app.use(domainIntel(options));
    const server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    return fetchContractApp(
      server,
      () => new Promise<void>((resolve) => server.close(() => resolve())),
    );
  },
});
