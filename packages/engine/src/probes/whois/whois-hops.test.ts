import { lookup as systemLookup } from "node:dns/promises";
import { readFileSync } from "node:fs";
import {
  engineGet,
  privateUntilAnswered,
  type RdapTestServer,
  rdapDomainExample,
  startDnsServer,
  startRdapServer,
  startWhoisPeers,
  type TestDnsServer,
  testProbeContext,
  zoneHandler,
} from "@domain-intel/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProbeContext } from "../../contract/probe.js";
import { ProbeError } from "../../contract/probe.js";
import { createEngine } from "../../engine.js";
import { silentLogger } from "../../logging/logger.js";
import { type WhoisProbeOptions, whoisProbe } from "./index.js";

/**
 * Every outbound connection of the whois probe, at every hop, resolves host names through the
 * configured resolvers, judges every address and connects only to a vetted one. Real peers on
 * loopback: IANA's WHOIS, a registry's and a registrar's WHOIS, a registry's and a registrar's
 * RDAP, each on its own address, all named only in the zone of a loopback resolver that
 * records every question.
 */

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
const registeredDoc = rdapDomainExample();

const address = {
  iana: "127.0.0.4",
  registryWhois: "127.0.0.5",
  registrarWhois: "127.0.0.6",
  registryRdap: "127.0.0.7",
  registrarRdap: "127.0.0.8",
};

const peers = await startWhoisPeers({
  // IANA's answer for a TLD names the TLD's WHOIS server.
  [address.iana]: (query) =>
    query === "test"
      ? "% IANA WHOIS server\r\n\r\ndomain:       TEST\r\n\r\nwhois:        whois.registry.test\r\n"
      : "% This query returned 0 objects.\r\n",
  // A thin registry: its answer refers to the registrar's WHOIS.
  [address.registryWhois]: (query) =>
    fixture("whois-registry-thin.txt").replaceAll("REFERRED.TEST", query.toUpperCase()),
  [address.registrarWhois]: (query) =>
    query === "silent.test"
      ? null
      : fixture("whois-registrar-proxied.txt").replaceAll("referred.test", query),
});
const ianaWhois = peers.servers[address.iana]!;
const registryWhois = peers.servers[address.registryWhois]!;
const registrarWhois = peers.servers[address.registrarWhois]!;

let dns: TestDnsServer;
let registryRdap: RdapTestServer;
let registrarRdap: RdapTestServer;
/** The RDAP URLs as the probe sees them: host names only the loopback resolver knows. */
let registryBase: string;
let registrarBase: string;

beforeAll(async () => {
  registrarRdap = await startRdapServer(
    (path) =>
      path.startsWith("/hang/")
        ? { hang: true }
        : { status: 200, json: { ...registeredDoc, entities: [] } },
    { host: address.registrarRdap },
  );
  registrarBase = `http://rdap.registrar.test:${new URL(registrarRdap.baseUrl).port}/`;
  registryRdap = await startRdapServer(
    (path) => {
      if (path === "/dns.json") return { status: 200, json: bootstrap(registryBase) };
      const name = path.split("/domain/")[1] ?? "";
      // The registry's answer links to the registrar's RDAP record.
      const link = `${registrarBase}${name === "slowlink.test" ? "hang/" : ""}domain/${name}`;
      return {
        status: 200,
        json: {
          ...registeredDoc,
          ldhName: name.toUpperCase(),
          links: [{ rel: "related", type: "application/rdap+json", href: link }],
        },
      };
    },
    { host: address.registryRdap },
  );
  registryBase = `http://rdap.registry.test:${new URL(registryRdap.baseUrl).port}/`;
  const a = (name: string, data: string) => [{ type: "A" as const, name, ttl: 60, data }];
  dns = await startDnsServer(
    zoneHandler({
      "whois.iana.org": a("whois.iana.org", address.iana),
      "whois.registry.test": a("whois.registry.test", address.registryWhois),
      "whois.registrar.test": a("whois.registrar.test", address.registrarWhois),
      "rdap.registry.test": a("rdap.registry.test", address.registryRdap),
      "rdap.registrar.test": a("rdap.registrar.test", address.registrarRdap),
    }),
  );
});

afterAll(async () => {
  await peers.close();
  await registryRdap?.close();
  await registrarRdap?.close();
  await dns?.close();
});

function bootstrap(...bases: string[]) {
  return { version: "1.0", publication: "2026-11-01T00:00:00Z", services: [[["test"], bases]] };
}

/** No RDAP service for .test: the probe goes straight to WHOIS. */
const noRdap = { version: "1.0", publication: "2026-11-01T00:00:00Z", services: [] };

const probeWith = (options: WhoisProbeOptions) => whoisProbe({ whoisPort: peers.port, ...options });

function context(allowPrivateAddresses: boolean, timeoutMs = 3000): ProbeContext {
  return testProbeContext({ resolvers: [dns.address], allowPrivateAddresses, timeoutMs });
}

/** The names the loopback resolver was asked for (A or AAAA) since `seen` questions. */
const asked = (seen: number) => new Set(dns.queries.slice(seen).map((query) => query.name));

async function probeError(result: unknown): Promise<ProbeError> {
  const error = await Promise.resolve(result).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProbeError);
  return error as ProbeError;
}

describe("every host name is resolved by the configured resolver, never the system's", () => {
  it("exists only in the loopback resolver's zone", async () => {
    for (const name of ["whois.registry.test", "whois.registrar.test", "rdap.registry.test"]) {
      await expect(systemLookup(name)).rejects.toThrow();
    }
  });

  it("WHOIS: IANA, the registry IANA names, the registrar the registry refers to", async () => {
    const seen = dns.queries.length;
    const queries = [ianaWhois, registryWhois, registrarWhois].map((peer) => peer.queries.length);

    const data = await probeWith({ bootstrap: noRdap }).run("example.test", context(true));

    expect(data.servers).toEqual([
      { kind: "whois", host: "whois.iana.org", outcome: "ok" },
      { kind: "whois", host: "whois.registry.test", outcome: "ok" },
      { kind: "whois", host: "whois.registrar.test", outcome: "ok" },
    ]);
    // Each peer was reached at the address only the loopback resolver gives for its name.
    expect(ianaWhois.queries.slice(queries[0])).toEqual(["test"]);
    expect(registryWhois.queries.slice(queries[1])).toEqual(["example.test"]);
    expect(registrarWhois.queries.slice(queries[2])).toEqual(["example.test"]);
    expect(asked(seen)).toEqual(
      new Set(["whois.iana.org", "whois.registry.test", "whois.registrar.test"]),
    );
    // The registrar's contacts (a proxy service) and the registry's dates, merged.
    expect(data.privacy?.proxyService).toBe("Domains By Proxy, LLC");
    expect(data.expiresAt).toBe("2099-06-20T18:33:08.000Z");
  });

  it("RDAP: the bootstrap URL, the registry base URL and the registrar link", async () => {
    const seen = dns.queries.length;
    const requests = registrarRdap.requests.length;

    const data = await probeWith({ bootstrap: `${registryBase}dns.json` }).run(
      "example.test",
      context(true),
    );

    expect(data.servers).toEqual([
      { kind: "rdap", url: registryBase, outcome: "ok" },
      { kind: "rdap", url: `${registrarBase}domain/example.test`, outcome: "ok" },
    ]);
    expect(registrarRdap.requests.slice(requests)).toEqual(["/domain/example.test"]);
    expect(asked(seen)).toEqual(new Set(["rdap.registry.test", "rdap.registrar.test"]));
  });
});

describe("with private addresses off, no hop connects to a loopback peer", () => {
  it.each([
    ["an IP literal", address.registryWhois, `${address.registryWhois} is not a public address`],
    [
      "a host name",
      "whois.registry.test",
      `whois.registry.test resolves to ${address.registryWhois}, not a public address`,
    ],
  ])("the WHOIS hint, given as %s", async (_form, hint, says) => {
    const accepted = registryWhois.connections;

    const error = await probeError(
      probeWith({ bootstrap: noRdap, whoisHints: { test: hint } }).run(
        "example.test",
        context(false),
      ),
    );

    expect(registryWhois.connections).toBe(accepted);
    expect(error.code).toBe("upstream_error");
    expect(error.message).toBe(
      `No registry answered for example.test: WHOIS ${hint} not used: ${says} (loopback range), and private addresses are not allowed; the RDAP bootstrap lists no server for .test`,
    );
  });

  it("IANA's WHOIS, asked when no hint names the registry", async () => {
    const accepted = ianaWhois.connections;
    const seen = dns.queries.length;

    const error = await probeError(
      probeWith({ bootstrap: noRdap }).run("example.test", context(false)),
    );

    expect(ianaWhois.connections).toBe(accepted);
    expect(asked(seen)).toEqual(new Set(["whois.iana.org"]));
    expect(error.message).toBe(
      `No registry answered for example.test: IANA WHOIS whois.iana.org not used: whois.iana.org resolves to ${address.iana}, not a public address (loopback range), and private addresses are not allowed; the RDAP bootstrap lists no server for .test`,
    );
  });

  it("the registry WHOIS that IANA's answer names", async () => {
    const accepted = registryWhois.connections;

    const error = await probeError(
      probeWith({ bootstrap: noRdap }).run(
        "example.test",
        privateUntilAnswered(context(true), ianaWhois),
      ),
    );

    expect(registryWhois.connections).toBe(accepted);
    expect(error.message).toContain(
      `WHOIS whois.registry.test not used: whois.registry.test resolves to ${address.registryWhois}, not a public address`,
    );
  });

  it("the registrar WHOIS that the registry's answer refers to", async () => {
    const accepted = registrarWhois.connections;

    const data = await probeWith({
      bootstrap: noRdap,
      whoisHints: { test: "whois.registry.test" },
    }).run("example.test", privateUntilAnswered(context(true), registryWhois));

    expect(registrarWhois.connections).toBe(accepted);
    expect(data.registered).toBe(true);
    expect(data.servers).toEqual([
      { kind: "whois", host: "whois.registry.test", outcome: "ok" },
      { kind: "whois", host: "whois.registrar.test", outcome: "address_not_allowed" },
    ]);
  });

  it("the RDAP bootstrap URL", async () => {
    const accepted = registryRdap.connections;

    const error = await probeError(
      probeWith({
        bootstrap: `${registryBase}dns.json`,
        whoisHints: { test: address.registryWhois },
      }).run("example.test", context(false)),
    );

    expect(registryRdap.connections).toBe(accepted);
    expect(error.message).toContain(
      `RDAP bootstrap ${registryBase}dns.json not used: rdap.registry.test resolves to ${address.registryRdap}, not a public address`,
    );
  });

  it("the RDAP base URL", async () => {
    const accepted = registryRdap.connections;

    const error = await probeError(
      probeWith({
        bootstrap: bootstrap(registryBase),
        whoisHints: { test: address.registryWhois },
      }).run("example.test", context(false)),
    );

    expect(registryRdap.connections).toBe(accepted);
    expect(error.message).toContain(
      `RDAP ${registryBase} not used: rdap.registry.test resolves to ${address.registryRdap}, not a public address`,
    );
  });

  it("the RDAP link in the registry's answer", async () => {
    const accepted = registrarRdap.connections;

    const data = await probeWith({ bootstrap: bootstrap(registryBase) }).run(
      "example.test",
      privateUntilAnswered(context(true), registryRdap),
    );

    expect(registrarRdap.connections).toBe(accepted);
    expect(data.registered).toBe(true);
    expect(data.servers).toEqual([
      { kind: "rdap", url: registryBase, outcome: "ok" },
      { kind: "rdap", url: `${registrarBase}domain/example.test`, outcome: "address_not_allowed" },
    ]);
  });

  it("GET /whois/{name} through the engine, whose policy is off by default", async () => {
    const key = "whois-hops-key-0123456789";
    const engine = createEngine({
      keys: [key],
      network: { resolvers: [dns.address], timeoutMs: 3000 },
      rdap: {
        bootstrap: noRdap,
        whoisHints: { test: address.registryWhois },
        whoisPort: peers.port,
      },
      probes: { dns: false, ssl: false, mail: false, hosting: false },
      rateLimit: false,
      logger: silentLogger,
    });
    const accepted = registryWhois.connections;

    const { status, body } = await engineGet(engine, "/api/v1/whois/example.test", key);

    expect(status).toBe(502);
    expect(body.code).toBe("upstream_error");
    expect(registryWhois.connections).toBe(accepted);
  });
});

describe("a step that runs out of time leaves a partial section saying so", () => {
  it("a registrar WHOIS that never answers costs the registrar's data, not the registry's", async () => {
    const started = performance.now();

    const data = await probeWith({
      bootstrap: noRdap,
      whoisHints: { test: "whois.registry.test" },
    }).run("silent.test", context(true, 1500));

    expect(performance.now() - started).toBeLessThan(1500);
    expect(data.registered).toBe(true);
    expect(data.registrar?.name).toBe("Registrar of Record, LLC");
    expect(data.servers.at(-1)).toEqual({
      kind: "whois",
      host: "whois.registrar.test",
      outcome: "timeout",
    });
    expect(data.findings.at(-1)).toEqual({
      id: "whois.lookup.partial",
      status: "skipped",
      severity: "info",
      message:
        "Part of the lookup ran out of time: WHOIS whois.registrar.test timed out. The answer holds what arrived in time; registrar details may be missing.",
      details: { timedOut: ["WHOIS whois.registrar.test"], cutShort: [], unasked: [] },
    });
  });

  it("an RDAP registrar link that hangs", async () => {
    const started = performance.now();

    const data = await probeWith({ bootstrap: bootstrap(registryBase) }).run(
      "slowlink.test",
      context(true, 1500),
    );

    expect(performance.now() - started).toBeLessThan(1500);
    expect(data.registered).toBe(true);
    const link = `${registrarBase}hang/domain/slowlink.test`;
    expect(data.servers.at(-1)).toEqual({ kind: "rdap", url: link, outcome: "timeout" });
    expect(data.findings.at(-1)).toMatchObject({
      id: "whois.lookup.partial",
      status: "skipped",
      details: { timedOut: [`RDAP ${link}`] },
    });
  });

  it("without a finding when every step finished", async () => {
    const data = await probeWith({ bootstrap: bootstrap(registryBase) }).run(
      "example.test",
      context(true),
    );
    expect(data.findings.map((finding) => finding.id)).not.toContain("whois.lookup.partial");
  });
});
