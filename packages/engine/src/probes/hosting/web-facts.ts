import type tls from "node:tls";
import { NoTimeLeftError, stepTimeoutMs } from "../../contract/budget.js";
import type { ProbeContext } from "../../contract/probe.js";
import { connectTls } from "../../network/connect-tls.js";

export interface WebFacts {
  headers: Record<string, string> | null;
  issuer: string[] | null;
  error: string | null;
}

/** Bytes of response head read at most: headers only, never the body. */
const maxHeadBytes = 64 * 1024;
const maxStepMs = 5000;

/**
 * One HTTPS request to the web address, for the two facts that name web providers: the
 * certificate's issuer (read at the handshake, trusted or not: this is about who issued it) and
 * the response headers (`GET /`, HTTP/1.1, the head only). The connection goes through the
 * network layer (address policy), in a slot of the engine's outbound limit like every other
 * connection, and ends within the run's budget.
 */
export function webFacts(options: {
  context: ProbeContext;
  domain: string;
  address: string;
  port: number;
}): Promise<WebFacts> {
  return options.context
    .limit(() => exchange(options))
    .catch((error: unknown) => {
      // No slot of the engine's limit came free in time: not asked, and the run goes on.
      if (error instanceof NoTimeLeftError)
        return { headers: null, issuer: null, error: error.message };
      throw error;
    });
}

/** The request itself, once a slot is ours: its wait comes from what is left of the budget. */
async function exchange(options: {
  context: ProbeContext;
  domain: string;
  address: string;
  port: number;
}): Promise<WebFacts> {
  const { context, domain, address, port } = options;
  const timeoutMs = stepTimeoutMs(context, { maxMs: maxStepMs });
  if (timeoutMs <= 0) return { headers: null, issuer: null, error: "no time was left for HTTPS" };
  let socket: tls.TLSSocket;
  try {
    socket = connectTls({
      address,
      port,
      allowPrivateAddresses: context.network.allowPrivateAddresses,
      tls: { servername: domain, rejectUnauthorized: false, ALPNProtocols: ["http/1.1"] },
    });
  } catch (error) {
    return { headers: null, issuer: null, error: (error as Error).message };
  }
  return new Promise<WebFacts>((resolve) => {
    let issuer: string[] | null = null;
    let head = Buffer.alloc(0);
    const finish = (facts: Omit<WebFacts, "issuer">) => {
      clearTimeout(timer);
      context.signal.removeEventListener("abort", onAbort);
      socket.destroy();
      resolve({ ...facts, issuer });
    };
    const onAbort = () => finish({ headers: null, error: "the time ran out" });
    const timer = setTimeout(
      () =>
        finish({
          headers: null,
          error: `no HTTPS answer from ${address}:${port} within ${timeoutMs} ms`,
        }),
      timeoutMs,
    );
    context.signal.addEventListener("abort", onAbort, { once: true });
    socket.once("secureConnect", () => {
      const certificate = socket.getPeerCertificate();
      const names = [certificate.issuer?.O, certificate.issuer?.CN]
        .flat()
        .filter((name): name is string => typeof name === "string" && name !== "");
      issuer = names.length > 0 ? names : null;
      socket.write(
        `GET / HTTP/1.1\r\nHost: ${domain}\r\nUser-Agent: domain-intel\r\nAccept: */*\r\nConnection: close\r\n\r\n`,
      );
    });
    socket.on("data", (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf("\r\n\r\n");
      if (end >= 0)
        finish({ headers: parseHead(head.subarray(0, end).toString("latin1")), error: null });
      else if (head.length > maxHeadBytes)
        finish({ headers: null, error: "the response head is over 64 KiB" });
    });
    socket.once("error", (error) => finish({ headers: null, error: error.message }));
    socket.once("close", () =>
      finish({ headers: null, error: `${address}:${port} closed without an HTTP answer` }),
    );
  });
}

/** Header fields of a response head, names in lower case, repeated fields joined with ", ". */
function parseHead(head: string): Record<string, string> | null {
  const [status, ...lines] = head.split("\r\n");
  if (!/^HTTP\/1\.[01] \d{3}/.test(status ?? "")) return null;
  // No prototype: a peer sending "__proto__:" sets a field, nothing else.
  const headers = Object.create(null) as Record<string, string>;
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  return headers;
}
