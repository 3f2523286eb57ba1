import {
  childrenOf,
  contextTag,
  DerError,
  derTag,
  expect,
  readRoot,
} from "../x509/der/der-reader.js";
import { smallIntegerOf } from "../x509/der/der-values.js";

/** SSL_SESSION_ASN1's `max_early_data` field: `[15] EXPLICIT INTEGER` (OpenSSL's ssl_asn1.c). */
const maxEarlyDataTag = contextTag(15, true);

/**
 * The max_early_data_size a TLS 1.3 server put in the ticket of `session`, a session as Node's
 * TLS client hands it out (OpenSSL's DER encoding of SSL_SESSION, `tlsSocket.getSession()` and
 * the `session` event): 0 when the field is absent (OpenSSL leaves zero fields out), null when
 * the bytes are not such a session.
 */
export function maxEarlyDataOf(session: Buffer): number | null {
  try {
    const fields = childrenOf(expect(readRoot(session), derTag.sequence, "SSL_SESSION"));
    const field = fields.find((node) => node.tag === maxEarlyDataTag);
    if (!field) return 0;
    return smallIntegerOf(childrenOf(field)[0], "max_early_data");
  } catch (error) {
    if (error instanceof DerError) return null;
    throw error;
  }
}
