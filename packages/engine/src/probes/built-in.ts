import type { Probe } from "../contract/probe.js";
import { resolveOptions } from "../contract/resolve-options.js";
import type { SectionDeclaration } from "../contract/section-declaration.js";
import type { NetworkData } from "../protocols/ip-network/network-data.js";
import type { RtrClient } from "../protocols/rtr/rtr-client.js";
import { createDnsProbe, dnsDeclaration } from "./dns/index.js";
import { createHostingProbe, hostingDeclaration } from "./hosting/index.js";
import { createHttpProbe, httpDeclaration } from "./http/index.js";
import { createMailProbe, mailDeclaration } from "./mail/index.js";
import { createSslProbe, sslDeclaration } from "./ssl/index.js";
import { createWhoisProbe, whoisDeclaration } from "./whois/index.js";

/** The engine options the built-in sections read: each under its declaration's key. */
export type SectionOptions = Readonly<
  Record<string, Readonly<Record<string, unknown>> | undefined>
>;

/** What the engine makes once and lends to the sections that need it. */
export interface SharedResources {
  /** `hosting.asnSource`: AS, prefix and country of addresses (hosting, dns.ns.as-diversity). */
  readonly networkData: NetworkData;
  /** `rpki.rtr`'s client, or null. */
  readonly rtr: RtrClient | null;
}

export interface BuiltInSection {
  readonly declaration: SectionDeclaration;
  /**
   * The section's probe options from the engine's: its own (under its declaration's key), those
   * it shares with others (`dns.trustAnchors` for DANE, `ssl.ca` for every certificate) and
   * what the engine made once for all (`shared`, when the engine makes the probe).
   */
  optionsFrom(options: SectionOptions, shared?: SharedResources): Record<string, unknown>;
  /** Makes the probe from its resolved settings. */
  create(settings: never): Probe;
}

// Only what is given: the section's defaults fill the rest when its options are resolved.
const given = (entries: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined));

/**
 * The built-in sections, in the order the report and the OpenAPI document list them. A section
 * is a folder under `probes/` (its `declaration.ts` says what it takes and answers) and a line here.
 */
export const builtInSections: Readonly<Record<string, BuiltInSection>> = {
  whois: {
    declaration: whoisDeclaration,
    optionsFrom: (o) => ({ ...o.rdap }),
    create: createWhoisProbe,
  },
  dns: {
    declaration: dnsDeclaration,
    optionsFrom: (o, shared) => ({ ...o.dns, ...given({ networkData: shared?.networkData }) }),
    create: createDnsProbe,
  },
  ssl: {
    declaration: sslDeclaration,
    optionsFrom: (o) => ({ ...o.ssl, ...given({ trustAnchors: o.dns?.trustAnchors }) }),
    create: createSslProbe,
  },
  http: {
    declaration: httpDeclaration,
    optionsFrom: (o) => given({ ca: o.ssl?.ca }),
    create: createHttpProbe,
  },
  mail: {
    declaration: mailDeclaration,
    optionsFrom: (o) => ({
      ...o.mail,
      ...given({ ca: o.ssl?.ca, trustAnchors: o.dns?.trustAnchors }),
    }),
    create: createMailProbe,
  },
  hosting: {
    declaration: hostingDeclaration,
    optionsFrom: (o, shared) => ({
      ...o.hosting,
      ...given({
        networkData: shared?.networkData,
        rtr: shared?.rtr ?? undefined,
        bootstrap: o.rdap?.bootstrap,
      }),
    }),
    create: createHostingProbe,
  },
};

/**
 * The probe of a built-in section from the engine's options, resolved once here: the engine's
 * own schema has already checked them, so a problem found now names the engine's option.
 */
export function createBuiltInProbe(
  name: string,
  options: SectionOptions,
  shared?: SharedResources,
): Probe {
  const section = builtInSections[name]!;
  const { declaration } = section;
  const settings = resolveOptions(
    declaration.options,
    section.optionsFrom(options, shared),
    `createEngine: options.${declaration.engineOptions.key}`,
  );
  return section.create(settings as never);
}

const fallbackTtlMs = 5 * 60_000;

/** The fallback freshness of a section: its built-in default, else five minutes. */
export function defaultTtlMs(section: string): number {
  return Object.hasOwn(builtInSections, section)
    ? builtInSections[section]!.declaration.defaultTtlMs
    : fallbackTtlMs;
}
