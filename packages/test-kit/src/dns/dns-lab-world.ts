import {
  type DnsData,
  type DnsProbeOptions,
  dnsProbe,
  type Finding,
  type NetworkPolicy,
} from "@domain-intel/engine";
import * as packet from "dns-packet";
import type { DenialMode } from "../dnssec/denial-chain.js";
import { dsRecord, generateZoneKey, signZone, type TestZoneKey } from "../dnssec/dnssec-signer.js";
import { testProbeContext } from "../engine/probe-context.js";
import { type DnsLab, labBlock, startDnsLab } from "./dns-lab.js";
import type { DnsReply } from "./dns-server.js";
import {
  type AuthoritativeBehaviour,
  authoritativeHandler,
  resolverHandler,
  type ServedZone,
} from "./dns-zone-handlers.js";
import { encodeSvcb } from "./svcb-encoder.js";

/**
 * A small DNS world on loopback for health tests and the bench: a parent zone on one server, the
 * domain's zone on three (two IPv4 addresses in different /24s, one on ::1), and a resolver
 * that knows both. By default the zone is healthy: signed, DS at the parent, mail configured
 * with SPF, DMARC, MTA-STS and TLS-RPT, CAA, sane SOA timers. Hooks change it before or
 * after signing, for the whole world or one server, so each test breaks one thing.
 */
export interface LabWorldContext {
  domain: string;
  /** The lab's 127.x block: the second byte of its IPv4 addresses. */
  block: number;
  parent: string;
  /** Name server host names, in server order. */
  hosts: string[];
  /** Name server addresses, in server order (override to place them). */
  addresses: string[];
  parentAddress: string;
  /** Where the root zone is served authoritatively, with `serveRoot`. */
  rootAddress: string;
  ksk: TestZoneKey | null;
  zsk: TestZoneKey | null;
  /** The signed root's key and the parent zone's: the chain of trust above the domain. */
  rootKey: TestZoneKey;
  parentKey: TestZoneKey;
  /** The root's DS as a trust anchor (`. IN DS ...`), what `dnsProbe({ trustAnchors })` takes. */
  trustAnchor: string;
}

type Records = packet.Answer[];

export interface ServerVariant {
  behaviour?: AuthoritativeBehaviour;
  /** This server's copy of the zone, before signing. */
  zone?: (records: Records, world: LabWorldContext) => Records;
  /** This server's copy of the zone, after signing (to corrupt a signature). */
  signed?: (records: Records, world: LabWorldContext) => Records;
}

export interface LabWorldOptions {
  domain?: string;
  /** The signing algorithm; null leaves the zone unsigned. Default 13 (ECDSA P-256). */
  algorithm?: 5 | 8 | 13 | 15 | null;
  rsaBits?: number;
  /** The third name server on ::1. Default true; false puts it on a third IPv4 /24. */
  ipv6?: boolean;
  /** Name server addresses by server index, replacing the defaults (`block` is the lab's 127.x). */
  addresses?: (block: number) => string[];
  /** Signature validity relative to now, in seconds. Default one hour ago to 14 days ahead. */
  signatureWindow?: { from: number; to: number };
  dsDigestType?: number;
  /** How the zone proves names and types absent: NSEC (the default) or NSEC3. */
  denial?: DenialMode;
  /** The domain's zone for everyone (resolver and servers), before and after signing. */
  child?: (records: Records, world: LabWorldContext) => Records;
  childSigned?: (records: Records, world: LabWorldContext) => Records;
  parentZone?: (records: Records, world: LabWorldContext) => Records;
  /** The parent zone after signing (to break a signature one level up). */
  parentSigned?: (records: Records, world: LabWorldContext) => Records;
  /** The root zone the resolver serves, before signing (its DS for the parent zone...). */
  rootZone?: (records: Records, world: LabWorldContext) => Records;
  /** Per server, by index in `hosts`. */
  servers?: Partial<Record<number, ServerVariant>>;
  /**
   * The origin AS of each name server address, by server index, as Team Cymru's DNS mapping
   * the resolver serves tells it; null leaves an address unmapped. Default 64500 + index.
   */
  asn?: (index: number, address: string) => number | null;
  /**
   * The PTR name of each name server address, by server index, in the reverse zones the
   * resolver serves; null leaves an address without one. Default the server's own name.
   */
  ptr?: (index: number, world: LabWorldContext) => string | null;
  /** More zones the resolver knows (an SPF include provider...). */
  extraZones?: ServedZone[];
  latencyMs?: number;
  onQuery?: Parameters<typeof startDnsLab>[0]["onQuery"];
  /** The authoritative servers' port (53 for zonemaster-cli). Default ephemeral. */
  port?: number;
  /** The lab's 127.x block; default a random one. Set with `keys` to start the same world again. */
  block?: number;
  /** The keys of an earlier world (its `ksk`, `zsk`, `rootKey`, `parentKey`), to serve it again. */
  keys?: Pick<LabWorldContext, "ksk" | "zsk" | "rootKey" | "parentKey">;
  /**
   * Also serve the root zone authoritatively at `rootAddress`, with glue for the parent's
   * server, so a tool that walks from root hints (zonemaster-cli) finds the delegation.
   */
  serveRoot?: boolean;
  /**
   * The zone is served by its servers but not delegated: the parent has no NS, glue or DS for
   * it and the resolver does not know it (a zone set up on new servers, for undelegated tests).
   */
  undelegated?: boolean;
  /**
   * A second server of the parent zone (`ns2.nic.<parent>` at 127.B.9.2) serving the parent
   * zone changed by this function: a parent server left behind by a DS change, say.
   */
  secondParent?: (records: Records, world: LabWorldContext) => Records;
  /**
   * The resolver's answer to a question in place of its own, when this returns one: a resolver
   * that kept a wrong answer from some server (say a server of the zone above answering for a
   * name it delegated).
   */
  resolverAnswer?: (
    question: { name: string; type: string },
    world: LabWorldContext,
  ) => (Omit<packet.Packet, "type" | "id" | "questions"> & { rcode?: string }) | undefined;
}

export interface LabWorld extends LabWorldContext {
  lab: DnsLab;
  close(): Promise<void>;
}

const soa = (name: string, mname: string, serial = 2026112201): packet.Answer => ({
  type: "SOA",
  name,
  ttl: 3600,
  data: {
    mname,
    rname: `hostmaster.${name}`,
    serial,
    refresh: 14_400,
    retry: 3_600,
    expire: 1_209_600,
    minimum: 3_600,
  },
});

/** The healthy zone of `domain`. */
function childRecords(world: LabWorldContext): Records {
  const { domain, hosts, addresses } = world;
  const mail = `mail.${domain}`;
  const txt = (name: string, data: string): packet.Answer => ({
    type: "TXT",
    name,
    ttl: 300,
    data,
  });
  return [
    soa(domain, hosts[0]!),
    ...hosts.map((host): packet.Answer => ({ type: "NS", name: domain, ttl: 3600, data: host })),
    ...hosts.map(
      (host, index): packet.Answer => ({
        type: addresses[index]!.includes(":") ? "AAAA" : "A",
        name: host,
        ttl: 3600,
        data: addresses[index]!,
      }),
    ),
    { type: "A", name: domain, ttl: 300, data: "192.0.2.10" },
    { type: "AAAA", name: domain, ttl: 300, data: "2001:db8::10" },
    { type: "MX", name: domain, ttl: 300, data: { preference: 10, exchange: mail } },
    { type: "A", name: mail, ttl: 300, data: "192.0.2.25" },
    txt(domain, `v=spf1 mx include:_spf.${domain} -all`),
    txt(`_spf.${domain}`, "v=spf1 ip4:192.0.2.0/24 -all"),
    txt(`_dmarc.${domain}`, `v=DMARC1; p=reject; rua=mailto:dmarc@${domain}`),
    txt(`_mta-sts.${domain}`, "v=STSv1; id=20261122T000000"),
    txt(`_smtp._tls.${domain}`, `v=TLSRPTv1; rua=mailto:tls-reports@${domain}`),
    {
      type: "CAA",
      name: domain,
      ttl: 300,
      data: { flags: 0, tag: "issue", value: "letsencrypt.org" },
    },
    {
      type: "SRV",
      name: `_submission._tcp.${domain}`,
      ttl: 300,
      data: { priority: 0, weight: 1, port: 587, target: mail },
    },
    {
      type: "SRV",
      name: `_imaps._tcp.${domain}`,
      ttl: 300,
      data: { priority: 0, weight: 1, port: 993, target: mail },
    },
    {
      type: "UNKNOWN_65",
      name: domain,
      ttl: 300,
      data: encodeSvcb({
        priority: 1,
        target: ".",
        params: [[1, Buffer.from("\x02h2\x02h3", "latin1")]],
      }),
    } as unknown as packet.Answer,
  ];
}

function parentRecords(world: LabWorldContext, ds: Records, second: boolean): Records {
  const { parent, domain, hosts, addresses, parentAddress } = world;
  const parentHost = `ns.nic.${parent}`;
  const secondHost = `ns2.nic.${parent}`;
  return [
    soa(parent, parentHost),
    { type: "NS", name: parent, ttl: 86_400, data: parentHost },
    { type: "A", name: parentHost, ttl: 86_400, data: parentAddress },
    ...(second
      ? ([
          { type: "NS", name: parent, ttl: 86_400, data: secondHost },
          { type: "A", name: secondHost, ttl: 86_400, data: secondParentAddress(world) },
        ] satisfies Records)
      : []),
    ...hosts.map((host): packet.Answer => ({ type: "NS", name: domain, ttl: 86_400, data: host })),
    // Glue for the in-zone servers, as registries publish it.
    ...hosts.map(
      (host, index): packet.Answer => ({
        type: addresses[index]!.includes(":") ? "AAAA" : "A",
        name: host,
        ttl: 86_400,
        data: addresses[index]!,
      }),
    ),
    ...ds,
  ];
}

/** The address of the parent zone's second server, when the world has one. */
const secondParentAddress = (world: LabWorldContext) => `127.${world.block}.9.2`;

/** The root zone: its SOA and NS, and the delegation of the parent zone with its DS. */
function rootRecords(world: LabWorldContext): Records {
  const rootHost = "a.root-servers.test";
  return [
    soa(".", rootHost),
    { type: "NS", name: ".", ttl: 86_400, data: rootHost },
    { type: "NS", name: world.parent, ttl: 86_400, data: `ns.nic.${world.parent}` },
    dsRecord({ zone: world.parent, key: world.parentKey }),
  ];
}

/** The root zone with the addresses of its server and of the parent's, for referrals. */
function rootRecordsWithGlue(world: LabWorldContext): Records {
  return [
    ...rootRecords(world),
    { type: "A", name: "a.root-servers.test", ttl: 86_400, data: world.rootAddress },
    { type: "A", name: `ns.nic.${world.parent}`, ttl: 86_400, data: world.parentAddress },
  ];
}

/** Team Cymru's origin zone for the lab's name server addresses. */
function asnZone(
  world: LabWorldContext,
  asn: (index: number, address: string) => number | null,
): ServedZone {
  const records = world.addresses.flatMap((address, index): Records => {
    const origin = asn(index, address);
    if (origin === null) return [];
    const name = address.includes(":")
      ? `${[...expandIpv6(address)].reverse().join(".")}.origin6.asn.cymru.com`
      : `${address.split(".").reverse().join(".")}.origin.asn.cymru.com`;
    return [
      { type: "TXT", name, ttl: 300, data: `${origin} | ${address}/32 | ZZ | lab | 2026-01-01` },
    ];
  });
  return { apex: "asn.cymru.com", records };
}

/** The reverse zones (`in-addr.arpa`, `ip6.arpa`) with a PTR for each name server address. */
function reverseZones(
  world: LabWorldContext,
  ptr: (index: number, world: LabWorldContext) => string | null,
): ServedZone[] {
  const records = world.addresses.flatMap((address, index): Records => {
    const target = ptr(index, world);
    if (target === null) return [];
    const name = address.includes(":")
      ? `${[...expandIpv6(address)].reverse().join(".")}.ip6.arpa`
      : `${address.split(".").reverse().join(".")}.in-addr.arpa`;
    return [{ type: "PTR", name, ttl: 300, data: target }];
  });
  return [
    {
      apex: "in-addr.arpa",
      records: records.filter((record) => record.name.endsWith(".in-addr.arpa")),
    },
    { apex: "ip6.arpa", records: records.filter((record) => record.name.endsWith(".ip6.arpa")) },
  ];
}

/** `::1` as its 32 hex digits. */
function expandIpv6(address: string): string {
  const [head = "", tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return groups.map((group) => group.padStart(4, "0")).join("");
}

/** A DS record in zone-file form. */
export function presentDs(record: packet.Answer): string {
  const data = (record as packet.DSAnswer).data;
  const owner = record.name === "." ? "." : `${record.name}.`;
  return `${owner} IN DS ${data.keyTag} ${data.algorithm} ${data.digestType} ${data.digest.toString("hex").toUpperCase()}`;
}

export async function startLabWorld(options: LabWorldOptions = {}): Promise<LabWorld> {
  const domain = options.domain ?? "example.test";
  const parent = domain.slice(domain.indexOf(".") + 1);
  const block = options.block ?? labBlock();
  const algorithm = options.algorithm === undefined ? 13 : options.algorithm;
  const newKey = (flags: number) =>
    algorithm === null ? null : generateZoneKey({ algorithm, flags, rsaBits: options.rsaBits });
  const ksk = options.keys ? options.keys.ksk : newKey(257);
  const zsk = options.keys ? options.keys.zsk : newKey(256);
  // The chain above is signed even when the domain is not, as the real root and TLDs are.
  const rootKey = options.keys?.rootKey ?? generateZoneKey({ algorithm: 13 });
  const parentKey = options.keys?.parentKey ?? generateZoneKey({ algorithm: 13 });
  const world: LabWorldContext = {
    domain,
    block,
    parent,
    hosts: [1, 2, 3].map((n) => `ns${n}.${domain}`),
    addresses: options.addresses?.(block) ?? [
      `127.${block}.1.1`,
      `127.${block}.2.1`,
      options.ipv6 === false ? `127.${block}.3.1` : "::1",
    ],
    parentAddress: `127.${block}.9.1`,
    rootAddress: `127.${block}.8.1`,
    ksk,
    zsk,
    rootKey,
    parentKey,
    trustAnchor: presentDs(dsRecord({ zone: ".", key: rootKey })),
  };
  const now = Math.floor(Date.now() / 1000);
  const window = options.signatureWindow ?? { from: -3600, to: 14 * 86_400 };
  const sign = (records: Records) =>
    ksk && zsk
      ? signZone({
          zone: domain,
          records,
          ksk,
          zsk,
          inception: now + window.from,
          expiration: now + window.to,
          denial: options.denial ?? "nsec",
        })
      : records;

  const base = (options.child ?? ((records) => records))(childRecords(world), world);
  const finish = options.childSigned ?? ((records) => records);
  const child: ServedZone = { apex: domain, records: finish(sign(base), world) };
  const ds = ksk ? [dsRecord({ zone: domain, key: ksk, digestType: options.dsDigestType })] : [];
  const signWith = (zone: string, key: TestZoneKey, records: Records) =>
    signZone({
      zone,
      records,
      ksk: key,
      inception: now - 3600,
      expiration: now + 30 * 86_400,
    });
  const delegation = options.undelegated
    ? (records: Records) =>
        records.filter((record) => record.name !== domain && !world.hosts.includes(record.name))
    : (records: Records) => records;
  const parentZone: ServedZone = {
    apex: parent,
    records: (options.parentSigned ?? ((records) => records))(
      signWith(
        parent,
        parentKey,
        (options.parentZone ?? ((records) => records))(
          delegation(parentRecords(world, ds, options.secondParent !== undefined)),
          world,
        ),
      ),
      world,
    ),
  };
  const rootZone: ServedZone = {
    apex: ".",
    records: signWith(
      ".",
      rootKey,
      (options.rootZone ?? ((records) => records))(
        options.serveRoot ? rootRecordsWithGlue(world) : rootRecords(world),
        world,
      ),
    ),
  };

  const serverZone = (index: number): ServedZone => {
    const variant = options.servers?.[index];
    if (!variant?.zone && !variant?.signed) return child;
    const unsigned = variant.zone
      ? variant.zone(
          base.map((record) => ({ ...record })),
          world,
        )
      : base;
    const signed = finish(sign(unsigned), world);
    return { apex: domain, records: variant.signed ? variant.signed(signed, world) : signed };
  };

  // Two names may share an address (a test of exactly that): one server answers for both.
  const authoritative = new Map([[world.parentAddress, authoritativeHandler(parentZone)]]);
  if (options.secondParent) {
    const records = options.secondParent(delegation(parentRecords(world, ds, true)), world);
    authoritative.set(
      secondParentAddress(world),
      authoritativeHandler({ apex: parent, records: signWith(parent, parentKey, records) }),
    );
  }
  if (options.serveRoot) authoritative.set(world.rootAddress, authoritativeHandler(rootZone));
  world.addresses.forEach((address, index) => {
    if (authoritative.has(address)) return;
    authoritative.set(
      address,
      authoritativeHandler(serverZone(index), options.servers?.[index]?.behaviour),
    );
  });
  const resolver = resolverHandler([
    rootZone,
    parentZone,
    ...(options.undelegated ? [] : [child]),
    asnZone(world, options.asn ?? ((index) => 64_500 + index)),
    ...reverseZones(world, options.ptr ?? ((index, lab) => lab.hosts[index]!)),
    ...(options.extraZones ?? []),
  ]);
  const { resolverAnswer } = options;
  const lab = await startDnsLab({
    authoritative: [...authoritative].map(([address, handler]) => ({ address, handler })),
    resolver: resolverAnswer
      ? (query, transport) => {
          const question = query.questions?.[0];
          const given =
            question &&
            resolverAnswer({ name: question.name.toLowerCase(), type: question.type }, world);
          if (!given) return resolver(query, transport);
          return {
            type: "response",
            id: query.id,
            flags: packet.RECURSION_AVAILABLE | packet.RECURSION_DESIRED,
            questions: query.questions,
            ...given,
          } as DnsReply;
        }
      : resolver,
    latencyMs: options.latencyMs,
    onQuery: options.onQuery,
    port: options.port,
  });
  return { ...world, lab, close: () => lab.close() };
}

export interface LabAssessment {
  data: DnsData;
  world: LabWorld;
  /** The check with this id; throws when the assessment lacks it. */
  check(id: string): Finding;
  /** Queries each authoritative server received, by address (the resolver under "resolver"). */
  queries: Record<string, number>;
}

/**
 * Starts a lab world, runs the dns probe on its domain (or `domain`) through the lab's resolver
 * with the authoritative port pointed at the lab, and closes the world again.
 */
export async function assessInLab(
  options: LabWorldOptions & {
    /** The name to assess; default the world's domain. */
    name?: string;
    probe?: Omit<DnsProbeOptions, "authoritativePort">;
    network?: Partial<NetworkPolicy>;
  } = {},
): Promise<LabAssessment> {
  const world = await startLabWorld(options);
  try {
    const context = testProbeContext({
      resolvers: [world.lab.resolver.address],
      allowPrivateAddresses: true,
      timeoutMs: 5000,
      ...options.network,
    });
    const data = await dnsProbe({
      authoritativePort: world.lab.port,
      trustAnchors: world.trustAnchor,
      ...options.probe,
    }).run(options.name ?? world.domain, context);
    const queries: Record<string, number> = { resolver: world.lab.resolver.queries.length };
    for (const [address, server] of world.lab.servers) queries[address] = server.queries.length;
    return {
      data,
      world,
      queries,
      check(id) {
        const found = data.health.checks.find((finding) => finding.id === id);
        if (!found) throw new Error(`the assessment has no check ${id}`);
        return found;
      },
    };
  } finally {
    await world.close();
  }
}
