import type { HelloSpec } from "../../../protocols/tls/client-hello.js";
import {
  changeCipherSpecRecord,
  recordHeaders,
  recordType,
} from "../../../protocols/tls/records.js";
import { greet, silenceWaitMs } from "./greet.js";
import type { HelloAsker } from "./hello-asker.js";

/** Alerts of a server that refuses a ChangeCipherSpec before the key exchange. */
const refusals = new Set([10 /* unexpected_message */, 40 /* handshake_failure */]);
/** Alerts of a server that took the first as a key change and fails to decrypt the second. */
const decryptFailures = new Set([20 /* bad_record_mac */, 21 /* decryption_failed */]);

/**
 * CVE-2014-0224: after the server's first flight, two ChangeCipherSpec records before any key
 * exchange. A patched server refuses the first (unexpected_message); a vulnerable OpenSSL (before
 * 1.0.1h, 1.0.0m, 0.9.8za) accepts it, switches to keys made from an empty master secret, and
 * fails to decrypt the second (bad_record_mac or decryption_failed), as testssl.sh judges it.
 * Silence or a close is a refusal; another alert is no clear answer (null), as is no connection.
 */
export async function ccsInjectionOf(
  asker: HelloAsker,
  hello: { version: HelloSpec["version"]; suite: number },
): Promise<boolean | null> {
  const answer = await asker.converse(async (session, timeoutMs) => {
    const started = performance.now();
    const spec = { ...hello, suites: [hello.suite], servername: asker.servername };
    if (!(await greet(session, spec, timeoutMs))) return null;
    const ccs = changeCipherSpecRecord(hello.version);
    session.send(Buffer.concat([ccs, ccs]));
    const left = timeoutMs - (performance.now() - started);
    const read = await session.read(firstAlert, silenceWaitMs(session, left));
    if (!read.ok) return false;
    if (refusals.has(read.value)) return false;
    return decryptFailures.has(read.value) ? true : null;
  });
  return answer === undefined ? null : answer;
}

/** The description of the first alert in `bytes`; -1 for bytes that are not TLS records. */
function firstAlert(bytes: Buffer): number | undefined {
  const headers = recordHeaders(bytes);
  if (headers === null) return -1;
  const alert = headers.find((header) => header.type === recordType.alert);
  if (!alert || bytes.length < alert.bodyAt + 2) return undefined;
  return bytes[alert.bodyAt + 1]!;
}
