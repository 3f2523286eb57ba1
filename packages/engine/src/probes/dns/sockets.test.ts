import {
  startDnsServer,
  startLabWorld,
  testProbeContext,
  zoneHandler,
} from "@domain-intel/test-kit";
import * as packet from "dns-packet";
import pLimit from "p-limit";
import { expect, it } from "vitest";
import type { ProbeContext } from "../../contract/probe.js";
import { query } from "../../protocols/dns/wire/query.js";
import { dnsProbe } from "./dns-probe.js";

/** Handles that would keep the process alive: sockets and timers. */
function openHandles(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const resource of process.getActiveResourcesInfo()) {
    if (/UDP|TCP|Timeout/.test(resource)) counts[resource] = (counts[resource] ?? 0) + 1;
  }
  return counts;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

it("leaves no socket or timer behind, whatever the outcome", async () => {
  await settle();
  const before = openHandles();

  const zone = {
    "example.test": [
      { type: "A", name: "example.test", ttl: 60, data: "192.0.2.1" },
    ] as packet.Answer[],
  };
  const good = await startDnsServer((received, transport) =>
    transport === "udp" && received.questions?.[0]?.type === "TXT"
      ? { type: "response", flags: packet.TRUNCATED_RESPONSE }
      : zoneHandler(zone)(received, transport),
  );
  const silent = await startDnsServer(() => ({ drop: true }));
  const garbage = await startDnsServer(() => ({ raw: Buffer.from("garbage") }));
  // The measure sees sockets: the three servers' UDP and TCP ones at least (a server that had
  // to try another port may still be closing its first one on a loaded machine).
  const started = openHandles();
  expect(started.UDPWrap).toBeGreaterThanOrEqual(3 + (before.UDPWrap ?? 0));
  expect(started.TCPServerWrap).toBeGreaterThanOrEqual(3 + (before.TCPServerWrap ?? 0));
  const controller = new AbortController();
  const context: ProbeContext = {
    signal: controller.signal,
    network: {
      resolvers: [silent.address, garbage.address, good.address],
      allowPrivateAddresses: true,
      timeoutMs: 2000,
    },
    limit: pLimit(4),
    remainingMs: () => 2000,
  };

  const outcomes = await Promise.allSettled([
    dnsProbe({ tryTimeoutMs: 60, udpTries: 1 }).run("example.test", context),
    query({ server: good.address, name: "example.test", type: "TXT" }),
    query({ server: silent.address, name: "example.test", type: "A", timeoutMs: 50 }),
    query({
      server: silent.address,
      name: "example.test",
      type: "A",
      transport: "tcp",
      timeoutMs: 50,
    }),
    query({ server: silent.address, name: "example.test", type: "A", signal: AbortSignal.abort() }),
    query({ server: garbage.address, name: "example.test", type: "A", timeoutMs: 50, udpTries: 1 }),
  ]);
  await Promise.all([good.close(), silent.close(), garbage.close()]);
  await settle();

  // The mix really covered answers, TCP fallback, timeouts, aborts and garbage.
  expect(outcomes.map((outcome) => outcome.status)).toEqual([
    "fulfilled",
    "fulfilled",
    "rejected",
    "rejected",
    "rejected",
    "rejected",
  ]);
  // Timers of the test runner come and go; nothing may outlive the run.
  const after = openHandles();
  for (const [kind, count] of Object.entries(after))
    expect(count, kind).toBeLessThanOrEqual(before[kind] ?? 0);
});

it("leaves nothing behind when the assessment's budget cuts a silent server short", async () => {
  await settle();
  const before = openHandles();
  const world = await startLabWorld({ servers: { 1: { behaviour: { dropUdp: true } } } });
  const silent = world.addresses[1];

  const started = performance.now();
  const data = await dnsProbe({ authoritativePort: world.lab.port, tryTimeoutMs: 10_000 }).run(
    world.domain,
    testProbeContext({ resolvers: [world.lab.resolver.address], timeoutMs: 2000 }),
  );
  const elapsed = performance.now() - started;
  await world.close();
  await settle();

  // The records and every other server's answers are there; the silent one is reported as
  // cut short, not as unreachable, since its own 10 s wait never ran out.
  expect(data.records.A).toHaveLength(1);
  const udp = data.health.checks.find((finding) => finding.id === "dns.ns.reachable-udp");
  expect(udp).toMatchObject({ status: "skipped" });
  expect(udp?.message).toMatch(
    new RegExp(`${silent}:\\d+ had not answered over UDP when the time budget ran out`),
  );
  expect(data.health.checks.find((finding) => finding.id === "dns.ns.lame")?.status).toBe("pass");
  // Before the engine's own deadline: the assessment stops at 90% of the budget.
  expect(elapsed).toBeLessThan(2000);
  const after = openHandles();
  for (const [kind, count] of Object.entries(after))
    expect(count, kind).toBeLessThanOrEqual(before[kind] ?? 0);
});
