import type { Probe } from "../contract/probe.js";
import { type NetworkData, networkData } from "../protocols/ip-network/network-data.js";
import type { RtrClient } from "../protocols/rtr/rtr-client.js";
import { dnsProbe } from "./dns/index.js";
import { type HostingOptions, resolveHostingOptions } from "./hosting/hosting-options.js";
import { hostingProbe } from "./hosting/index.js";
import { httpProbe } from "./http/index.js";
import { mailProbe } from "./mail/index.js";
import { sslProbe } from "./ssl/index.js";
import { whoisProbe } from "./whois/index.js";

/** The engine options the built-in probes are made from (an `EngineOptions` has them). */
export interface BuiltInProbeOptions {
  /**
   * Extra trusted roots (PEM), added to Node's own; `scan: false` turns off the configuration
   * scan (protocol versions, suites, grade), on by default.
   */
  readonly ssl?: { readonly ca?: string | readonly string[]; readonly scan?: boolean };
  /**
   * The mail section: `smtp: false` turns SMTP probing of the MX hosts off (many clouds block
   * outbound port 25), `smtpPort` (default 25), `dkimSelectors` tried besides the common ones.
   */
  readonly mail?: {
    readonly smtp?: boolean;
    readonly smtpPort?: number;
    readonly dkimSelectors?: readonly string[];
  };
  /** RDAP bootstrap (IANA dns.json data, a file path or a URL) and WHOIS servers per TLD. */
  readonly rdap?: {
    readonly bootstrap?: object | string;
    readonly whoisHints?: Readonly<Record<string, string>>;
    /** TCP port of every WHOIS server asked (default 43), as `mail.smtpPort` is SMTP's. */
    readonly whoisPort?: number;
  };
  /**
   * Where DNSSEC validation starts: DS or DNSKEY records in zone-file form, one a line.
   * Default: the IANA root key-signing keys in service.
   */
  readonly dns?: { readonly trustAnchors?: string | readonly string[] };
  /** The hosting section: where network data comes from, providers added to the table. */
  readonly hosting?: HostingOptions;
  /** `rtr`: the RTR cache (RFC 8210) route origins are validated against, `host:port`. */
  readonly rpki?: { readonly rtr?: string };
}

/** What the engine makes once and lends to the sections that need it. */
export interface SharedResources {
  /** `hosting.asnSource`: AS, prefix and country of addresses. */
  readonly networkData: NetworkData;
  /** `rpki.rtr`'s client, or null. */
  readonly rtr: RtrClient | null;
}

export interface BuiltInSection {
  /** Makes the section's probe; called only when the user neither replaced nor turned it off. */
  create(options: BuiltInProbeOptions, shared?: SharedResources): Probe;
  /** How long the section's data stays fresh when its probe's `ttlMs` gives no usable answer. */
  readonly defaultTtlMs: number;
}

const minuteMs = 60_000;
const fallbackTtlMs = 5 * minuteMs;

/**
 * The built-in sections, in the order the report and the OpenAPI document list them. A section
 * is a folder under `probes/` (its probe carries its summary, schema and example) and a line here.
 */
export const builtInSections: Readonly<Record<string, BuiltInSection>> = {
  whois: { create: ({ rdap }) => whoisProbe(whoisOptions(rdap)), defaultTtlMs: 6 * 60 * minuteMs },
  dns: {
    create: ({ dns }, shared) =>
      dnsProbe({
        ...(dns?.trustAnchors === undefined ? {} : { trustAnchors: dns.trustAnchors }),
        ...(shared ? { networkData: shared.networkData } : {}),
      }),
    defaultTtlMs: 5 * minuteMs,
  },
  ssl: {
    create: ({ ssl, dns }) =>
      sslProbe({
        ...(ssl?.ca === undefined ? {} : { ca: ssl.ca }),
        ...(ssl?.scan === undefined ? {} : { scan: ssl.scan }),
        ...anchorsOf(dns),
      }),
    defaultTtlMs: 60 * minuteMs,
  },
  http: {
    create: ({ ssl }) => httpProbe(ssl?.ca === undefined ? {} : { ca: ssl.ca }),
    defaultTtlMs: 60 * minuteMs,
  },
  mail: {
    create: ({ mail, ssl, dns }) => mailProbe({ ...mail, ...caOf(ssl), ...anchorsOf(dns) }),
    defaultTtlMs: 60 * minuteMs,
  },
  hosting: {
    create: ({ hosting }, shared) => {
      const { asnSource, providers, maxHosts, httpsPort } = resolveHostingOptions(hosting);
      return hostingProbe({
        network: shared?.networkData ?? networkData(asnSource),
        rtr: shared?.rtr ?? null,
        providers,
        maxHosts,
        httpsPort,
      });
    },
    defaultTtlMs: 60 * minuteMs,
  },
};

/** `dns.trustAnchors` for the sections that validate DNSSEC answers too (DANE in ssl and mail). */
const anchorsOf = (dns: BuiltInProbeOptions["dns"]) =>
  dns?.trustAnchors === undefined ? {} : { trustAnchors: dns.trustAnchors };

/** The fallback freshness of a section: its built-in default, else five minutes. */
export function defaultTtlMs(section: string): number {
  return Object.hasOwn(builtInSections, section)
    ? builtInSections[section]!.defaultTtlMs
    : fallbackTtlMs;
}

const caOf = (ssl: BuiltInProbeOptions["ssl"]) => (ssl?.ca === undefined ? {} : { ca: ssl.ca });

// whoisProbe takes only the settings that are given.
function whoisOptions(rdap: BuiltInProbeOptions["rdap"]) {
  return {
    ...(rdap?.bootstrap === undefined ? {} : { bootstrap: rdap.bootstrap }),
    ...(rdap?.whoisHints === undefined ? {} : { whoisHints: { ...rdap.whoisHints } }),
    ...(rdap?.whoisPort === undefined ? {} : { whoisPort: rdap.whoisPort }),
  };
}
