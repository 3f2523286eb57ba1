import { type Finding, mailProbe } from "@domain-intel/engine";
import type * as packet from "dns-packet";
import { type LabWorldContext, type LabWorldOptions, startLabWorld } from "../dns/dns-lab-world.js";
import { testProbeContext } from "../engine/probe-context.js";
import { startWebPeer } from "../http/web-peers.js";
import { createTestPki, type TestPki } from "../tls/certificates.js";
import { applyDnsRecords, applyFiles, changesOf, type ServedFiles } from "./apply-changes.js";
import { applySteps, type FixProof, remediationOf } from "./fix-proof.js";
import { type MailStep, type MxWorld, serveMx } from "./mail-steps.js";
import { filesHandler } from "./served-files.js";
import { recordFromText } from "./zone-text.js";

/**
 * A broken mail world for one finding: the lab's signed zone (MX `mail.<domain>` and
 * `mta-sts.<domain>` on 127.0.0.1), an SMTP server offering STARTTLS with a certificate from a
 * test CA, and an HTTPS server for `mta-sts.<domain>` serving `files`.
 */
export interface MailProofCase {
  readonly world?: LabWorldOptions;
  /** Files of the policy host by `host/path`; default the domain's enforce policy. */
  readonly files?: (domain: string) => ServedFiles;
  /** TLSA records (presentation data) of the MX, at `_<smtp port>._tcp.mail.<domain>`. */
  readonly tlsa?: readonly string[];
  readonly dkimSelectors?: string[];
  readonly parameters?: Readonly<Record<string, string>>;
  /** The MX as broken; default STARTTLS with a certificate for its name from the test CA. */
  readonly mx?: MxWorld;
  /** Steps of the remediation in words the proof applies to the MX, in order. */
  readonly steps?: readonly MailStep[];
}

let pki: Promise<TestPki> | undefined;
const testPki = () => {
  pki ??= createTestPki({ name: "Mail Fix" });
  return pki;
};

/** The healthy policy host: the lab zone's MX in an enforced policy. */
export const enforcedPolicy = (domain: string): ServedFiles => ({
  [`mta-sts.${domain}/.well-known/mta-sts.txt`]: {
    contentType: "text/plain",
    content: `version: STSv1\r\nmode: enforce\r\nmx: mail.${domain}\r\nmax_age: 604800\r\n`,
  },
});

/** The lab zone with its mail hosts on loopback. */
const onLoopback = (records: packet.Answer[], world: LabWorldContext): packet.Answer[] => [
  ...records.filter((record) => !(record.type === "A" && record.name === `mail.${world.domain}`)),
  { type: "A", name: `mail.${world.domain}`, ttl: 300, data: "127.0.0.1" },
  { type: "A", name: `mta-sts.${world.domain}`, ttl: 300, data: "127.0.0.1" },
];

/** Runs the mail probe in the world, with the policy host serving `files`. */
async function assessMail(options: {
  world: LabWorldOptions;
  files: ServedFiles;
  smtp: { port: number };
  pki: TestPki;
  dkimSelectors: string[];
}) {
  const world = await startLabWorld(options.world);
  const domain = world.domain;
  const policyLeaf = await options.pki.issueLeaf({
    commonName: `mta-sts.${domain}`,
    subjectAltNames: [`mta-sts.${domain}`],
  });
  const policyHost = await startWebPeer({
    tls: { key: policyLeaf.keyPem, cert: policyLeaf.chainPem },
    handler: filesHandler(options.files),
  });
  try {
    const data = await mailProbe({
      smtpPort: options.smtp.port,
      mtaStsPort: policyHost.port,
      ca: options.pki.root.certPem,
      trustAnchors: world.trustAnchor,
      dkimSelectors: options.dkimSelectors,
    }).run(
      domain,
      testProbeContext({
        resolvers: [world.lab.resolver.address],
        allowPrivateAddresses: true,
        timeoutMs: 10_000,
      }),
    );
    return { world, data };
  } finally {
    await Promise.all([policyHost.close(), world.close()]);
  }
}

/**
 * Serves the broken mail world, takes the mail section's remediation of `id`, applies its record
 * changes to the zone (re-signed) and its files to the policy host, and asks the section again.
 */
export async function proveMailFix(id: string, proof: MailProofCase): Promise<FixProof> {
  const certificates = await testPki();
  const domain = proof.world?.domain ?? "example.test";
  let smtp = await serveMx(proof.mx ?? {}, domain, certificates);
  try {
    const zone = proof.world?.child ?? ((records: packet.Answer[]) => records);
    const tlsa = (context: LabWorldContext) =>
      (proof.tlsa ?? []).map((value) =>
        recordFromText({
          owner: `_${smtp.port}._tcp.mail.${context.domain}.`,
          type: "TLSA",
          ttl: 300,
          value,
        }),
      );
    const world: LabWorldOptions = {
      ...proof.world,
      child: (records, context) =>
        zone([...onLoopback(records, context), ...tlsa(context)], context),
    };
    const files = proof.files?.(domain) ?? enforcedPolicy(domain);
    const common = { pki: certificates, dkimSelectors: proof.dkimSelectors ?? [] };
    const first = await assessMail({ ...common, smtp, world, files });
    const before: Finding[] = first.data.findings;
    const steps = proof.steps ?? [];
    const remediation = remediationOf(before, id, { stepsOnly: steps.length > 0 });
    if (steps.length > 0) {
      await smtp.close();
      smtp = await serveMx(
        applySteps(id, remediation, steps, proof.mx ?? {}),
        domain,
        certificates,
      );
    }
    const values = proof.parameters ?? {};
    const records = changesOf(remediation, "dns-record", values);
    const unapplied = remediation.changes.filter(
      (change) => change.kind !== "dns-record" && change.kind !== "file",
    );
    if (unapplied.length > 0) throw new Error(`${id}: no mail applier for ${unapplied[0]!.kind}`);
    const second = await assessMail({
      ...common,
      smtp,
      world: {
        ...world,
        block: first.world.block,
        keys: first.world,
        child: (served, context) => applyDnsRecords(world.child!(served, context), records),
      },
      files: applyFiles(files, changesOf(remediation, "file", values)),
    });
    return { id, before, remediation, after: second.data.findings };
  } finally {
    await smtp.close();
  }
}
