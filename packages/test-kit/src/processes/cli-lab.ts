import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startDnsServer, type ZoneRecords, zoneHandler } from "../dns/dns-server.js";
import { rdapDomainExample, startRdapServer } from "../rdap/rdap-server.js";
import { cleanEnv } from "./cli-process.js";

export interface CliLab {
  /** The environment pointing `domain-intel report|audit` at the lab: colour settings unset. */
  readonly env: NodeJS.ProcessEnv;
  /** A scratch directory, removed on close. */
  readonly directory: string;
  close(): Promise<void>;
}

/**
 * Loopback peers for the command line: one resolver answering each of `names` (A 127.0.0.1,
 * where nothing listens on 443, so the TLS probe finds a refusal at once; MX and NS under the
 * name) and one RDAP registry for every `.test` name, through a bootstrap file. `zones` and
 * `rdap` (answers by name) replace those defaults, e.g. with a whole site's (`startSitePeers`).
 */
export async function startCliLab(
  names: readonly string[],
  options: { zones?: ZoneRecords; rdap?: Record<string, Record<string, unknown>> } = {},
): Promise<CliLab> {
  const defaults: ZoneRecords = Object.fromEntries(
    names.map((name) => [
      name,
      [
        { type: "A" as const, name, ttl: 120, data: "127.0.0.1" },
        { type: "MX" as const, name, ttl: 120, data: { preference: 10, exchange: `mail.${name}` } },
        { type: "NS" as const, name, ttl: 120, data: `ns1.${name}` },
      ],
    ]),
  );
  const dns = await startDnsServer(zoneHandler({ ...defaults, ...options.zones }));
  const rdap = await startRdapServer((path) => {
    const name = /\/domain\/([^/?]+)/.exec(path)?.[1];
    if (!name) return { status: 404 };
    const json = options.rdap?.[name.toLowerCase()] ?? {
      ...rdapDomainExample(),
      ldhName: name.toUpperCase(),
    };
    return { status: 200, json };
  });
  const directory = mkdtempSync(join(tmpdir(), "cli-lab-"));
  const bootstrap = join(directory, "dns.json");
  writeFileSync(
    bootstrap,
    JSON.stringify({ version: "1.0", services: [[["test"], [rdap.baseUrl]]] }),
  );
  const env = cleanEnv({
    DOMAIN_INTEL_RESOLVERS: dns.address,
    DOMAIN_INTEL_ALLOW_PRIVATE: "yes",
    DOMAIN_INTEL_RDAP_BOOTSTRAP: bootstrap,
    // The hosting section asks Cymru through the lab's resolver rather than read the 50 MB of the
    // data package in every CLI process a test starts.
    DOMAIN_INTEL_ASN_SOURCE: "cymru",
    NO_COLOR: "",
    FORCE_COLOR: "",
  });
  return {
    env,
    directory,
    async close() {
      await Promise.all([dns.close(), rdap.close()]);
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
