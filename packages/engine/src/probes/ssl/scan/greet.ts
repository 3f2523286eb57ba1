import { clientHello, type HelloSpec } from "../../../protocols/tls/client-hello.js";
import type { RawSession } from "../../../protocols/tls/raw-session.js";
import { readServerAnswer, type ServerHelloAnswer } from "../../../protocols/tls/server-answer.js";

/**
 * The first flight of a conversation that goes on past it: `spec`'s hello sent, the server's
 * answer read to its ServerHelloDone. The ServerHello, when it is of the version and a suite
 * asked; null otherwise (an alert, a close, another version: there is nothing to go on with).
 */
export async function greet(
  session: RawSession,
  spec: HelloSpec,
  timeoutMs: number,
): Promise<ServerHelloAnswer | null> {
  const started = performance.now();
  session.send(clientHello(spec));
  const read = await session.read(
    (bytes, final) => (bytes.length > 0 ? readServerAnswer(bytes, "flight", final) : undefined),
    timeoutMs - (performance.now() - started),
  );
  if (!read.ok || read.value.kind !== "hello") return null;
  const hello = read.value;
  return hello.version === spec.version && spec.suites.includes(hello.suite) ? hello : null;
}

/**
 * How long to wait for an answer that a well-behaved server never sends (it discards the
 * message): a few round trips, at least a second, never past the connection's time.
 */
export function silenceWaitMs(session: RawSession, leftMs: number): number {
  const roundTrip = session.firstAnswerMs() ?? 200;
  return Math.max(0, Math.min(leftMs, Math.max(1000, 5 * roundTrip)));
}
