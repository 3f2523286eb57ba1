import { writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { rdapDomainExample } from "@domain-intel/test-kit";

/**
 * A loopback RDAP server answering every `.test` domain with the RDAP example under its name,
 * each answer after `delay()`; `writeBootstrap` writes the bootstrap file that points `.test`
 * at it (for DOMAIN_INTEL_RDAP_BOOTSTRAP) and returns its path.
 */
export async function startRdapPeer(delay: () => Promise<unknown>) {
  const server = createServer(async (request, response) => {
    await delay();
    const name = /\/domain\/([^/?]+)/.exec(request.url ?? "")?.[1];
    response.writeHead(name ? 200 : 404, { "content-type": "application/rdap+json" });
    response.end(
      name ? JSON.stringify({ ...rdapDomainExample(), ldhName: name.toUpperCase() }) : "",
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return {
    writeBootstrap(directory: string): string {
      const path = join(directory, "dns.json");
      writeFileSync(path, JSON.stringify({ version: "1.0", services: [[["test"], [url]]] }));
      return path;
    },
    close(): void {
      server.closeAllConnections();
      server.close();
    },
  };
}
