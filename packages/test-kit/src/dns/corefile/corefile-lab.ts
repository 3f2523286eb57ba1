import { existsSync, readFileSync } from "node:fs";
import net from "node:net";
import { dirname, join } from "node:path";
import type * as packet from "dns-packet";
import { startDnsServer, type TestDnsServer } from "../dns-server.js";
import { iterativeResolverHandler } from "../iterative-resolver.js";
import { parseCorefile } from "./corefile.js";
import { addressHandler, type ServedBlock, serveBlock } from "./corefile-handler.js";
import { readZoneFile } from "./zone-file.js";

/**
 * A CoreDNS configuration served on loopback by our own servers: every server block on each
 * IPv4 address it binds, all on one port (the probe's `authoritativePort`), and recursive
 * resolvers walking from given root hints. IPv6 addresses are listed but not served: binding
 * them would mean changing the host's routes.
 */
export interface CorefileLab {
  readonly port: number;
  /** IPv4 addresses served. */
  readonly addresses: readonly string[];
  /** IPv6 addresses the configuration binds and the lab does not serve. */
  readonly unservedIpv6: readonly string[];
  /** A resolver walking from `hints` (root server addresses), started on first use. */
  resolver(hints: readonly string[]): Promise<TestDnsServer>;
  /** Queries received by every server, resolvers included. */
  queryCount(): number;
  close(): Promise<void>;
}

/**
 * The lab serves IPv4 only: an AAAA record would send clients to an address off this machine
 * (the scenarios' IPv6 addresses are unique local ones, routed by the host's default route).
 */
const ipv4Only = (record: packet.Answer) => record.type !== "AAAA";

export async function startCorefileLab(options: {
  /** The directory paths in the configuration are relative to (CoreDNS's working directory). */
  root: string;
  /** The main configuration file, relative to `root`. */
  main: string;
  /** Only imports whose file name (without `.cfg`) is listed; default all that exist. */
  only?: readonly string[];
  /** How long the resolvers give each server (default 400 ms). */
  resolverTryMs?: number;
  /**
   * Serve the IPv6 addresses too (and keep AAAA records): only where loopback holds them, in a
   * network namespace of its own (`zonemaster-namespace.ts`).
   */
  ipv6?: boolean;
}): Promise<CorefileLab> {
  const { root } = options;
  const keep = options.ipv6 ? () => true : ipv4Only;
  const cache = new Map<string, packet.Answer[]>();
  const text = (path: string) => readFileSync(join(root, path), "utf8");
  const blocks = parseCorefile({
    text: text(options.main),
    path: options.main,
    read: (path, from) => {
      // An import is relative to the file holding it, else to the working directory.
      const besides = join(dirname(from), path);
      const found = existsSync(join(root, besides)) ? besides : path;
      const name = found
        .split("/")
        .pop()!
        .replace(/\.cfg$/, "");
      const wanted = !options.only || dirname(from) !== "." || options.only.includes(name) || false;
      if (!wanted || !existsSync(join(root, found))) return { text: "", path: found };
      return { text: text(found), path: found };
    },
  });
  const zoneFile = (path: string, origin: string) => {
    const key = `${path} ${origin}`;
    let records = cache.get(key);
    if (!records) {
      // `$INCLUDE` is relative to the including file, else to the working directory.
      const include = (included: string) => {
        const besides = join(dirname(path), included);
        return text(existsSync(join(root, besides)) ? besides : included);
      };
      records = readZoneFile({ text: text(path), origin, include }).filter(keep);
      cache.set(key, records);
    }
    return records;
  };

  const byAddress = new Map<string, ServedBlock[]>();
  const unservedIpv6 = new Set<string>();
  for (const block of blocks) {
    if (block.directives.some((directive) => directive.name === "unbound")) continue;
    const served = serveBlock({ block, zoneFile, keep });
    for (const bind of block.directives.filter((directive) => directive.name === "bind")) {
      for (const address of bind.args) {
        if (net.isIPv6(address) && !options.ipv6) unservedIpv6.add(address);
        else byAddress.set(address, [...(byAddress.get(address) ?? []), served]);
      }
    }
  }

  const started: TestDnsServer[] = [];
  const close = () => Promise.all(started.splice(0).map((server) => server.close()));
  let port = 0;
  const addresses = [...byAddress.keys()];
  // An ephemeral port free on the first address may be taken on another: retry with a new one.
  for (let attempt = 0; ; attempt++) {
    try {
      const first = await startDnsServer(addressHandler(byAddress.get(addresses[0]!)!), {
        host: addresses[0]!,
      });
      started.push(first);
      port = first.port;
      const rest = await Promise.allSettled(
        addresses
          .slice(1)
          .map((address) =>
            startDnsServer(addressHandler(byAddress.get(address)!), { host: address, port }),
          ),
      );
      for (const outcome of rest) if (outcome.status === "fulfilled") started.push(outcome.value);
      const failed = rest.find((outcome) => outcome.status === "rejected");
      if (failed) throw (failed as PromiseRejectedResult).reason;
      break;
    } catch (error) {
      await close();
      port = 0;
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE" || attempt >= 10) throw error;
    }
  }
  const resolvers = new Map<string, Promise<TestDnsServer>>();
  return {
    port,
    addresses,
    unservedIpv6: [...unservedIpv6],
    resolver(hints) {
      const key = hints.join(" ");
      let resolver = resolvers.get(key);
      if (!resolver) {
        resolver = startDnsServer(
          iterativeResolverHandler({
            hints: hints.filter((hint) => net.isIPv4(hint)),
            port,
            ipv6: options.ipv6 ?? false,
            ...(options.resolverTryMs ? { tryTimeoutMs: options.resolverTryMs } : {}),
          }),
        ).then((server) => {
          started.push(server);
          return server;
        });
        resolvers.set(key, resolver);
      }
      return resolver;
    },
    queryCount: () => started.reduce((sum, server) => sum + server.queries.length, 0),
    close: async () => {
      await Promise.all(resolvers.values());
      await close();
    },
  };
}
