import { type Static, Type } from "../../contract/schema.js";

/** The suite a handshake settled on, as every section that makes one reports it. */
export const NegotiatedCipherSchema = Type.Object({
  /** OpenSSL name, e.g. "TLS_AES_256_GCM_SHA384" or "ECDHE-RSA-AES128-GCM-SHA256". */
  name: Type.String(),
  /** IANA name, e.g. "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256". */
  standardName: Type.String(),
  /** Lowest protocol version the suite belongs to, e.g. "TLSv1.2". */
  version: Type.String(),
});

export type SslCipher = Static<typeof NegotiatedCipherSchema>;
