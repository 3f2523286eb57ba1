import type { Finding } from "../../../contract/finding.js";
import { finding, notScannedWhy, type SslFindingsInput } from "./finding.js";

/**
 * `ssl.groups.post-quantum`: pass when every address scanned picks a post-quantum hybrid group
 * (X25519MLKEM768 or an earlier draft) at TLS 1.3, read from its HelloRetryRequest; info when
 * one does not: not a fault today, but what it records now a quantum computer may read later.
 */
export function postQuantumFinding(input: SslFindingsInput): Finding {
  const scanned = input.data.endpoints.filter(
    (endpoint) => endpoint.groups && endpoint.configuration,
  );
  if (scanned.length === 0) {
    return finding("ssl.groups.post-quantum", "skipped", `Not checked: ${notScannedWhy(input)}.`);
  }
  const without = scanned.filter((endpoint) => endpoint.groups?.postQuantum.length === 0);
  const at = (address: string) => (scanned.length > 1 ? `At ${address}: ` : "");
  const first = without[0];
  if (!first) {
    const picked = [...new Set(scanned.flatMap((endpoint) => endpoint.groups?.postQuantum ?? []))];
    return finding(
      "ssl.groups.post-quantum",
      "pass",
      `The server agrees a post-quantum hybrid key exchange at TLS 1.3 (${picked.join(", ")}).`,
      { postQuantum: picked },
    );
  }
  const tls13 = first.configuration?.protocols["TLSv1.3"];
  if (tls13 === null) {
    return finding(
      "ssl.groups.post-quantum",
      "skipped",
      `${at(first.address)}Not checked: whether the server accepts TLS 1.3 could not be told.`,
      { address: first.address },
    );
  }
  const why =
    tls13 === false
      ? "it does not accept TLS 1.3, where hybrid groups are offered"
      : "it picks no post-quantum hybrid group (X25519MLKEM768) at TLS 1.3";
  return finding(
    "ssl.groups.post-quantum",
    "info",
    `${at(first.address)}No post-quantum key exchange: ${why}. Traffic recorded today could be decrypted once quantum computers break X25519 and ECDH.`,
    { address: first.address, accepted: first.groups?.accepted ?? [] },
  );
}
