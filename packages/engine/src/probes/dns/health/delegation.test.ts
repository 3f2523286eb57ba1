import {
  aliasedNameServer,
  assessInLab,
  type LabWorldOptions,
  startFilteringResolver,
  startLabWorld,
  testProbeContext,
} from "@domain-intel/test-kit";
import type * as packet from "dns-packet";
import { describe, expect, it } from "vitest";
import { dnsProbe } from "../dns-probe.js";
import { nsPublicAddress } from "./checks/delegation.js";
import type { HealthFacts } from "./facts.js";

type Records = packet.Answer[];

/** Drops a name server from a zone: its NS record and its address (or glue) records. */
const dropServer = (host: string) => (records: Records) =>
  records.filter(
    (record) =>
      !(record.type === "NS" && record.data === host) &&
      !((record.type === "A" || record.type === "AAAA") && record.name === host),
  );

const port = /:\d+/.source;

interface Scenario {
  title: string;
  world: LabWorldOptions & Parameters<typeof assessInLab>[0];
  id: string;
  status: "fail" | "warn";
  /** Pattern of the message; `B` stands for the lab's 127.B block. */
  message: (world: { addresses: string[]; parentAddress: string }) => RegExp;
}

// Each scenario breaks one thing in an otherwise healthy world (health.test.ts shows every one
// of these checks passing there) and expects exactly that check to notice.
const scenarios: Scenario[] = [
  {
    title: "a zone with a single name server",
    world: {
      child: (records, world) => dropServer(world.hosts[2]!)(dropServer(world.hosts[1]!)(records)),
      parentZone: (records, world) =>
        dropServer(world.hosts[2]!)(dropServer(world.hosts[1]!)(records)),
    },
    id: "dns.ns.count",
    status: "fail",
    message: () => /^example\.test has 1 NS record; at least two are required/,
  },
  {
    title: "a server that never answers over UDP",
    world: {
      servers: { 1: { behaviour: { dropUdp: true } } },
      probe: { tryTimeoutMs: 200, udpTries: 1 },
    },
    id: "dns.ns.reachable-udp",
    status: "fail",
    message: ({ addresses }) => new RegExp(`^${addresses[1]}${port} did not answer over UDP\\.$`),
  },
  {
    title: "a server that hangs up on TCP",
    world: { servers: { 2: { behaviour: { closeTcp: true } } } },
    id: "dns.ns.reachable-tcp",
    status: "fail",
    message: () => new RegExp(`^\\[::1\\]${port} did not answer over TCP, which large answers`),
  },
  {
    title: "a lame server that refuses the zone",
    world: { servers: { 1: { behaviour: { refuse: true } } } },
    id: "dns.ns.lame",
    status: "fail",
    message: ({ addresses }) =>
      new RegExp(
        `^${addresses[1]}${port} \\(REFUSED, not authoritative\\) does not serve example\\.test`,
      ),
  },
  {
    title: "a server that answers the DNSKEY question without authority (DNSSEC07)",
    world: { servers: { 1: { behaviour: { notAuthoritativeFor: ["DNSKEY"] } } } },
    id: "dns.ns.lame",
    status: "fail",
    message: ({ addresses }) =>
      new RegExp(
        `^${addresses[1]}${port} \\(NOERROR, DNSKEY without authority\\) does not serve example\\.test`,
      ),
  },
  {
    title: "a name server the parent does not list",
    world: { parentZone: (records, world) => dropServer(world.hosts[2]!)(records) },
    id: "dns.ns.parent-child",
    status: "warn",
    message: () =>
      /^The delegation and the zone disagree on the name servers: only the zone lists ns3\.example\.test\.$/,
  },
  {
    title: "an in-zone name server without glue",
    world: {
      parentZone: (records, world) =>
        records.filter((record) => !(record.type === "A" && record.name === world.hosts[0])),
    },
    id: "dns.ns.glue",
    status: "fail",
    message: () => /ns1\.example\.test is inside example\.test but the parent gives no glue for it/,
  },
  {
    title: "two name server names on one address",
    world: { addresses: (block) => [`127.${block}.1.1`, `127.${block}.1.1`, "::1"] },
    id: "dns.ns.distinct-ip",
    status: "fail",
    message: ({ addresses }) =>
      new RegExp(
        `ns1\\.example\\.test and ns2\\.example\\.test at ${addresses[0]}; that is one server`,
      ),
  },
  {
    title: "every name server in one /24",
    world: { addresses: (block) => [`127.${block}.1.1`, `127.${block}.1.2`, `127.${block}.1.3`] },
    id: "dns.ns.diversity",
    status: "warn",
    message: ({ addresses }) =>
      new RegExp(
        `^Every name server is in ${addresses[0]!.replace(/\.1$/, ".0")}/24, so one network outage takes them all down.$`,
      ),
  },
  {
    title: "a name server name that is an alias",
    world: { child: aliasedNameServer(1, "nsb") },
    id: "dns.ns.not-cname",
    status: "fail",
    message: () =>
      /^ns2\.example\.test is an alias of nsb\.example\.test: an NS record must name a host/,
  },
  {
    title: "a name server that recurses for anyone",
    world: { servers: { 0: { behaviour: { openRecursion: true } } } },
    id: "dns.ns.open-recursion",
    status: "fail",
    message: ({ addresses }) => new RegExp(`^${addresses[0]}${port} offers recursion to anyone`),
  },
  {
    title: "a name server without EDNS",
    world: { servers: { 1: { behaviour: { noEdns: true } } } },
    id: "dns.ns.edns",
    status: "warn",
    message: ({ addresses }) => new RegExp(`^${addresses[1]}${port} does not support EDNS0`),
  },
  {
    title: "a name server that hands out the zone",
    world: { servers: { 2: { behaviour: { allowTransfer: true } } } },
    id: "dns.ns.axfr",
    status: "warn",
    message: () => new RegExp(`^\\[::1\\]${port} allows anyone to transfer example\\.test`),
  },
];

describe("delegation and name server checks", () => {
  it.each(scenarios)("$id: $status for $title", async (scenario) => {
    const { check, world } = await assessInLab(scenario.world);

    const finding = check(scenario.id);
    expect(finding.status, JSON.stringify(finding)).toBe(scenario.status);
    expect(finding.severity).toBe(scenario.status === "fail" ? "error" : "warning");
    expect(finding.message).toMatch(scenario.message(world));
  });

  it("dns.ns.glue: fails for wrong glue, and the glue address is probed too", async () => {
    const { check, world } = await assessInLab({
      parentZone: (records, lab) =>
        records.map((record) =>
          record.type === "A" && record.name === lab.hosts[1]
            ? { ...record, data: lab.addresses[1]!.replace(/\.2\.1$/, ".7.7") }
            : record,
        ),
    });
    const wrong = world.addresses[1]!.replace(/\.2\.1$/, ".7.7");

    expect(check("dns.ns.glue")).toMatchObject({
      status: "fail",
      message: `The delegation's glue is wrong: glue for ns2.example.test is ${wrong} but it resolves to ${world.addresses[1]}.`,
    });
    // Resolvers starting cold follow the glue, so it is asked like any name server: nothing
    // listens there.
    expect(check("dns.ns.reachable-udp").message).toMatch(
      new RegExp(`^${wrong}${port} did not answer`),
    );
  });

  it("dns.ns.glue: notes, not fails, addresses the zone gives a server beyond its glue (CONSISTENCY05)", async () => {
    const extra = (address: string) => address.replace(/\.2\.1$/, ".8.8");
    const { check, world } = await assessInLab({
      child: (records, lab) => [
        ...records,
        { type: "A", name: lab.hosts[1]!, ttl: 300, data: extra(lab.addresses[1]!) },
      ],
    });

    expect(check("dns.ns.glue")).toMatchObject({
      status: "info",
      message: `The parent's glue leads to the name servers, though it is not all their addresses: ns2.example.test also resolves to ${extra(world.addresses[1]!)}, beyond its glue (${world.addresses[1]}). Resolvers starting from the parent use the glue.`,
    });
  });

  it("dns.ns.glue: fails glue for a name the zone gives no address (IB-ADDR-MISMATCH-2)", async () => {
    const { check, world } = await assessInLab({
      child: (records, lab) =>
        records.filter((record) => record.name !== lab.hosts[1] || record.type === "NS"),
    });

    expect(check("dns.ns.glue")).toMatchObject({
      status: "fail",
      message: `The delegation's glue is wrong: glue for ns2.example.test is ${world.addresses[1]} but it resolves to nothing.`,
    });
  });

  it("dns.ns.reachable-udp: skips, not fails, a silent server whose tries the budget cut short", async () => {
    const world = await startLabWorld({ servers: { 1: { behaviour: { dropUdp: true } } } });
    try {
      // Tries of 5 s to a silent server take at least 5 s on any machine (a timer never fires
      // early); a 600 ms budget must end them long before, however slow the machine is.
      const tryTimeoutMs = 5000;
      const started = performance.now();
      const data = await dnsProbe({
        authoritativePort: world.lab.port,
        trustAnchors: world.trustAnchor,
        tryTimeoutMs,
        udpTries: 2,
      }).run(
        world.domain,
        testProbeContext({ resolvers: [world.lab.resolver.address], timeoutMs: 600 }),
      );

      expect(performance.now() - started).toBeLessThan(tryTimeoutMs);
      expect(
        data.health.checks.find((finding) => finding.id === "dns.ns.reachable-udp"),
      ).toMatchObject({
        status: "skipped",
        message: expect.stringMatching(/had not answered over UDP when the time budget ran out\.$/),
      });
      expect(data.health.checks.filter((finding) => finding.status === "fail")).toEqual([]);
    } finally {
      await world.close();
    }
  }, 15_000);

  it("dns.ns.diversity: skips, not warns, when a name server's IPv6 address could not be looked up", async () => {
    // ns1 and ns2 share a /24: only ns3's ::1, never read, would make a second network.
    const world = await startLabWorld({
      addresses: (block) => [`127.${block}.1.1`, `127.${block}.1.2`, "::1"],
    });
    const resolver = await startFilteringResolver({
      upstream: world.lab.resolver.address,
      drop: (question) => question.type === "AAAA" && question.name === world.hosts[2],
    });
    try {
      // Without the parent's glue (its server is refused by the policy), ns3's ::1 comes only
      // from the AAAA lookup that never gets an answer.
      const data = await dnsProbe({ tryTimeoutMs: 100, udpTries: 1 }).run(
        world.domain,
        testProbeContext({ resolvers: [resolver.address], allowPrivateAddresses: false }),
      );

      expect(data.health.checks.find((finding) => finding.id === "dns.ns.diversity")).toMatchObject(
        {
          status: "skipped",
          message: expect.stringMatching(
            /^Not checked: the addresses of ns3\.example\.test could not all be looked up \(no answer for ns3\.example\.test\/AAAA from .* after 1 try of 100 ms\)\.$/,
          ),
        },
      );
    } finally {
      await Promise.all([resolver.close(), world.close()]);
    }
  });

  it("dns.ns.public-address: fails for loopback name servers and queries none of them", async () => {
    const { check, queries, world } = await assessInLab({
      network: { allowPrivateAddresses: false },
    });

    expect(check("dns.ns.public-address")).toMatchObject({
      status: "fail",
      severity: "error",
      details: { nonPublic: ["::1", world.addresses[0], world.addresses[1]] },
    });
    // The safety policy: addresses from DNS data are never contacted. The configured resolver is.
    for (const address of [world.parentAddress, ...world.addresses]) {
      expect(queries[address], address).toBe(0);
    }
    expect(queries.resolver).toBeGreaterThan(0);
    expect(check("dns.ns.reachable-udp")).toMatchObject({
      status: "skipped",
      message: expect.stringMatching(/network\.allowPrivateAddresses is not set/),
    });
    expect(check("dns.ns.parent-child").details?.reason).toMatch(
      /the parent's name servers are at non-public addresses/,
    );
  });

  it("dns.ns.public-address: is skipped, with what it saw, when private addresses are allowed", async () => {
    const { check, world } = await assessInLab();

    expect(check("dns.ns.public-address")).toMatchObject({
      status: "skipped",
      severity: "info",
      details: {
        nonPublic: ["::1", world.addresses[0], world.addresses[1]],
        reason: expect.stringMatching(/^network\.allowPrivateAddresses is set/),
      },
    });
  });

  it("dns.ns.public-address: passes for public addresses", () => {
    // Public name servers cannot run on loopback, and the probe would rightly query them: this
    // branch is checked on gathered facts instead (addresses from documentation-free space).
    const zone = {
      apex: "example.com",
      nsHosts: ["a.ns.example", "b.ns.example"],
      hosts: [
        {
          host: "a.ns.example",
          addresses: ["8.8.4.4", "2001:4860:4860::8844"],
          cname: null,
          error: null,
        },
        { host: "b.ns.example", addresses: ["9.9.9.9"], cname: null, error: null },
      ],
      parent: null,
      servers: [],
      blocked: [],
      ds: { failed: true, code: "network", message: "unused" },
      dnskey: { failed: true, code: "network", message: "unused" },
    } as const;
    const facts = {
      domain: "example.com",
      allowPrivateAddresses: false,
      zone,
    } as unknown as HealthFacts;

    expect(nsPublicAddress(facts)).toMatchObject({
      status: "pass",
      message: "All 3 name server addresses are public.",
    });
    expect(nsPublicAddress({ ...facts, allowPrivateAddresses: true })).toMatchObject({
      status: "pass",
    });
  });
});
