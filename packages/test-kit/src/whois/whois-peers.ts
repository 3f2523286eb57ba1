import { startWhoisServer, type WhoisTestServer } from "./whois-server.js";

/**
 * WHOIS servers on several loopback addresses sharing one free port, so a probe configured
 * with that `whoisPort` reaches each by address alone, as it reaches port 43 in production.
 * A port another process holds on one of the addresses is given up for the next.
 */
export async function startWhoisPeers(
  peers: Record<string, (query: string) => string | null>,
): Promise<{ port: number; servers: Record<string, WhoisTestServer>; close(): Promise<void> }> {
  const hosts = Object.keys(peers);
  for (let attempt = 0; ; attempt++) {
    const servers: Record<string, WhoisTestServer> = {};
    let port = 0;
    try {
      for (const host of hosts) {
        const server = await startWhoisServer(peers[host]!, { host, port });
        servers[host] = server;
        port = server.port;
      }
      const all = Object.values(servers);
      return {
        port,
        servers,
        close: async () => {
          await Promise.all(all.map((server) => server.close()));
        },
      };
    } catch (error) {
      await Promise.all(Object.values(servers).map((server) => server.close()));
      if (attempt >= 5) throw error;
    }
  }
}
