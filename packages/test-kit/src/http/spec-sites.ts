import type { IncomingMessage, ServerResponse } from "node:http";
import tls from "node:tls";
import {
  startDnsServer,
  type TestDnsServer,
  type ZoneRecords,
  zoneHandler,
} from "../dns/dns-server.js";
import { createCertificate, createTestPki } from "../tls/certificates.js";
import { startWebPeer, type WebPeer } from "./web-peers.js";

/** One loopback site: what its HTTPS and http sides answer, by host name. */
export interface SiteSpec {
  /** The name the http section is asked about. */
  host: string;
  /** The http chain, URLs without ports, each redirecting to the next; null: http does not answer. */
  http: string[] | null;
  /** `none`: the host resolves to the second address, where nothing answers HTTPS. */
  https: "ok" | "none" | "invalid-cert";
  page: {
    status: number;
    headers: Record<string, string | string[]>;
    body: string;
  };
  /** Headers of the answer to a CORS preflight (`{origin}`: the Origin the request sent). */
  cors: Record<string, string> | null;
}

export interface SpecSites {
  readonly dns: TestDnsServer;
  /** Each host name and the address it resolves to (for a tool that resolves on its own). */
  readonly addresses: ReadonlyMap<string, string>;
  /** The test root (PEM) the probe must trust. */
  readonly ca: string;
  readonly httpsPort: number;
  readonly httpPort: number;
  close(): Promise<void>;
}

const hostOf = (url: string) => new URL(url).hostname;

/**
 * Loopback HTTPS and http servers answering for every site at once, by host name, with a DNS
 * server resolving the names (127.0.0.1; 127.0.0.2 for sites without HTTPS, where a second
 * http server listens on the same port; or the addresses given). One certificate names every host; sites meant to have
 * an untrusted certificate get a self-signed one through SNI.
 */
export async function startSpecSites(
  specs: readonly SiteSpec[],
  options: {
    /** Where the sites live, and where those without HTTPS live. Default 127.0.0.1, 127.0.0.2. */
    addresses?: [string, string];
    /** Fixed ports (443 and 80 for a tool that cannot be told others; needs root). Default: any. */
    ports?: { https: number; http: number };
  } = {},
): Promise<SpecSites> {
  const [address, noHttpsAddress] = options.addresses ?? ["127.0.0.1", "127.0.0.2"];
  const byHost = new Map<string, SiteSpec>();
  for (const spec of specs) {
    for (const host of [spec.host, ...(spec.http ?? []).map(hostOf)]) byHost.set(host, spec);
  }
  const trusted = [...byHost]
    .filter(([, spec]) => spec.https !== "invalid-cert")
    .map(([host]) => host);
  const untrusted = new Set(
    [...byHost].filter(([, spec]) => spec.https === "invalid-cert").map(([host]) => host),
  );
  const pki = await createTestPki({ name: "Spec Sites" });
  const leaf = await pki.issueLeaf({
    commonName: trusted[0] ?? "localhost",
    subjectAltNames: trusted,
  });
  const selfSigned = await createCertificate({
    commonName: "untrusted",
    subjectAltNames: [...untrusted],
  });
  const untrustedContext = tls.createSecureContext({
    key: selfSigned.keyPem,
    cert: selfSigned.certPem,
  });
  const ports = { https: 0, http: 0 };
  const withPort = (url: string) => {
    const target = new URL(url);
    target.port = String(target.protocol === "https:" ? ports.https : ports.http);
    return target.href;
  };
  const answer =
    (scheme: "http" | "https") => (request: IncomingMessage, response: ServerResponse) => {
      const authority =
        request.headers.host ?? (request.headers[":authority"] as string | undefined) ?? "";
      const host = authority.replace(/:\d+$/, "").toLowerCase();
      const spec = byHost.get(host);
      const url = `${scheme}://${host}${request.url ?? "/"}`;
      if (!spec) return notFound(response);
      if (scheme === "http" && spec.http === null) {
        request.socket.destroy();
        return;
      }
      if (request.method === "OPTIONS") {
        const origin = String(request.headers.origin ?? "");
        const headers = Object.fromEntries(
          Object.entries(spec.cors ?? {}).map(([name, value]) => [
            name,
            value.replace("{origin}", origin),
          ]),
        );
        response.writeHead(204, headers);
        response.end();
        return;
      }
      const chain = spec.http ?? [];
      const at = chain.indexOf(url);
      if (at >= 0 && at < chain.length - 1) {
        response.writeHead(301, { location: withPort(chain[at + 1]!) });
        response.end();
        return;
      }
      const ownRoot = scheme === "https" && at < 0 && request.url === "/";
      if (at !== chain.length - 1 && !ownRoot) return notFound(response);
      for (const [name, value] of Object.entries(spec.page.headers))
        response.setHeader(name, value);
      response.writeHead(spec.page.status);
      response.end(spec.page.body);
    };
  const https = await startWebPeer({
    tls: {
      key: leaf.keyPem,
      cert: leaf.chainPem,
      SNICallback: (name, callback) =>
        callback(null, untrusted.has(name) ? untrustedContext : undefined),
    },
    handler: answer("https"),
    host: address,
    ...(options.ports ? { port: options.ports.https } : {}),
    // HTTP/1.1, as the Observatory speaks: HTTP/2 could not carry some values ("nosniff ").
    http1Only: true,
  });
  const http = await startWebPeer({
    handler: answer("http"),
    host: address,
    ...(options.ports ? { port: options.ports.http } : {}),
  });
  // Sites without HTTPS live on their own address: http answers there on the same port, HTTPS not.
  const noHttps = await startWebPeer({
    host: noHttpsAddress,
    port: http.port,
    handler: answer("http"),
  });
  ports.https = https.port;
  ports.http = http.port;
  const zone: ZoneRecords = {};
  const addresses = new Map<string, string>();
  for (const [host, spec] of byHost) {
    const data = spec.https === "none" ? noHttpsAddress : address;
    zone[host] = [{ type: "A", name: host, ttl: 60, data }];
    addresses.set(host, data);
  }
  const dns = await startDnsServer(zoneHandler(zone));
  const peers: WebPeer[] = [https, http, noHttps];
  return {
    dns,
    addresses,
    ca: pki.root.certPem,
    httpsPort: https.port,
    httpPort: http.port,
    close: async () => {
      await Promise.all([...peers.map((peer) => peer.close()), dns.close()]);
    },
  };
}

function notFound(response: ServerResponse): void {
  response.writeHead(404, { "content-type": "text/plain" });
  response.end("not found");
}
