import type { WebHandler } from "../http/web-peers.js";
import type { ServedFiles } from "./apply-changes.js";

/** The host a request asked for, over HTTP/1.1 (`Host`) or HTTP/2 (`:authority`), no port. */
const hostOf = (headers: Record<string, string | string[] | undefined>) =>
  (headers.host ?? headers[":authority"] ?? "").toString().replace(/:\d+$/, "");

/** A web handler serving `files` by `host/path`; other paths go to `otherwise`, else 404. */
export function filesHandler(files: Readonly<ServedFiles>, otherwise?: WebHandler): WebHandler {
  return (request, response) => {
    const file = files[`${hostOf(request.headers)}${request.url ?? "/"}`];
    if (file) {
      response.writeHead(200, { "content-type": file.contentType });
      response.end(file.content);
      return;
    }
    if (otherwise) return otherwise(request, response);
    response.writeHead(404, { "content-type": "text/plain" });
    response.end("not found");
  };
}
