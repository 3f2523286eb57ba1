import { accessSync, constants } from "node:fs";
import { type EngineOptions, parseRtrCache } from "@domain-intel/engine";
import { loadIpData, loadMmdbData } from "@domain-intel/ip-data";
import type { Env } from "./env-settings.js";

/**
 * DOMAIN_INTEL_ASN_SOURCE (`builtin`, the default: `@domain-intel/ip-data`'s data; `cymru`: Team
 * Cymru's DNS; or the path of an `.mmdb` file, which must be readable) and DOMAIN_INTEL_RPKI_RTR
 * (`host:port` of an RTR cache). The data is loaded on first use of the hosting section, through
 * a loader the engine calls once: a server, a report or an audit that never asks for hosting
 * never reads it.
 */
export function hostingFromEnv(env: Env): {
  options: Pick<EngineOptions, "hosting" | "rpki">;
  effective: Record<string, string>;
} {
  const source = env.DOMAIN_INTEL_ASN_SOURCE?.trim() || "builtin";
  let asnSource: NonNullable<EngineOptions["hosting"]>["asnSource"];
  if (source === "builtin") asnSource = () => loadIpData();
  else if (source === "cymru") asnSource = "cymru";
  else if (/\.mmdb$/i.test(source)) {
    try {
      accessSync(source, constants.R_OK);
    } catch (error) {
      throw new TypeError(
        `DOMAIN_INTEL_ASN_SOURCE: ${source} cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"})`,
      );
    }
    asnSource = () => loadMmdbData({ files: [source] });
  } else {
    throw new TypeError(
      `DOMAIN_INTEL_ASN_SOURCE: "${source}" is not builtin, cymru or the path of an .mmdb file`,
    );
  }
  const rtr = env.DOMAIN_INTEL_RPKI_RTR?.trim() || undefined;
  if (rtr !== undefined) {
    try {
      parseRtrCache(rtr, "DOMAIN_INTEL_RPKI_RTR");
    } catch {
      throw new TypeError(
        `DOMAIN_INTEL_RPKI_RTR: "${rtr}" is not host:port or [v6]:port (the RTR cache)`,
      );
    }
  }
  return {
    options: { hosting: { asnSource }, ...(rtr ? { rpki: { rtr } } : {}) },
    effective: {
      DOMAIN_INTEL_ASN_SOURCE: source,
      DOMAIN_INTEL_RPKI_RTR: rtr ?? "(none)",
    },
  };
}
