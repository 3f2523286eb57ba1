import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";

/** What the test server does with one request. */
export type RdapReply =
  | { status: number; json?: unknown; body?: string; headers?: Record<string, string> }
  | { hang: true };

export interface RdapTestServer {
  /** `http://127.0.0.1:PORT/` */
  readonly baseUrl: string;
  /** Every request path, in order. */
  readonly requests: string[];
  /** Connections accepted, whatever was sent on them. */
  readonly connections: number;
  close(): Promise<void>;
}

/** A real HTTP server on loopback answering RDAP paths through `route`. */
export async function startRdapServer(
  route: (path: string) => RdapReply,
  options: { host?: string } = {},
): Promise<RdapTestServer> {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    const path = request.url ?? "/";
    requests.push(path);
    const reply = route(path);
    if ("hang" in reply) return; // never answers; closeAllConnections ends it
    const body = reply.body ?? (reply.json === undefined ? "" : JSON.stringify(reply.json));
    response.writeHead(reply.status, {
      "content-type": "application/rdap+json",
      ...reply.headers,
    });
    response.end(body);
  });
  let connections = 0;
  server.on("connection", () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, options.host ?? "127.0.0.1", resolve));
  const { address, port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://${address}:${port}/`,
    requests,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A fresh copy of a registry's RDAP answer for a registered domain (example.com, as served). */
export function rdapDomainExample(): Record<string, unknown> {
  return JSON.parse(
    readFileSync(new URL("./fixtures/rdap-domain-example.json", import.meta.url), "utf8"),
  );
}

/** A ccTLD registry's real RDAP answer for a domain (cctld/, each upstream's licence beside it). */
export interface RdapCcTldAnswer {
  domain: string;
  /** The file in cctld/ and the project it comes from. */
  file: string;
  source: string;
  json: Record<string, unknown>;
}

/** The ccTLD registries' RDAP answers of cctld/ (see its README). */
export function rdapCcTldAnswers(): RdapCcTldAnswer[] {
  return [
    ["example.cz", "example.cz.openrdap.json", "openrdap/rdap"],
    ["nic.cz", "nic.cz.rdap-client.json", "JakubOnderka/rdap_client"],
    ["afnic.fr", "afnic.fr.rdap-client.json", "JakubOnderka/rdap_client"],
    ["test-handle.us", "valid-cc.rdap-conformance-tool.json", "icann/rdap-conformance-tool"],
  ].map(([domain, file, source]) => ({
    domain: domain!,
    file: file!,
    source: source!,
    json: JSON.parse(readFileSync(new URL(`./cctld/${file}`, import.meta.url), "utf8")),
  }));
}
