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
  /** `none`: the host resolves to 127.0.0.2, where nothing answers HTTPS. */
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
 * http server listens on the same port). One certificate names every host; sites meant to have
 * an untrusted certificate get a self-signed one through SNI.
 */
export async function startSpecSites(specs: readonly SiteSpec[]): Promise<SpecSites> {
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
    // HTTP/1.1, as the Observatory speaks: HTTP/2 could not carry some values ("nosniff ").
    http1Only: true,
  });
  const http = await startWebPeer({ handler: answer("http") });
  // Sites without HTTPS live on 127.0.0.2: http answers there on the same port, HTTPS does not.
  const noHttps = await startWebPeer({
    host: "127.0.0.2",
    port: http.port,
    handler: answer("http"),
  });
  ports.https = https.port;
  ports.http = http.port;
  const zone: ZoneRecords = {};
  for (const [host, spec] of byHost) {
    const data = spec.https === "none" ? "127.0.0.2" : "127.0.0.1";
    zone[host] = [{ type: "A", name: host, ttl: 60, data }];
  }
  const dns = await startDnsServer(zoneHandler(zone));
  const peers: WebPeer[] = [https, http, noHttps];
  return {
    dns,
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
