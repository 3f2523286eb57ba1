import type { SiteSpec } from "../http/spec-sites.js";
import {
  type ObservatoryCase,
  type ObservatoryScan,
  observatoryFile,
} from "./observatory-cases.js";

/** The site replaying case `index`: names `case-<index>.mozilla.org` and `www.` below it. */
export function caseSite(entry: ObservatoryCase, index: number): SiteSpec {
  const host = entry.host ?? `case-${index}.mozilla.org`;
  const names = (url: string) => url.replaceAll("{www}", `www.${host}`).replaceAll("{host}", host);
  const defaultChain =
    entry.https === "none" ? ["http://{host}/"] : ["http://{host}/", "https://{host}/"];
  const chain = entry.http === null ? null : (entry.http ?? defaultChain).map(names);
  const headers: Record<string, string | string[]> = { "content-type": "text/html" };
  // Header names are case-insensitive: the case's spelling replaces the default's.
  for (const [name, value] of Object.entries(entry.headers ?? {}))
    headers[name.toLowerCase()] = value;
  if (entry.cookies) headers["set-cookie"] = entry.cookies;
  return {
    host,
    http: chain,
    https: entry.https ?? "ok",
    page: {
      status: entry.status ?? 200,
      headers,
      body: entry.file ? observatoryFile(entry.file) : (entry.body ?? ""),
    },
    cors: entry.cors ?? null,
  };
}

/** The site replaying a captured scan: its redirect chain, final answer and CORS answer. */
export function scanSite(scan: ObservatoryScan): SiteSpec {
  // Transport headers of the capture would contradict the loopback answer's own framing.
  const transport = new Set([
    "connection",
    "content-length",
    "transfer-encoding",
    "content-encoding",
  ]);
  const headers = Object.fromEntries(
    Object.entries(scan.final.headers).filter(([name]) => !transport.has(name.toLowerCase())),
  );
  return {
    host: scan.site,
    http: scan.httpRedirects.map((hop) => hop.url),
    https: "ok",
    page: { status: scan.final.status, headers, body: scan.body },
    cors: scan.cors
      ? Object.fromEntries(
          Object.entries(scan.cors.headers).filter(([name]) => name.startsWith("access-control-")),
        )
      : null,
  };
}
