/**
 * `pnpm bench:ssl-clients`: our client profiles (`probes/ssl/clients/client-profiles.json`)
 * against the ClientHellos SSL Labs captured of the same clients, as Debian's testssl.sh ships
 * them (`/etc/testssl/client-simulation.txt`, GPL-2: read here at run time, never copied into
 * the repository). For each profile with a capture of the same client, the hello's bytes are
 * decoded and its protocol versions, cipher suites (in order), supported groups (in order) and
 * signature algorithms (in order) compared with the row's; every mismatch is printed. GREASE
 * values (RFC 8701) are left out of both sides: they are random by design.
 *
 * A data check, not a measurement: it reads the table's sources, nothing needs building.
 * BENCH_TESTSSL_CLIENTS=<path> reads another copy of the file. Exits 1 when a profile differs
 * from its capture without an explanation below, else 0; without testssl.sh it says so and
 * exits 0.
 */
import { clientProfiles } from "../packages/engine/src/probes/ssl/clients/client-profiles.js";
import {
  candidates,
  captureOf,
  explained,
  helloDifferences,
  installedCaptures,
} from "./support/testssl-clients.js";

function main(): number {
  const installed = installedCaptures();
  if (!installed) {
    console.log(
      `testssl.sh is not installed (no client-simulation.txt at ${candidates.join(" or ")}): nothing to compare. Debian: apt-get install testssl.sh`,
    );
    return 0;
  }
  const { path, captures } = installed;
  console.log(`${captures.size} captured hellos in ${path}; ${clientProfiles.length} profiles\n`);
  let matched = 0;
  let differing = 0;
  let explainedCount = 0;
  for (const profile of clientProfiles) {
    const captureName = captureOf[profile.id];
    const capture = captureName ? captures.get(captureName) : undefined;
    if (!capture) {
      console.log(`- ${profile.id}: no capture of the same client`);
      continue;
    }
    const found = helloDifferences(profile, capture);
    const why = explained[profile.id];
    if (found.length === 0) {
      matched++;
      console.log(`= ${profile.id} matches "${capture.name}"`);
    } else if (why) {
      explainedCount++;
      console.log(`~ ${profile.id} differs from "${capture.name}", explained: ${why}`);
      for (const line of found) console.log(`    ${line}`);
    } else {
      differing++;
      console.log(`x ${profile.id} differs from "${capture.name}":`);
      for (const line of found) console.log(`    ${line}`);
    }
  }
  const without = clientProfiles.length - matched - differing - explainedCount;
  console.log(
    `\n${matched} of ${clientProfiles.length} profiles match their capture; ${explainedCount} differ as explained; ${differing} differ; ${without} have no capture of the same client`,
  );
  return differing > 0 ? 1 : 0;
}

process.exitCode = main();
