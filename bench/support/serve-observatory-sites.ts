/**
 * The MDN HTTP Observatory's test cases and captured scans as loopback sites (test-kit), in a
 * process of their own so that neither tool measured shares a thread with the servers. Prints
 * `SITES <json>` (DNS server, test root, each name's address) once listening; stops on SIGTERM.
 * argv: the two addresses, HTTPS port, http port.
 */
import {
  caseSite,
  observatoryCases,
  observatoryScans,
  scanSite,
  startSpecSites,
} from "@domain-intel/test-kit";

const [address, noHttpsAddress, httpsPort, httpPort] = process.argv.slice(2);
const specs = [...observatoryCases.map(caseSite), ...observatoryScans.map(scanSite)];
const sites = await startSpecSites(specs, {
  addresses: [address!, noHttpsAddress!],
  ports: { https: Number(httpsPort), http: Number(httpPort) },
});
process.stdout.write(
  `SITES ${JSON.stringify({
    dns: sites.dns.address,
    ca: sites.ca,
    hosts: specs.map((spec) => spec.host),
    addresses: Object.fromEntries(sites.addresses),
  })}\n`,
);
process.once("SIGTERM", () => {
  void sites.close().then(() => process.exit(0));
});
