/**
 * An HTTP API hands `rawPath` on percent-decoded, REST APIs and function URLs hand it on still
 * encoded, and an event does not say which. Escaping only what can never appear literally in
 * an encoded path (a `?`, `#`, space, non-ASCII, control character or a `%` that starts no
 * escape) leaves encoded paths byte for byte as they are and makes decoded ones safe.
 */
export function escapePath(path: string): string {
  return path.replace(
    /%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~!$&'()*+,;=:@/%]+/g,
    // Throws URIError on a lone surrogate, which no real request carries: a malformed event.
    (text) => encodeURIComponent(text),
  );
}

/**
 * Removes a stage or custom-domain base path (`/prod`, `/intel`) when the path starts with it,
 * so the same function answers on its stage URL, its custom domain and its function URL.
 */
export function stripBasePath(path: string, basePath: string): string {
  if (basePath === "") return path;
  if (path === basePath) return "/";
  return path.startsWith(`${basePath}/`) ? path.slice(basePath.length) : path;
}
