import {
  type HostingData,
  type HostingProbeOptions,
  hostingProbe,
  type Remediation,
} from "@domain-intel/engine";
import { ipDataFromCsv } from "@domain-intel/ip-data";
import type * as packet from "dns-packet";
import { labBlock } from "../dns/dns-lab.js";
import { startDnsServer, type ZoneRecords, zoneHandler } from "../dns/dns-server.js";
import { testProbeContext } from "../engine/probe-context.js";
import { startHttpsServer } from "../http/https-server.js";
import { startStayRtr, type TestVrp } from "../rpki/stayrtr.js";
import { createTestPki } from "../tls/certificates.js";
import { until } from "../wait/until.js";
import { applyDnsRecords, changesOf } from "./apply-changes.js";
import type { FixProof } from "./fix-proof.js";
import { expectStepNamed, stepRemediationOf } from "./step-proof.js";

type Records = packet.Answer[];
type RtrClient = NonNullable<HostingProbeOptions["rtr"]>;

/**
 * The hosting lab: shop.test on loopback, its web site on HTTPS at 127.B.7.1 and at ::1 on the
 * same port (so an AAAA the fix adds at ::1 answers), name servers and an MX in the zone, the
 * network data of each address (ip-location-db's CSV shape) and, for RPKI, StayRTR.
 */
export interface HostingLab {
  readonly domain: string;
  /** `127.B.7.n`, the lab's IPv4 address n. */
  at(n: number): string;
}

/** A broken hosting: the zone changed (from the healthy one), the RPKI cache's VRPs. */
export interface HostingProofCase {
  readonly zone?: (records: Records, lab: HostingLab) => Records;
  /** The VRPs StayRTR serves; without, no RTR cache is configured. */
  readonly vrps?: (lab: HostingLab) => TestVrp[];
  readonly parameters?: Readonly<Record<string, string>>;
}

/** The engine's RTR client for a cache (`host:port`): the test passes the engine's own. */
export type RtrClientFactory = (cache: string) => RtrClient;

const domain = "shop.test";
const record = (type: string, name: string, data: unknown): packet.Answer =>
  ({ type, name, ttl: 300, data }) as packet.Answer;

/** The healthy zone: web and mail on IPv4 and IPv6, two name servers in other networks. */
function healthyZone(lab: HostingLab): Records {
  return [
    record("A", domain, lab.at(1)),
    record("AAAA", domain, "::1"),
    record("CNAME", `www.${domain}`, domain),
    record("NS", domain, `ns1.${domain}`),
    record("NS", domain, `ns2.${domain}`),
    record("A", `ns1.${domain}`, lab.at(2)),
    record("A", `ns2.${domain}`, lab.at(3)),
    record("MX", domain, { preference: 10, exchange: `mail.${domain}` }),
    record("A", `mail.${domain}`, lab.at(4)),
    record("AAAA", `mail.${domain}`, "::1"),
  ];
}

/** The lab's network data: each address its own AS, ::1 too. */
function labIpData(lab: HostingLab) {
  const rows = [1, 2, 3, 4].map((n) => `${lab.at(n)},${lab.at(n)},${64_500 + n},Lab Net ${n}`);
  const net24 = lab.at(0).replace(/\.0$/, "");
  return ipDataFromCsv({
    source: "lab",
    asn: [{ source: "lab-asn", text: [...rows, "::1,::1,64510,Lab Net Six"].join("\n") }],
    country: [{ source: "lab-country", text: `${net24}.0,${net24}.255,NL\n::1,::1,NL` }],
  });
}

const byName = (records: Records): ZoneRecords => {
  const zone: ZoneRecords = {};
  for (const entry of records) {
    const name = entry.name.toLowerCase();
    zone[name] = [...(zone[name] ?? []), entry];
  }
  return zone;
};

/** One CA for every proof (its RSA root takes a while to make). */
let pkiMade: ReturnType<typeof createTestPki> | undefined;
const labPki = () => {
  pkiMade ??= createTestPki({ name: "Lab CA" });
  return pkiMade;
};

/** The ROAs the steps name: `Create (or Correct) the ROA: prefix P, origin ASn, maximum length L.` */
const roaStep =
  /^(?:Create|Correct) the ROA: prefix (\S+), origin AS(\d+), maximum length (\d+)\.$/;
const roasNamedIn = (remediation: Remediation): TestVrp[] =>
  (remediation.steps ?? []).flatMap((step) => {
    const match = roaStep.exec(step);
    return match ? [{ prefix: match[1]!, asn: Number(match[2]), maxLength: Number(match[3]) }] : [];
  });

/**
 * Serves the broken hosting, takes the hosting section's remediation of `id`, applies its record
 * changes to the zone and publishes the ROAs its steps name in the RPKI cache (as the address
 * holder would at its RIR), and asks the section again.
 */
export async function proveHostingFix(
  id: string,
  proof: HostingProofCase,
  rtrClient: RtrClientFactory,
): Promise<FixProof> {
  const block = labBlock();
  const lab: HostingLab = { domain, at: (n) => `127.${block}.7.${n}` };
  const closers: (() => unknown)[] = [];
  try {
    const pki = await labPki();
    const leaf = await pki.issueLeaf({ commonName: domain, subjectAltNames: [domain] });
    const site = {
      certificate: { keyPem: leaf.keyPem, certPem: leaf.chainPem },
      routes: { "/": { status: 200, body: "shop" } },
    };
    const v4 = await startHttpsServer({ ...site, host: lab.at(1) });
    closers.push(() => v4.close());
    const v6 = await startHttpsServer({ ...site, host: "::1", port: v4.port });
    closers.push(() => v6.close());
    let zone = (proof.zone ?? ((records) => records))(healthyZone(lab), lab);
    const dns = await startDnsServer((query, transport) =>
      zoneHandler(byName(zone))(query, transport),
    );
    closers.push(() => dns.close());
    const vrps = proof.vrps?.(lab);
    const stayrtr = vrps ? await startStayRtr({ vrps }) : undefined;
    if (stayrtr) closers.push(() => stayrtr.stop());
    const rtr = stayrtr ? rtrClient(stayrtr.cache) : undefined;
    if (rtr) closers.push(() => rtr.close());
    const probe = hostingProbe({
      asnSource: labIpData(lab),
      httpsPort: v4.port,
      ...(rtr ? { rtr } : {}),
    });
    const ask = async (): Promise<HostingData["findings"]> =>
      (await probe.run(domain, testProbeContext({ resolvers: [dns.address], timeoutMs: 8000 })))
        .findings;

    const before = await ask();
    const remediation = stepRemediationOf(before, id);
    const records = changesOf(remediation, "dns-record", proof.parameters ?? {});
    const roas = roasNamedIn(remediation);
    if (records.length === 0 && roas.length === 0)
      throw new Error(`${id}: neither records nor ROAs to apply: ${remediation.summary}`);
    zone = applyDnsRecords(zone, records);
    if (roas.length > 0) {
      if (!stayrtr || !rtr || !vrps) throw new Error(`${id}: ROA steps without an RPKI cache`);
      expectStepNamed(id, remediation, ["RIR"]);
      await stayrtr.setVrps([...vrps, ...roas]);
      await until(
        () =>
          roas.every(
            (roa) => rtr.validate({ prefix: roa.prefix, asn: roa.asn })?.state === "valid",
          ),
        "the RPKI cache's new ROAs",
        20_000,
      );
    }
    return { id, before, remediation, after: await ask() };
  } finally {
    for (const close of closers.reverse()) await close();
  }
}
