import { createHash, X509Certificate } from "node:crypto";
import tls from "node:tls";
import {
  applyDnsRecords,
  changesOf,
  createCertificate,
  dsRecord,
  generateZoneKey,
  presentDs,
  proofProblems,
  remediationOf,
  signedResolverHandler,
  signZone,
  startDnsServer,
  testProbeContext,
} from "@domain-intel/test-kit";
import type * as packet from "dns-packet";
import { afterEach, describe, expect, it } from "vitest";
import { createBuiltInProbe } from "../built-in.js";
import { type SslData, sslProbe } from "./index.js";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((close) => close()));
});

/**
 * A site on loopback with a self-signed certificate (no PKIX trust: only DANE can vouch for it)
 * and a resolver serving the signed chain root -> test -> domain, the TLSA records at
 * `_<port>._tcp.<domain>` among the domain's records.
 */
async function daneSite(options: {
  domain: string;
  right: boolean;
  signed: boolean;
  /** The port in the TLSA owner name; default the site's. */
  tlsaPort?: number;
  /** The site already listening (a second world around the same server). */
  site?: { port: number; certPem: string };
  /** The domain's zone changed before it is signed. */
  zone?: (records: packet.Answer[]) => packet.Answer[];
}) {
  const { domain } = options;
  const own = options.site ?? (await listeningSite(domain));
  const { port } = own;
  const spki = new X509Certificate(own.certPem).publicKey.export({ type: "spki", format: "der" });
  const association = options.right
    ? createHash("sha256").update(spki).digest()
    : Buffer.alloc(32, 1);
  const now = Math.floor(Date.now() / 1000);
  const window = { inception: now - 3600, expiration: now + 86_400 };
  const [rootKey, tldKey, zoneKey] = [1, 2, 3].map(() => generateZoneKey({ algorithm: 13 }));
  const soa = (zone: string): packet.Answer => ({
    type: "SOA",
    name: zone,
    ttl: 300,
    data: { mname: `ns.${zone}`, rname: `hostmaster.${zone}`, serial: 1, minimum: 60 },
  });
  const records: packet.Answer[] = (options.zone ?? ((served) => served))([
    soa(domain),
    { type: "A", name: domain, ttl: 300, data: "127.0.0.1" },
    {
      type: "TLSA",
      name: `_${options.tlsaPort ?? port}._tcp.${domain}`,
      ttl: 300,
      data: { usage: 3, selector: 1, matchingType: 1, certificate: association },
    },
  ]);
  const sign = (zone: string, key: typeof rootKey, data: packet.Answer[]) =>
    options.signed ? signZone({ zone, ksk: key!, ...window, records: data }) : data;
  const zones = [
    {
      apex: ".",
      records: sign(".", rootKey, [
        { type: "NS", name: "test", ttl: 300, data: "ns.test" },
        dsRecord({ zone: "test", key: tldKey! }),
      ]),
    },
    {
      apex: "test",
      records: sign("test", tldKey, [
        soa("test"),
        { type: "NS", name: domain, ttl: 300, data: `ns.${domain}` },
        dsRecord({ zone: domain, key: zoneKey! }),
      ]),
    },
    { apex: domain, records: sign(domain, zoneKey, records) },
  ];
  const resolver = await startDnsServer(signedResolverHandler(zones));
  cleanups.push(() => resolver.close());
  return {
    port,
    certPem: own.certPem,
    anchor: presentDs(dsRecord({ zone: ".", key: rootKey! })),
    context: () => testProbeContext({ resolvers: [resolver.address], timeoutMs: 3000 }),
  };
}

/** A TLS server on loopback with a self-signed certificate for `domain`. */
async function listeningSite(domain: string) {
  const own = await createCertificate({ commonName: domain, subjectAltNames: [domain] });
  const server = tls.createServer({ key: own.keyPem, cert: own.certPem });
  server.on("tlsClientError", () => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { port: (server.address() as { port: number }).port, certPem: own.certPem };
}

const daneOf = (data: Awaited<ReturnType<ReturnType<typeof sslProbe>["run"]>>) =>
  data.findings.find((finding) => finding.id === "ssl.dane.tlsa");

describe("sslProbe: DANE for the web site", () => {
  it.each([
    [true, "pass"],
    [false, "fail"],
  ] as const)(
    "matches secure TLSA records at _<port>._tcp against the chain the site presents (match %s)",
    async (right, expected) => {
      const site = await daneSite({ domain: `web-${right}.test`, right, signed: true });

      const data = await sslProbe({ port: site.port, scan: false, trustAnchors: site.anchor }).run(
        `web-${right}.test`,
        site.context(),
      );

      expect(data.dane).toEqual({
        owner: `_${site.port}._tcp.web-${right}.test`,
        tlsa: [expect.objectContaining({ usage: 3, selector: 1, matchingType: 1 })],
        secure: true,
        reason: null,
        match: right,
      });
      expect(daneOf(data)?.status).toBe(expected);
      // PKIX does not trust the self-signed certificate either way: DANE is judged apart.
      expect(data.trusted).toBe(false);
    },
  );

  it("fixes records that match nothing with the record of the certificate in use, proven by asking again", async () => {
    const domain = "fix-dane.test";
    const broken = await daneSite({ domain, right: false, signed: true });
    const probe = (anchor: string) =>
      sslProbe({ port: broken.port, scan: false, trustAnchors: anchor });
    const before = await probe(broken.anchor).run(domain, broken.context());
    const remediation = remediationOf(before.findings, "ssl.dane.tlsa");
    const changes = changesOf(remediation, "dns-record");
    // Computed from the certificate the site presents, not a placeholder.
    const fingerprint = new X509Certificate(broken.certPem).fingerprint256.replace(/:/g, "");
    expect(changes).toEqual([
      expect.objectContaining({
        action: "replace",
        owner: `_${broken.port}._tcp.${domain}.`,
        type: "TLSA",
        value: `3 0 1 ${fingerprint}`,
      }),
    ]);

    const fixed = await daneSite({
      domain,
      right: false,
      signed: true,
      site: broken,
      zone: (records) => applyDnsRecords(records, changes),
    });
    const after = await probe(fixed.anchor).run(domain, fixed.context());

    expect(
      proofProblems({
        id: "ssl.dane.tlsa",
        before: before.findings,
        remediation,
        after: after.findings,
      }),
    ).toEqual([]);
  });

  it("skips TLSA records whose answer is not DNSSEC-secure, right or wrong", async () => {
    for (const [signed, anchored] of [
      [false, true],
      [true, false],
    ] as const) {
      const site = await daneSite({ domain: "insecure.test", right: false, signed });

      const data = await sslProbe({
        port: site.port,
        scan: false,
        ...(anchored ? { trustAnchors: site.anchor } : {}),
      }).run("insecure.test", site.context());

      expect(data.dane).toMatchObject({ secure: false, match: false });
      expect(data.dane.reason).toMatch(signed ? /^\.: DNSKEY missing/ : /is not signed$/);
      expect(daneOf(data)).toMatchObject({
        status: "skipped",
        message: expect.stringMatching(/are not DNSSEC-secure/),
      });
    }
  });

  it("takes the engine's dns.trustAnchors, as mail does", async () => {
    const site = await daneSite({
      domain: "engine.test",
      right: true,
      signed: true,
      tlsaPort: 443,
    });
    const probe = createBuiltInProbe("ssl", { dns: { trustAnchors: site.anchor } });

    // The built-in probe asks port 443, where nothing listens here: the TLSA answer is still
    // validated from the lab's root, which the IANA anchors would not accept.
    const data = (await probe.run("engine.test", site.context())) as SslData;

    expect(data.dane).toMatchObject({ owner: "_443._tcp.engine.test", secure: true, match: null });
    expect(() => createBuiltInProbe("mail", { dns: { trustAnchors: "not a record" } })).toThrow(
      /^createEngine: options\.mail\.trustAnchors cannot be read: /,
    );
  });

  it("names a trustAnchors option it cannot read", async () => {
    expect(() => sslProbe({ trustAnchors: "not a record" })).toThrow(
      /^sslProbe: options\.trustAnchors cannot be read: /,
    );
  });
});
