import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startDnsServer, zoneHandler } from "../dns/dns-server.js";
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
 * name) and one RDAP registry for every `.test` name, through a bootstrap file.
 */
export async function startCliLab(names: readonly string[]): Promise<CliLab> {
  const zones = Object.fromEntries(
    names.map((name) => [
      name,
      [
        { type: "A" as const, name, ttl: 120, data: "127.0.0.1" },
        { type: "MX" as const, name, ttl: 120, data: { preference: 10, exchange: `mail.${name}` } },
        { type: "NS" as const, name, ttl: 120, data: `ns1.${name}` },
      ],
    ]),
  );
  const dns = await startDnsServer(zoneHandler(zones));
  const rdap = await startRdapServer((path) => {
    const name = /\/domain\/([^/?]+)/.exec(path)?.[1];
    return name
      ? { status: 200, json: { ...rdapDomainExample(), ldhName: name.toUpperCase() } }
      : { status: 404 };
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
