import { sslVersion } from "../../../protocols/tls/client-hello.js";
import type { SslVulnerabilities } from "../data/vulnerabilities-schema.js";
import { ccsInjectionOf } from "./ccs-injection.js";
import { heartbleedOf } from "./heartbleed.js";
import type { HelloAsker } from "./hello-asker.js";
import { clientRenegotiationOf } from "./renegotiation.js";
import { resumptionOf } from "./resumption.js";
import type { ConfigurationScan } from "./scan-configuration.js";

/** The signalling suite of RFC 7507: "this hello is a fallback". */
const fallbackScsv = 0x5600;
/** RFC 7507's alert: the server supports a higher version than this fallback asks. */
const inappropriateFallback = 86;
const deflate = 1;
const legacyOrder = ["TLSv1", "TLSv1.1", "TLSv1.2"] as const;

/**
 * The weaknesses asked with one hello each, from what the configuration scan found: a legacy
 * version accepted and its suite, so that only the question differs from an accepted hello.
 */
export async function vulnerabilitiesOf(
  scan: ConfigurationScan,
  asker: HelloAsker,
): Promise<SslVulnerabilities> {
  const accepted = legacyOrder.filter((version) => scan.legacyHellos[version]);
  const tls13 = scan.configuration.protocols["TLSv1.3"] === true;
  const best = accepted.at(-1);
  const bestHello = best && scan.legacyHellos[best];
  const legacy = best && bestHello ? { version: sslVersion[best], suite: bestHello.suite } : null;
  // Both bugs are OpenSSL's before TLS 1.3 existed: a server of TLS 1.3 alone has neither.
  const none = tls13 ? false : null;
  const [fallback, compression, heartbleed, ccsInjection, clientRenegotiation, resumption] =
    await Promise.all([
      fallbackScsvOf(tls13 ? accepted : accepted.slice(0, -1), scan, asker),
      compressionOf(best, scan, asker),
      legacy ? heartbleedOf(asker, legacy) : { heartbeat: none, heartbleed: none },
      legacy ? ccsInjectionOf(asker, legacy) : none,
      // TLS 1.3 has no renegotiation at all (RFC 8446 4.1.2).
      best ? clientRenegotiationOf(asker, best) : none,
      best || tls13 ? resumptionOf(asker, { legacy: best ?? null, tls13 }) : null,
    ]);
  return {
    fallbackScsv: fallback,
    compression,
    heartbeat: heartbleed?.heartbeat ?? null,
    heartbleed: heartbleed?.heartbleed ?? null,
    ccsInjection,
    clientRenegotiation,
    resumption,
  };
}

/**
 * RFC 7507: a hello of the best legacy version below the best accepted, with the SCSV, must be
 * refused with inappropriate_fallback; a server that answers it lets an attacker who breaks
 * the first handshakes downgrade the client (POODLE's way in). One version only: nothing below.
 */
async function fallbackScsvOf(
  below: readonly (typeof legacyOrder)[number][],
  scan: ConfigurationScan,
  asker: HelloAsker,
): Promise<SslVulnerabilities["fallbackScsv"]> {
  const version = below.at(-1);
  const hello = version && scan.legacyHellos[version];
  if (!version || !hello) return "not-applicable";
  const asked = await asker.ask({
    version: sslVersion[version],
    suites: [hello.suite, fallbackScsv],
  });
  if (asked.kind === "accepted") return "ignored";
  if (asked.kind === "refused" && asked.alert === inappropriateFallback) return "honoured";
  return null;
}

/** CRIME: DEFLATE offered first at the best legacy version; TLS 1.3 has no compression. */
async function compressionOf(
  version: (typeof legacyOrder)[number] | undefined,
  scan: ConfigurationScan,
  asker: HelloAsker,
): Promise<boolean | null> {
  const hello = version && scan.legacyHellos[version];
  if (!version || !hello) return scan.configuration.protocols["TLSv1.3"] === true ? false : null;
  const asked = await asker.ask({
    version: sslVersion[version],
    suites: [hello.suite],
    compression: [deflate, 0],
  });
  if (asked.kind === "accepted") return asked.hello.compression === deflate;
  return null;
}
