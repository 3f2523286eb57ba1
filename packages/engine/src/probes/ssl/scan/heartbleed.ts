import type { HelloSpec } from "../../../protocols/tls/client-hello.js";
import { extensionType } from "../../../protocols/tls/hello-extensions.js";
import {
  heartbeatRequestRecord,
  recordHeaders,
  recordType,
} from "../../../protocols/tls/records.js";
import { greet, silenceWaitMs } from "./greet.js";
import type { HelloAsker } from "./hello-asker.js";

/** The payload length the request claims: as testssl.sh claims, 16 KiB it does not send. */
const claimedLength = 0x4000;
/** What the request carries: type, length, no payload at all. */
const sentLength = 3;

export interface HeartbleedAnswer {
  /** The server agrees to heartbeats (its ServerHello echoes the extension, RFC 6520 2). */
  heartbeat: boolean;
  /** It answered a request claiming more than it carried with more than was sent. */
  heartbleed: boolean;
}

/**
 * CVE-2014-0160: a hello offering heartbeats; when the server agrees, a HeartbeatRequest in
 * clear right after its first flight claiming 16 KiB of payload and carrying none. RFC 6520 4
 * says to discard it; a vulnerable OpenSSL (1.0.1 to 1.0.1f) answers with 16 KiB of its memory.
 * Only the answer's record header is looked at: whatever leaked is never kept. Null: no answer
 * to go on from (no connection, or the hello was refused).
 */
export async function heartbleedOf(
  asker: HelloAsker,
  hello: { version: HelloSpec["version"]; suite: number },
): Promise<HeartbleedAnswer | null> {
  const answer = await asker.converse(async (session, timeoutMs) => {
    const started = performance.now();
    const spec = { ...hello, suites: [hello.suite], servername: asker.servername };
    const serverHello = await greet(session, { ...spec, heartbeat: true }, timeoutMs);
    if (!serverHello) return null;
    if (!serverHello.extensions.includes(extensionType.heartbeat)) {
      return { heartbeat: false, heartbleed: false };
    }
    session.send(heartbeatRequestRecord(hello.version, claimedLength));
    const left = timeoutMs - (performance.now() - started);
    const read = await session.read(heartbeatResponse, silenceWaitMs(session, left));
    // Silence or a close: the request was discarded, as RFC 6520 says.
    return { heartbeat: true, heartbleed: read.ok && read.value === "over-read" };
  });
  return answer ?? null;
}

/** "over-read": a HeartbeatResponse longer than the request; "other": an alert or a shorter one. */
function heartbeatResponse(bytes: Buffer): "over-read" | "other" | undefined {
  const headers = recordHeaders(bytes);
  if (headers === null) return "other";
  const answer = headers.find(
    (header) => header.type === recordType.heartbeat || header.type === recordType.alert,
  );
  if (!answer) return undefined;
  return answer.type === recordType.heartbeat && answer.length > sentLength ? "over-read" : "other";
}
