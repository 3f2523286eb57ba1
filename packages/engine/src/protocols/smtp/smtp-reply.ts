import type { Duplex } from "node:stream";

/** One SMTP reply (RFC 5321 4.2): the code and the text of each line. */
export interface SmtpReply {
  code: number;
  lines: string[];
}

/** Why no usable reply came. */
export type SmtpReadFailure = "timeout" | "closed" | "too_large" | "garbage";

export class SmtpReadError extends Error {
  readonly reason: SmtpReadFailure;
  constructor(reason: SmtpReadFailure, message: string) {
    super(message);
    this.name = "SmtpReadError";
    this.reason = reason;
  }
}

/** A reply longer than this is not SMTP talking (RFC 5321 caps a reply line at 512 bytes). */
export const maxReplyBytes = 8192;
const replyLine = /^(\d{3})([ -])(.*)$/;

/**
 * Reads SMTP replies from a socket, one at a time, each within its own timeout and size cap.
 * `detach` hands the socket over (to TLS, after STARTTLS) with nothing left listening.
 */
export function smtpReplyReader(socket: Duplex) {
  let buffered = "";
  let ended = false;
  let waiter: (() => void) | undefined;
  const onData = (chunk: Buffer) => {
    // Past the cap the next read fails anyway: what more a peer sends is not kept.
    if (buffered.length <= 2 * maxReplyBytes) buffered += chunk.toString("latin1");
    waiter?.();
  };
  const onEnd = () => {
    ended = true;
    waiter?.();
  };
  socket.on("data", onData);
  socket.once("end", onEnd);
  socket.once("close", onEnd);

  // The reply being read: its lines so far and where its next line starts, so each chunk is
  // read once, not the whole reply again (a peer sending a byte a segment costs no more).
  let lines: string[] = [];
  let offset = 0;
  let code: number | undefined;

  // A complete reply at the start of the buffer, or undefined while more is needed.
  const take = (): SmtpReply | undefined => {
    for (;;) {
      const end = buffered.indexOf("\n", offset);
      if (end < 0) {
        if (buffered.length > maxReplyBytes) {
          throw new SmtpReadError("too_large", `reply longer than ${maxReplyBytes} bytes`);
        }
        return undefined;
      }
      const line = buffered.slice(offset, end).replace(/\r$/, "");
      offset = end + 1;
      const match = replyLine.exec(line) ?? /^(\d{3})()$/.exec(line);
      if (!match || (code !== undefined && Number(match[1]) !== code)) {
        throw new SmtpReadError(
          "garbage",
          `not an SMTP reply: ${JSON.stringify(line.slice(0, 80))}`,
        );
      }
      code = Number(match[1]);
      lines.push((match[3] ?? "").slice(0, 512));
      if (offset > maxReplyBytes) {
        throw new SmtpReadError("too_large", `reply longer than ${maxReplyBytes} bytes`);
      }
      if (match[2] !== "-") {
        const reply = { code, lines };
        buffered = buffered.slice(offset);
        lines = [];
        offset = 0;
        code = undefined;
        return reply;
      }
    }
  };

  return {
    read(timeoutMs: number, signal: AbortSignal): Promise<SmtpReply> {
      return new Promise((resolve, reject) => {
        const finish = (outcome: SmtpReply | Error) => {
          waiter = undefined;
          clearTimeout(timer);
          signal.removeEventListener("abort", onAbort);
          if (outcome instanceof Error) reject(outcome);
          else resolve(outcome);
        };
        const attempt = () => {
          try {
            const reply = take();
            if (reply) return finish(reply);
          } catch (error) {
            return finish(error as Error);
          }
          if (ended) finish(new SmtpReadError("closed", "the server closed the connection"));
        };
        const onAbort = () => finish(new SmtpReadError("timeout", "the probe run ran out of time"));
        const timer = setTimeout(
          () => finish(new SmtpReadError("timeout", `no reply within ${timeoutMs} ms`)),
          Math.max(1, timeoutMs),
        );
        signal.addEventListener("abort", onAbort, { once: true });
        waiter = attempt;
        attempt();
      });
    },
    detach(): void {
      socket.off("data", onData);
      socket.off("end", onEnd);
      socket.off("close", onEnd);
    },
  };
}
