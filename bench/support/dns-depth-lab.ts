/**
 * One scenario's lab world in a process of its own (`dns-depth-lab.ts <index> <port53>`): real
 * name servers are other machines, so neither tool should share its process with the servers.
 * Prints the world's coordinates as one JSON line and closes the world when stdin ends.
 */

import { startLabWorld } from "@domain-intel/test-kit";
import { scenarios } from "./dns-depth-scenarios.js";

export interface LabCoordinates {
  domain: string;
  rootAddress: string;
  trustAnchor: string;
  resolver: string;
  port: number;
}

const index = Number(process.argv[2]);
const onPort53 = process.argv[3] === "port53";
const scenario = index === -1 ? { world: {} } : scenarios[index];
if (!scenario) throw new Error(`no scenario ${process.argv[2]}`);
const world = await startLabWorld({
  ...scenario.world,
  ipv6: false,
  ...(onPort53 ? { port: 53, serveRoot: true } : {}),
});
const coordinates: LabCoordinates = {
  domain: world.domain,
  rootAddress: world.rootAddress,
  trustAnchor: world.trustAnchor,
  resolver: world.lab.resolver.address,
  port: world.lab.port,
};
process.stdout.write(`${JSON.stringify(coordinates)}\n`);
process.stdin.resume();
process.stdin.on("end", () => {
  world.close().then(() => process.exit(0));
});
