import { generateKeyPairSync } from "node:crypto";
import type * as packet from "dns-packet";
import type { LabWorldContext } from "../dns/dns-lab-world.js";
import type { MailProofCase } from "./mail-fix-proof.js";
import { issueMxCertificate, offerStarttls, startMailServer } from "./mail-steps.js";

type Records = packet.Answer[];

/** A TXT record, cut into character-strings of 255 bytes. */
const txt = (name: string, data: string): packet.Answer => ({
  type: "TXT",
  name,
  ttl: 300,
  data: data.match(/[\s\S]{1,255}/g) ?? [""],
});
const replaceTxt =
  (owner: (domain: string) => string, value: string) =>
  (records: Records, world: LabWorldContext) => [
    ...records.filter((record) => !(record.type === "TXT" && record.name === owner(world.domain))),
    txt(owner(world.domain), value),
  ];

const dkimKey = generateKeyPairSync("rsa", { modulusLength: 2048 })
  .publicKey.export({ type: "spki", format: "der" })
  .toString("base64");

/** The broken mail worlds of the mail section's findings whose fix is a record or a file. */
export const mailProofCases: Record<string, MailProofCase> = {
  "mail.mx.present": {
    world: { child: (records) => records.filter((record) => record.type !== "MX") },
  },
  "mail.dane.tlsa": { tlsa: [`3 1 1 ${"00".repeat(32)}`] },
  "mail.mta-sts.policy": { files: () => ({}) },
  "mail.mta-sts.mx-coverage": {
    files: (domain) => ({
      [`mta-sts.${domain}/.well-known/mta-sts.txt`]: {
        contentType: "text/plain",
        content: `version: STSv1\r\nmode: enforce\r\nmx: mx.other.test\r\nmax_age: 604800\r\n`,
      },
    }),
  },
  "mail.tls-rpt.valid": {
    world: { child: replaceTxt((domain) => `_smtp._tls.${domain}`, "v=TLSRPTv1; rua=nowhere") },
    parameters: { tlsReportMailbox: "tls-reports@example.test" },
  },
  "mail.dkim.keys": {
    world: {
      child: (records, world) => [
        ...records,
        txt(`sel1._domainkey.${world.domain}`, `v=DKIM1; k=rsa; t=y; p=${dkimKey}`),
      ],
    },
    dkimSelectors: ["sel1"],
  },
  // Steps in words, applied to the MX (the test-kit SMTP server) as they say.
  "mail.smtp.reachable": { mx: { listening: false }, steps: [startMailServer] },
  "mail.starttls.offered": { mx: { mode: "no-starttls" }, steps: [offerStarttls] },
  "mail.starttls.certificate": {
    mx: { certificate: { subjectAltNames: ["mx.other.test"] } },
    steps: [issueMxCertificate],
  },
};
