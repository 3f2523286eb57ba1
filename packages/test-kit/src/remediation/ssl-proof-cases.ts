import { tlsProfiles } from "../tls/tls-profiles.js";
import type { SslProofCase } from "./ssl-fix-proof.js";

/** The broken TLS servers of the ssl section's findings whose fix is the server's configuration. */
export const sslProofCases: Record<string, SslProofCase> = {
  "ssl.tls.legacy-protocol": {
    server: { minVersion: "TLSv1", maxVersion: "TLSv1.1", ciphers: "DEFAULT:@SECLEVEL=0" },
  },
  "ssl.protocols.legacy": { server: tlsProfiles.legacyOnly },
  "ssl.protocols.tls13": { server: { minVersion: "TLSv1.2", maxVersion: "TLSv1.2" } },
  "ssl.ciphers.weak": { server: tlsProfiles.cbcSha1 },
  "ssl.ciphers.forward-secrecy": { server: tlsProfiles.staticRsaOnly },
};
