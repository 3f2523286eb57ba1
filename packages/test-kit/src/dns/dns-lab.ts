import { randomInt } from "node:crypto";
import { type DnsHandler, startDnsServer, type TestDnsServer } from "./dns-server.js";

/**
 * Several DNS servers on distinct loopback addresses sharing one port, as real name servers
 * share port 53: the probe's `authoritativePort` points at it. Plus a resolver on its own port
 * (configured resolvers carry their port). All of 127.0.0.0/8 is loopback on Linux.
 */
export interface DnsLab {
  /** The port every authoritative server listens on. */
  readonly port: number;
  readonly resolver: TestDnsServer;
  /** Authoritative servers by address. */
  readonly servers: ReadonlyMap<string, TestDnsServer>;
  /** Queries received by every server of the lab, resolver included. */
  queryCount(): number;
  close(): Promise<void>;
}

/** A random 127.x block per lab, so labs of tests running side by side stay apart. */
export function labBlock(): number {
  return randomInt(2, 250);
}

export async function startDnsLab(options: {
  authoritative: readonly { address: string; handler: DnsHandler }[];
  resolver: DnsHandler;
  /** Delay of every answer, authoritative and resolver alike. */
  latencyMs?: number;
  /** The authoritative servers' port: 53 for tools that cannot be told another. Default ephemeral. */
  port?: number;
  /** Called as each query arrives at any server, with that server's address. */
  onQuery?: (query: { server: string; name: string; type: string; transport: string }) => void;
}): Promise<DnsLab> {
  const { latencyMs } = options;
  const watch = (server: string) =>
    options.onQuery
      ? {
          onQuery: (query: { name: string; type: string; transport: string }) =>
            options.onQuery?.({ server, ...query }),
        }
      : {};
  const [first, ...rest] = options.authoritative;
  if (!first) throw new TypeError("startDnsLab: at least one authoritative server is needed");
  // An ephemeral port free on the first address may be taken on another: retry with a new one.
  for (let attempt = 0; ; attempt++) {
    const started: TestDnsServer[] = [];
    try {
      const leader = await startDnsServer(first.handler, {
        host: first.address,
        ...(options.port === undefined ? {} : { port: options.port }),
        latencyMs,
        ...watch(first.address),
      });
      started.push(leader);
      for (const peer of rest) {
        started.push(
          await startDnsServer(peer.handler, {
            host: peer.address,
            port: leader.port,
            latencyMs,
            ...watch(peer.address),
          }),
        );
      }
      const resolver = await startDnsServer(options.resolver, { latencyMs, ...watch("resolver") });
      started.push(resolver);
      const servers = new Map(
        options.authoritative.map((entry, index) => [entry.address, started[index]!]),
      );
      return {
        port: leader.port,
        resolver,
        servers,
        queryCount: () => started.reduce((sum, server) => sum + server.queries.length, 0),
        close: async () => {
          await Promise.all(started.map((server) => server.close()));
        },
      };
    } catch (error) {
      await Promise.all(started.map((server) => server.close()));
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE" || attempt >= 10) throw error;
    }
  }
}
