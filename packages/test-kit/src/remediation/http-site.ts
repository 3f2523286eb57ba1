import type { IncomingMessage, ServerResponse } from "node:http";
import { startWebPeer, unusedPort } from "../http/web-peers.js";
import type { TestPki } from "../tls/certificates.js";
import type { ServedFiles } from "./apply-changes.js";
import { filesHandler } from "./served-files.js";

/**
 * A site on loopback as its operator configures it: `example.test` over https (its root page,
 * headers, cookies, files, CORS answers, redirects) and over plain http. Port 443 and 80 are the
 * test servers' ports: `{https}` and `{http}` in a Location, and `$host` in an nginx `return`
 * (the https server's), stand for the site's origins.
 */
export interface HttpSite {
  readonly headers: Readonly<Record<string, string>>;
  readonly files: ServedFiles;
  /** The root page's HTML; default a bare page. */
  readonly body?: string;
  /** Set-Cookie values of the page. */
  readonly cookies?: readonly string[];
  /** Preflights: the Origin copied back with credentials allowed, or only these origins. */
  readonly cors?: "reflect-with-credentials" | { readonly allow: readonly string[] };
  /** false: nothing listens for https. */
  readonly https?: boolean;
  /** The plain-http answer as an nginx `return` directive; null serves the page over http. */
  readonly httpReturn?: string | null;
  /** Redirects of the https server by path: Location templates. */
  readonly redirects?: Readonly<Record<string, string>>;
  /** Other sites' scripts and stylesheets the page loads, by URL: the operator's copy. */
  readonly assets?: Readonly<Record<string, string>>;
}

/** The domain the http proofs serve. */
export const siteDomain = "example.test";

export const httpsRedirect = "return 301 https://$host$request_uri;";
const bare = "<!doctype html><title>fix proof</title>";

/** The Location a template gives, with the site's origins on loopback. */
export const origins = (template: string, ports: { https: number; http: number }, domain: string) =>
  template
    .replace("{https}", `https://${domain}:${ports.https}`)
    .replace("{http}", `http://${domain}:${ports.http}`);

/** An nginx `return CODE URL;` answered: `$host` the https server's, `$request_uri` the path. */
function nginxReturn(directive: string, request: IncomingMessage, host: string) {
  const match = directive.match(/^return (30[1278]) (\S+);$/);
  if (!match) throw new Error(`not an nginx return this site can serve: ${directive}`);
  const location = match[2]!.replace("$host", host).replace("$request_uri", request.url ?? "/");
  return { status: Number(match[1]), location };
}

/** Serves `site` for `domain` with a leaf from `pki`; returns the ports and a closer. */
export async function serveSite(site: HttpSite, domain: string, pki: TestPki) {
  const leaf = await pki.issueLeaf({ commonName: domain, subjectAltNames: [domain] });
  const redirects = site.redirects ?? {};
  const httpsPort = site.https === false ? await unusedPort() : 0;
  let ports = { https: httpsPort, http: 0 };
  const pages = new Set([
    "/",
    ...Object.values(redirects).map(
      (to) => new URL(origins(to, { https: 1, http: 1 }, domain)).pathname,
    ),
  ]);
  const page = (response: ServerResponse) => {
    response.writeHead(200, {
      ...site.headers,
      "content-type": "text/html",
      ...(site.cookies ? { "set-cookie": [...site.cookies] } : {}),
    });
    response.end(site.body ?? bare);
  };
  const preflight = (request: IncomingMessage, response: ServerResponse) => {
    const origin = String(request.headers.origin ?? "");
    const cors = site.cors;
    const allowed =
      cors === "reflect-with-credentials"
        ? { "access-control-allow-origin": origin, "access-control-allow-credentials": "true" }
        : cors?.allow.includes(origin)
          ? { "access-control-allow-origin": origin, vary: "Origin" }
          : {};
    response.writeHead(204, allowed);
    response.end();
  };
  const https =
    site.https === false
      ? undefined
      : await startWebPeer({
          tls: { key: leaf.keyPem, cert: leaf.chainPem },
          handler: filesHandler(site.files, (request, response) => {
            const path = request.url ?? "/";
            if (request.method === "OPTIONS" && site.cors) return preflight(request, response);
            const to = redirects[path];
            if (to) {
              response.writeHead(302, { location: origins(to, ports, domain) });
              response.end();
            } else if (pages.has(path)) page(response);
            else {
              response.writeHead(404, { "content-type": "text/plain" });
              response.end("not found");
            }
          }),
        });
  const http = await startWebPeer({
    handler: (request, response) => {
      if (site.httpReturn === null) return page(response);
      const answer = nginxReturn(
        site.httpReturn ?? httpsRedirect,
        request,
        `${domain}:${ports.https}`,
      );
      response.writeHead(answer.status, { location: answer.location });
      response.end();
    },
  });
  ports = { https: https?.port ?? httpsPort, http: http.port };
  return {
    ports,
    close: () => Promise.all([https?.close(), http.close()]),
  };
}
