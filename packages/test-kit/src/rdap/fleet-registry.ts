import { writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { rdapDomainExample } from "./rdap-server.js";

export interface FleetRegistryOptions {
  /** Awaited before each answer: the latency of a distant registry. */
  readonly delay?: () => Promise<unknown>;
  /** The registrations expire this many days from now (default: the example's 2099). */
  readonly expiresInDays?: number;
}

export interface FleetRegistry {
  /** `http://127.0.0.1:PORT/` */
  readonly url: string;
  /** Lookups received so far, per domain (lower case): how often each was probed. */
  readonly lookups: ReadonlyMap<string, number>;
  /** Every lookup in the order it arrived, with `performance.now()` at its arrival. */
  readonly log: readonly { readonly domain: string; readonly at: number }[];
  /** Writes the bootstrap file pointing `.test` here (for DOMAIN_INTEL_RDAP_BOOTSTRAP); its path. */
  writeBootstrap(directory: string): string;
  close(): Promise<void>;
}

/**
 * A loopback RDAP registry for fleets of `.test` names: every domain registered (the RDAP
 * example under its name), each answer after `delay()`, each lookup counted per domain.
 */
export async function startFleetRegistry(
  options: FleetRegistryOptions = {},
): Promise<FleetRegistry> {
  const lookups = new Map<string, number>();
  const log: { domain: string; at: number }[] = [];
  const template = rdapDomainExample();
  if (options.expiresInDays !== undefined) {
    const expiresAt = new Date(Date.now() + options.expiresInDays * 86_400_000).toISOString();
    for (const event of template.events as { eventAction: string; eventDate: string }[])
      if (event.eventAction === "expiration") event.eventDate = expiresAt;
  }
  const server = createServer(async (request, response) => {
    const name = /\/domain\/([^/?]+)/.exec(request.url ?? "")?.[1]?.toLowerCase();
    if (name) {
      log.push({ domain: name, at: performance.now() });
      lookups.set(name, (lookups.get(name) ?? 0) + 1);
    }
    await options.delay?.();
    response.writeHead(name ? 200 : 404, { "content-type": "application/rdap+json" });
    response.end(name ? JSON.stringify({ ...template, ldhName: name.toUpperCase() }) : "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return {
    url,
    lookups,
    log,
    writeBootstrap(directory) {
      const path = join(directory, "dns.json");
      writeFileSync(path, JSON.stringify({ version: "1.0", services: [[["test"], [url]]] }));
      return path;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
