import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedWebhook {
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** The status this request was answered with; 0 when it was left hanging. */
  readonly answered: number;
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:PORT/hooks` */
  readonly url: string;
  readonly received: readonly ReceivedWebhook[];
  /** Leaves the next `count` requests without an answer, as an endpoint that timed out. */
  hangFirst(count: number): void;
  close(): Promise<void>;
}

/**
 * A loopback HTTP endpoint taking webhook POSTs: the n-th request carrying one `webhook-id` is
 * answered with `statuses[n]` (200 once the list is spent), every request kept with its
 * headers and body.
 */
export async function startWebhookReceiver(
  options: { statuses?: readonly number[] } = {},
): Promise<WebhookReceiver> {
  const statuses = options.statuses ?? [];
  const attempts = new Map<string, number>();
  let hanging = 0;
  const received: ReceivedWebhook[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (hanging > 0) {
        hanging -= 1;
        received.push({
          headers: headersOf(request),
          body: Buffer.concat(chunks).toString("utf8"),
          answered: 0,
        });
        return;
      }
      const id = String(request.headers["webhook-id"]);
      const attempt = attempts.get(id) ?? 0;
      attempts.set(id, attempt + 1);
      const answered = statuses[attempt] ?? 200;
      received.push({
        headers: headersOf(request),
        body: Buffer.concat(chunks).toString("utf8"),
        answered,
      });
      response.writeHead(answered).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    hangFirst: (count) => {
      hanging = count;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function headersOf(request: http.IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers))
    if (typeof value === "string") headers[name] = value;
  return headers;
}
