/**
 * The hosting section's data and speed, side by side with what it replaces:
 *
 * 1. Network lookups: 1,000,000 random IPv4 addresses (and 200,000 random IPv6 ones in 2000::/3)
 *    against `@domain-intel/ip-data` loaded from its data packages, on this one thread; target
 *    at least 1,000,000 a second on one core, judged by CPU time (the machine is shared). Baseline, in the same run: Team Cymru's DNS lookup, one TXT
 *    query an address (how `dns.ns.as-diversity` found origins before), answered by a loopback
 *    DNS server, so the figure is the floor of the network's cost.
 * 2. Memory of the loaded data: the typed arrays (`stats.bytes`) and heap plus array buffers
 *    after a full GC, before and after loading, and again after the lookups (answers are not
 *    kept: it stays near zero). The load runs on a worker thread: the main thread's event
 *    loop utilization and its longest stall (`monitorEventLoopDelay`) during it are printed.
 * 3. The section's wall time for a domain with 20 addresses (5 on the domain, 5 on www., three
 *    name servers and two MX hosts with two each) on loopback, cold each run, with route
 *    validation against StayRTR when it is installed; baseline the same section with
 *    `asnSource: "cymru"` answered by the same loopback DNS server.
 *
 * 4. Before and after side by side (optional): with BENCH_IP_DATA_BEFORE=<another build's
 *    packages/ip-data/dist/index.js>, that build loads its own data too and both answer the same
 *    addresses in paired rounds (lookup() reading every field: IPv4 random and repeated, IPv6;
 *    the order alternates), judged by the median of the per-round ratios of CPU time, which cancels most of
 *    a shared machine's slow and fast spells. BENCH_PAIRED_ROUNDS sets the rounds (default 11).
 *
 * Run with `pnpm bench:hosting` (builds first). Exits 1 when the lookup target is missed, by
 * `asn()` or by `lookup()` reading every field of its answer.
 */

import { loadavg } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import {
  createTestPki,
  startDnsServer,
  startHttpsServer,
  startStayRtr,
  type ZoneRecords,
  zoneHandler,
} from "@domain-intel/test-kit";
import { createEngine, type SectionResult } from "../packages/engine/dist/index.js";
import { type IpData, ipDataFromCsv, loadIpData } from "../packages/ip-data/dist/index.js";
import { assertBenchTsconfig } from "./support/bench-process.js";

assertBenchTsconfig();

const lookupTarget = 1_000_000;
const gc = (globalThis as { gc?: () => void }).gc;

function memory() {
  gc?.();
  gc?.();
  const usage = process.memoryUsage();
  return { heap: usage.heapUsed, buffers: usage.arrayBuffers, rss: usage.rss };
}
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function randomIpv4(count: number): string[] {
  return Array.from({ length: count }, () => {
    const value = Math.floor(Math.random() * 2 ** 32);
    return `${value >>> 24}.${(value >>> 16) & 255}.${(value >>> 8) & 255}.${value & 255}`;
  });
}

function randomIpv6(count: number): string[] {
  const group = () => Math.floor(Math.random() * 65536).toString(16);
  return Array.from({ length: count }, () => {
    const first = (0x2000 + Math.floor(Math.random() * 0x2000)).toString(16);
    return [first, ...Array.from({ length: 7 }, group)].join(":");
  });
}

/**
 * IPv6 addresses the data holds (random ones in 2000::/3 almost never are: about 1 in 2,000):
 * random interface ids under the /64s of the random addresses it answered for.
 */
function announcedIpv6(data: IpData, count: number): string[] {
  const group = () => Math.floor(Math.random() * 65536).toString(16);
  const networks = randomIpv6(400_000)
    .filter((address) => data.asn(address) !== null)
    .map((address) => address.split(":").slice(0, 4).join(":"));
  return Array.from({ length: count }, (_, index) =>
    [networks[index % networks.length]!, ...Array.from({ length: 4 }, group)].join(":"),
  );
}

/**
 * Lookups a second over `addresses`, the best of `rounds`: by the wall clock, and by the CPU
 * time the process used (all its threads, the GC's included), which is what one core does
 * however busy the shared machine is.
 */
function rate(addresses: readonly string[], lookup: (address: string) => number, rounds = 5) {
  let wall = 0;
  let cpu = 0;
  let firstCpu = 0;
  let sink = 0;
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    for (const address of addresses) sink += lookup(address);
    const used = process.cpuUsage(cpuStarted);
    wall = Math.max(wall, addresses.length / ((performance.now() - started) / 1000));
    cpu = Math.max(cpu, addresses.length / ((used.user + used.system) / 1e6));
    if (round === 0) firstCpu = cpu;
  }
  return { wall, cpu, firstCpu, sink };
}

/** A lookup that reads every field of the answer, as a caller showing it would. */
const everyField = (data: IpData) => (address: string) => {
  const facts = data.lookup(address);
  return (
    (facts?.asn ?? 0) +
    (facts?.asName?.length ?? 0) +
    (facts?.prefix?.length ?? 0) +
    (facts?.country?.length ?? 0)
  );
};

/** CPU seconds (all threads) one pass of `lookup` over `addresses` takes. */
function cpuSeconds(addresses: readonly string[], lookup: (address: string) => number): number {
  const started = process.cpuUsage();
  let sink = 0;
  for (const address of addresses) sink += lookup(address);
  const used = process.cpuUsage(started);
  if (sink === -1) console.log(sink); // keeps the loop's work observable
  return (used.user + used.system) / 1e6;
}

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** Another build of ip-data against this one: paired rounds, median of the per-round ratios. */
async function sideBySide(beforePath: string, after: IpData, sets: Record<string, string[]>) {
  const before = (await import(beforePath)) as { loadIpData: typeof loadIpData };
  const old = await before.loadIpData();
  const rounds = Number(process.env.BENCH_PAIRED_ROUNDS ?? 11);
  const pairs = Object.fromEntries(Object.keys(sets).map((name) => [name, [] as number[][]]));
  for (let round = 0; round < rounds; round++) {
    for (const [name, addresses] of Object.entries(sets)) {
      // Alternate which goes first, so a slow spell does not always fall on one side.
      const first = round % 2 === 0 ? old : after;
      const second = first === old ? after : old;
      const a = cpuSeconds(addresses, everyField(first));
      const b = cpuSeconds(addresses, everyField(second));
      pairs[name]!.push(first === old ? [a, b] : [b, a]);
    }
  }
  return Object.entries(pairs).map(([name, measured]) => {
    const count = sets[name]!.length;
    return {
      name,
      before: count / median(measured.map(([b]) => b!)),
      after: count / median(measured.map(([, a]) => a!)),
      speedup: median(measured.map(([b, a]) => b! / a!)),
    };
  });
}

type Answer = ZoneRecords[string][number];
const record = (type: string, name: string, data: unknown): Answer =>
  ({ type, name, ttl: 300, data }) as Answer;

/** The TXT answer Team Cymru gives for an address, for the loopback stand-in. */
const cymruTxt = (name: string, asn: number) =>
  record("TXT", name, [`${asn} | 127.0.0.0/8 | ZZ | lab | 2026-01-01`]);
const reversed = (address: string) => address.split(".").reverse().join(".");

async function lookups() {
  const before = memory();
  const stalls = monitorEventLoopDelay({ resolution: 10 });
  const loopBefore = performance.eventLoopUtilization();
  stalls.enable();
  const loadStarted = performance.now();
  const loadCpu = process.cpuUsage();
  const data = await loadIpData();
  const loadMs = performance.now() - loadStarted;
  const loadCpuUsed = process.cpuUsage(loadCpu);
  stalls.disable();
  const loop = performance.eventLoopUtilization(loopBefore);
  const after = memory();
  const v4 = randomIpv4(1_000_000);
  const v6 = randomIpv6(200_000);
  const v6Announced = announcedIpv6(data, 200_000);
  const hot = randomIpv4(20_000);
  const hotMillion = Array.from({ length: 1_000_000 }, (_, index) => hot[index % hot.length]!);
  const beforeLookups = memory();
  // The AS alone: nothing allocated a lookup (the target is judged on this).
  const fields = rate(v4, (address) => data.asn(address) ?? 0);
  const facts = rate(v4, (address) => data.lookup(address)?.asn ?? 0);
  const withPrefix = rate(v4, everyField(data));
  const six = rate(v6, everyField(data));
  const sixAnnounced = rate(v6Announced, everyField(data));
  const sixFound = v6Announced.filter((address) => data.asn(address) !== null).length;
  // A server's pattern: the same networks asked again and again (20,000 addresses, 1M lookups).
  const repeated = rate(hotMillion, (address) => data.lookup(address)?.asn ?? 0);
  const found = v4.filter((address) => data.lookup(address)?.asn !== null).length;
  const afterLookups = memory();
  const beforePath = process.env.BENCH_IP_DATA_BEFORE;
  const paired = beforePath
    ? await sideBySide(beforePath, data, {
        "IPv4, 1,000,000 random": v4,
        "IPv6, 200,000 random": v6,
        "IPv6, 200,000 in announced ranges": v6Announced,
        "IPv4, 1,000,000 over 20,000 addresses": hotMillion,
      })
    : undefined;

  // Baseline: one Cymru TXT query an address through a loopback DNS server.
  const sample = randomIpv4(2000);
  const zone: ZoneRecords = {};
  for (const address of sample) {
    const name = `${reversed(address)}.origin.asn.cymru.com`;
    zone[name] = [cymruTxt(name, 64500)];
  }
  const dns = await startDnsServer(zoneHandler(zone));
  const engine = createEngine({
    keys: ["bench"],
    probes: { whois: false, ssl: false, http: false, mail: false, hosting: false },
    network: { resolvers: [dns.address], allowPrivateAddresses: true },
  });
  // The dns section is not the baseline: ask the loopback server directly, as Cymru lookups did.
  const { Resolver } = await import("node:dns/promises");
  const resolver = new Resolver({ timeout: 2000, tries: 1 });
  resolver.setServers([dns.address]);
  const started = performance.now();
  let answered = 0;
  for (let index = 0; index < sample.length; index += 50) {
    const batch = sample.slice(index, index + 50);
    const answers = await Promise.all(
      batch.map((address) =>
        resolver.resolveTxt(`${reversed(address)}.origin.asn.cymru.com`).catch(() => []),
      ),
    );
    answered += answers.filter((answer) => answer.length > 0).length;
  }
  const cymruPerSecond = sample.length / ((performance.now() - started) / 1000);
  await engine.close();
  await dns.close();
  return {
    loadMs,
    loadCpuMs: (loadCpuUsed.user + loadCpuUsed.system) / 1000,
    loopBusy: loop.utilization,
    longestStallMs: stalls.max / 1e6,
    afterLookups: afterLookups.heap - beforeLookups.heap,
    stats: data.stats,
    heap: after.heap - before.heap,
    buffers: after.buffers - before.buffers,
    rss: after.rss,
    fields,
    withPrefix,
    six,
    sixAnnounced,
    sixFound,
    facts,
    repeated,
    paired,
    found,
    cymru: { perSecond: cymruPerSecond, answered, asked: sample.length },
  };
}

/** shop.test with 20 addresses on 127.x, one HTTPS server, PTR and Cymru answers for each. */
async function sectionWorld() {
  const block = 200;
  const at = (host: number) => `127.${block}.0.${host}`;
  const pki = await createTestPki({ name: "Let's Encrypt" });
  const leaf = await pki.issueLeaf({ commonName: "shop.test", subjectAltNames: ["shop.test"] });
  const https = await startHttpsServer({
    certificate: { keyPem: leaf.keyPem, certPem: leaf.chainPem },
    routes: { "/": { status: 200, body: "shop", headers: { server: "cloudflare" } } },
    host: at(1),
  });
  const zone: ZoneRecords = {};
  const add = (name: string, answer: Answer) => {
    zone[name] = [...(zone[name] ?? []), answer];
  };
  let next = 1;
  const addresses: string[] = [];
  const host = (name: string, count: number) => {
    for (let index = 0; index < count; index++) {
      const address = at(next++);
      addresses.push(address);
      add(name, record("A", name, address));
    }
  };
  host("shop.test", 5);
  host("www.shop.test", 5);
  for (const ns of ["ns1.shop.test", "ns2.shop.test", "ns3.shop.test"]) {
    add("shop.test", record("NS", "shop.test", ns));
    host(ns, 2);
  }
  for (const [index, exchange] of ["mx1.shop.test", "mx2.shop.test"].entries()) {
    add("shop.test", record("MX", "shop.test", { preference: 10 * (index + 1), exchange }));
    host(exchange, 2);
  }
  add("shop.test", record("TXT", "shop.test", ["v=spf1 include:_spf.google.com -all"]));
  for (const address of addresses) {
    const ptr = `${reversed(address)}.in-addr.arpa`;
    add(ptr, record("PTR", ptr, `host-${address.replaceAll(".", "-")}.shop.test`));
    const origin = `${reversed(address)}.origin.asn.cymru.com`;
    add(origin, cymruTxt(origin, 64500 + (Number(address.split(".")[3]) % 3)));
  }
  for (const asn of [64500, 64501, 64502]) {
    add(
      `AS${asn}.asn.cymru.com`,
      record("TXT", `AS${asn}.asn.cymru.com`, [`${asn} | ZZ | lab | 2001-01-01 | LAB-${asn}`]),
    );
  }
  const dns = await startDnsServer(zoneHandler(zone));
  const csv = addresses.map(
    (address, index) => `${address},${address},${64500 + ((index + 1) % 3)},Lab ${index % 3}`,
  );
  const data = ipDataFromCsv({
    source: "lab",
    asn: [{ source: "lab", text: csv.join("\n") }],
    country: [{ source: "lab", text: `${at(0)},${at(255)},NL` }],
  });
  let stayrtr: Awaited<ReturnType<typeof startStayRtr>> | null = null;
  try {
    stayrtr = await startStayRtr({
      vrps: [{ prefix: `127.${block}.0.0/24`, maxLength: 32, asn: 64500 }],
    });
  } catch (error) {
    console.log(`(route validation left out: ${(error as Error).message})`);
  }
  return {
    addresses,
    dns,
    data,
    port: https.port,
    rtr: stayrtr?.cache,
    close: async () => {
      await Promise.all([https.close(), dns.close(), stayrtr?.stop()]);
    },
  };
}

async function sectionTimes(
  world: Awaited<ReturnType<typeof sectionWorld>>,
  asnSource: unknown,
  runs: number,
) {
  const engine = createEngine({
    keys: ["bench"],
    probes: { whois: false, dns: false, ssl: false, http: false, mail: false },
    network: { resolvers: [world.dns.address], allowPrivateAddresses: true, timeoutMs: 10_000 },
    hosting: { asnSource: asnSource as never, httpsPort: world.port },
    ...(world.rtr ? { rpki: { rtr: world.rtr } } : {}),
  });
  const times: number[] = [];
  let last: SectionResult | undefined;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    last = (await engine.lookup("shop.test", "hosting", { refresh: true })) as SectionResult;
    times.push(performance.now() - started);
    await sleep(20);
  }
  await engine.close();
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, last };
}

async function main(): Promise<void> {
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(2))
      .join(" ");
  console.log(`load average at start: ${load()}`);
  const figures = await lookups();
  console.log("network lookups (ip-data, one thread, best of 5):");
  console.log(
    `  load: ${figures.loadMs.toFixed(0)} ms wall, ${figures.loadCpuMs.toFixed(0)} ms CPU (on a worker thread), ${figures.stats.asnRanges} ASN ranges, ${figures.stats.countryRanges} country ranges (${figures.stats.overlapsTrimmed} overlaps cut)`,
  );
  console.log(
    `  main thread during the load: event loop busy ${(figures.loopBusy * 100).toFixed(1)}%, longest stall ${figures.longestStallMs.toFixed(1)} ms`,
  );
  console.log(
    `  memory: typed arrays ${mb(figures.stats.bytes)}; after GC heap +${mb(figures.heap)}, array buffers +${mb(figures.buffers)}; process RSS ${mb(figures.rss)}; heap +${mb(figures.afterLookups)} after the lookups`,
  );
  const perSecond = (measured: { wall: number; cpu: number; firstCpu: number }) =>
    `${Math.round(measured.cpu).toLocaleString("en")} lookups per CPU second (first round ${Math.round(measured.firstCpu).toLocaleString("en")}; wall clock ${Math.round(measured.wall).toLocaleString("en")}/s)`;
  const announced = ((figures.found / 1_000_000) * 100).toFixed(1);
  console.log(
    `  IPv4, 1,000,000 random, asn(): ${perSecond(figures.fields)}; ${announced}% announced`,
  );
  console.log(`  IPv4, 1,000,000 random, lookup() reading its asn: ${perSecond(figures.facts)}`);
  console.log(
    `  IPv4, 1,000,000 random, lookup() reading every field: ${perSecond(figures.withPrefix)}`,
  );
  console.log(
    `  IPv6, 200,000 random in 2000::/3, lookup() reading every field: ${perSecond(figures.six)}`,
  );
  console.log(
    `  IPv6, 200,000 in announced /64s (${((figures.sixFound / 200_000) * 100).toFixed(1)}% found), lookup() reading every field: ${perSecond(figures.sixAnnounced)}`,
  );
  console.log(
    `  IPv4, 1,000,000 over 20,000 addresses, lookup() reading its asn: ${perSecond(figures.repeated)}`,
  );
  console.log(
    `  baseline, Team Cymru over loopback DNS: ${Math.round(figures.cymru.perSecond).toLocaleString("en")} lookups/s (${figures.cymru.answered}/${figures.cymru.asked} answered): ip-data ${(figures.fields.wall / figures.cymru.perSecond).toFixed(0)}x by the wall clock`,
  );
  if (figures.paired) {
    const rounds = process.env.BENCH_PAIRED_ROUNDS ?? 11;
    console.log(
      `side by side with ${process.env.BENCH_IP_DATA_BEFORE} (lookup() reading every field, median of ${rounds} paired rounds, CPU time):`,
    );
    for (const paired of figures.paired) {
      const rate = (value: number) => Math.round(value).toLocaleString("en");
      console.log(
        `  ${paired.name}: before ${rate(paired.before)}, after ${rate(paired.after)} a CPU second: ${paired.speedup.toFixed(2)}x`,
      );
    }
  }

  const world = await sectionWorld();
  try {
    const memoryData = await sectionTimes(world, world.data, 9);
    const cymru = await sectionTimes(world, "cymru", 9);
    const data = memoryData.last?.data as { hosts: { addresses: unknown[] }[] } | undefined;
    const addresses = new Set(
      data?.hosts.flatMap((host) =>
        host.addresses.map((entry) => (entry as { address: string }).address),
      ),
    );
    console.log(
      `hosting section, shop.test with ${addresses.size} addresses on loopback (median of 9, cold):`,
    );
    console.log(
      `  in-memory data${world.rtr ? " + StayRTR" : ""}: ${memoryData.median.toFixed(0)} ms`,
    );
    console.log(
      `  baseline asnSource "cymru" (loopback DNS): ${cymru.median.toFixed(0)} ms: ratio ${(memoryData.median / cymru.median).toFixed(2)}`,
    );
  } finally {
    await world.close();
  }
  console.log(`load average at the end: ${load()}`);
  for (const [what, measured] of [
    ["asn()", figures.fields],
    ["lookup() reading every field", figures.withPrefix],
  ] as const) {
    if (measured.cpu < lookupTarget) {
      console.log(
        `MISSED: ${what} ${Math.round(measured.cpu)} lookups per CPU second < ${lookupTarget}`,
      );
      process.exitCode = 1;
    }
  }
}

await main();
