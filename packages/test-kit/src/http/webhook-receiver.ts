import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedWebhook {
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** The status this request was answered with; 0 when it was left hanging. */
  readonly answered: number;
  /** When its body had arrived (`performance.now()`). */
  readonly at: number;
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:PORT/hooks` */
  readonly url: string;
  readonly received: readonly ReceivedWebhook[];
  /** Leaves the next `count` requests without an answer, as an endpoint that timed out. */
  hangFirst(count: number): void;
  /** From now on answers every request beyond a `statuses` entry with `status` (at first 200). */
  answerAll(status: number): void;
  /** The ids answered 2xx, once per answer (an id twice here was delivered twice). */
  delivered(): string[];
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
  let fallback = 200;
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
          at: performance.now(),
        });
        return;
      }
      const id = String(request.headers["webhook-id"]);
      const attempt = attempts.get(id) ?? 0;
      attempts.set(id, attempt + 1);
      const answered = statuses[attempt] ?? fallback;
      received.push({
        headers: headersOf(request),
        body: Buffer.concat(chunks).toString("utf8"),
        answered,
        at: performance.now(),
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
    answerAll: (status) => {
      fallback = status;
    },
    delivered: () =>
      received
        .filter((request) => request.answered >= 200 && request.answered < 300)
        .map((request) => request.headers["webhook-id"]!),
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
