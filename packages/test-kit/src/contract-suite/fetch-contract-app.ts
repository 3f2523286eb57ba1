import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ContractApp } from "./contract-suite.js";

/**
 * A ContractApp for a host listening on loopback: real HTTP over a socket, through fetch.
 * Bodies go out as bytes so that no Content-Type is added that the case did not ask for.
 */
export function fetchContractApp(server: Server, close: () => Promise<void>): ContractApp {
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    async request({ method = "GET", path, headers = {}, body }) {
      const response = await fetch(`http://127.0.0.1:${port}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: Buffer.from(body) }),
      });
      return {
        status: response.status,
        headers: Object.fromEntries(response.headers),
        body: Buffer.from(await response.arrayBuffer()),
      };
    },
    close,
  };
}
