import https from "node:https";
import type { AddressInfo } from "node:net";

/** One canned answer of the test HTTPS server. */
export interface HttpsAnswer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

export interface TestHttpsServer {
  readonly host: string;
  readonly port: number;
  /** Every request path received, in order. */
  readonly requests: string[];
  close(): Promise<void>;
}

/**
 * A real HTTPS server on loopback answering each path from `routes` (404 otherwise), with the
 * given key and chain: an MTA-STS policy host, a redirecting one, one with the wrong certificate.
 */
export async function startHttpsServer(options: {
  certificate: { keyPem: string; certPem: string };
  routes: Record<string, HttpsAnswer>;
  host?: string;
  port?: number;
}): Promise<TestHttpsServer> {
  const requests: string[] = [];
  const server = https.createServer(
    { key: options.certificate.keyPem, cert: options.certificate.certPem },
    (request, response) => {
      const path = request.url ?? "/";
      requests.push(path);
      const answer = options.routes[path] ?? { status: 404, body: "not found" };
      response.writeHead(answer.status, { "content-type": "text/plain", ...answer.headers });
      response.end(answer.body ?? "");
    },
  );
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  return {
    host: address.address,
    port: address.port,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
