import net from "node:net";

export interface RawAnswer {
  readonly status: number;
  /** Header names in lower case (the last value of a repeated one). */
  readonly headers: Record<string, string>;
  readonly body: Buffer;
}

/**
 * One HTTP/1.1 request written byte for byte on a fresh socket to 127.0.0.1:`port`, so tests
 * can send what no HTTP client library would (any request target, any method, any header
 * value). Resolves with the parsed answer once the server closes; rejects when the connection
 * breaks without a complete status line, or after `timeoutMs`.
 */
export function rawRequest(
  port: number,
  request: {
    method: string;
    target: string;
    headers?: Readonly<Record<string, string | undefined>>;
    timeoutMs?: number;
  },
): Promise<RawAnswer> {
  const lines = [`${request.method} ${request.target} HTTP/1.1`, "Host: 127.0.0.1"];
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    if (value !== undefined) lines.push(`${name}: ${value}`);
  }
  lines.push("Connection: close", "", "");
  return rawExchange(port, Buffer.from(lines.join("\r\n"), "utf8"), request.timeoutMs);
}

/**
 * Writes `bytes` exactly as given on a fresh socket to 127.0.0.1:`port` (a request line no
 * client library would send, or half a request) and parses what comes back; see `rawRequest`.
 */
export function rawExchange(port: number, bytes: Uint8Array, timeoutMs = 5000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      const raw = Buffer.concat(chunks);
      const split = raw.indexOf("\r\n\r\n");
      const head = raw.subarray(0, split === -1 ? raw.length : split).toString("latin1");
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(head);
      if (!match) {
        reject(error ?? new Error(`no HTTP answer: ${JSON.stringify(head.slice(0, 80))}`));
        return;
      }
      const headers: Record<string, string> = {};
      for (const line of head.split("\r\n").slice(1)) {
        const colon = line.indexOf(":");
        if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({
        status: Number(match[1]),
        headers,
        body: split === -1 ? Buffer.alloc(0) : raw.subarray(split + 4),
      });
    };
    socket.setTimeout(timeoutMs, () => finish(new Error("no answer in time")));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("end", () => finish());
    socket.on("close", () => finish(new Error("connection closed")));
    // A server may answer and hang up before reading everything: what arrived still counts.
    socket.on("error", (error) => finish(error));
    socket.write(bytes);
  });
}
