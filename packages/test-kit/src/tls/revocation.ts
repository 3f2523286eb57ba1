import { type ChildProcess, execFile, spawn } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { loadX509, signerFor, type TestCertificate } from "./certificates.js";

/**
 * Revocation peers for tests: OCSP responses and a responder from Debian's `openssl ocsp` (a
 * real OCSP encoder, independent of the engine's reader), CRLs from @peculiar/x509.
 */

const run = promisify(execFile);

/** A CRLReason name as `openssl ocsp`'s index and @peculiar/x509 spell it. */
export type TestRevocationReason = "keyCompromise" | "superseded" | "cessationOfOperation";

export interface TestRevocationEntry {
  certificate: Pick<TestCertificate, "certPem">;
  revokedAt: Date;
  reason?: TestRevocationReason;
}

/** Throws, naming the package, when the openssl CLI is missing (`.ci/run` installs it). */
export async function requireOpensslCli(): Promise<void> {
  try {
    await run("openssl", ["version"]);
  } catch {
    throw new Error("The openssl CLI is missing: install Debian's openssl package (.ci/run does).");
  }
}

/** The serial as `openssl ca` writes it in index.txt: upper-case hex, even length. */
function indexSerial(certPem: string): string {
  const hex = BigInt(`0x${new X509Certificate(certPem).serialNumber}`)
    .toString(16)
    .toUpperCase();
  return hex.length % 2 === 0 ? hex : `0${hex}`;
}

/** An `openssl ca` time: YYMMDDHHMMSSZ. */
function indexTime(date: Date): string {
  return `${date.toISOString().replace(/[-:T]/g, "").slice(2, 14)}Z`;
}

/** An index.txt (openssl ca's database) listing `good` as valid and `revoked` as revoked. */
function indexText(
  good: readonly Pick<TestCertificate, "certPem">[],
  revoked: readonly TestRevocationEntry[],
): string {
  const expiry = indexTime(new Date(Date.now() + 365 * 86_400_000));
  const lines = [
    ...good.map(({ certPem }) => `V\t${expiry}\t\t${indexSerial(certPem)}\tunknown\t/CN=good`),
    ...revoked.map(({ certificate, revokedAt, reason }) => {
      const when = `${indexTime(revokedAt)}${reason ? `,${reason}` : ""}`;
      return `R\t${expiry}\t${when}\t${indexSerial(certificate.certPem)}\tunknown\t/CN=revoked`;
    }),
  ];
  return `${lines.join("\n")}\n`;
}

interface OcspFiles {
  dir: string;
  issuer: string;
  signer: string;
  signerKey: string;
  index: string;
}

async function writeOcspFiles(options: {
  issuer: TestCertificate;
  signer?: TestCertificate;
  good?: readonly Pick<TestCertificate, "certPem">[];
  revoked?: readonly TestRevocationEntry[];
}): Promise<OcspFiles> {
  const dir = await mkdtemp(join(tmpdir(), "di-ocsp-"));
  const signer = options.signer ?? options.issuer;
  const files = {
    dir,
    issuer: join(dir, "issuer.pem"),
    signer: join(dir, "signer.pem"),
    signerKey: join(dir, "signer.key"),
    index: join(dir, "index.txt"),
  };
  await writeFile(files.issuer, options.issuer.certPem);
  await writeFile(files.signer, signer.certPem);
  await writeFile(files.signerKey, signer.keyPem);
  await writeFile(files.index, indexText(options.good ?? [], options.revoked ?? []));
  return files;
}

/**
 * The DER OCSP response `openssl ocsp` gives for `certificate` from an index where it is good
 * or revoked, signed by `signer` (default: the issuer), valid `days` days: what a server staples.
 */
export async function createOcspResponse(options: {
  issuer: TestCertificate;
  certificate: Pick<TestCertificate, "certPem">;
  revoked?: { revokedAt: Date; reason?: TestRevocationReason };
  signer?: TestCertificate;
}): Promise<Buffer> {
  const { certificate, revoked } = options;
  const files = await writeOcspFiles({
    issuer: options.issuer,
    ...(options.signer ? { signer: options.signer } : {}),
    good: revoked ? [] : [certificate],
    revoked: revoked ? [{ certificate, ...revoked }] : [],
  });
  try {
    const leaf = join(files.dir, "leaf.pem");
    const request = join(files.dir, "request.der");
    const response = join(files.dir, "response.der");
    await writeFile(leaf, certificate.certPem);
    await run("openssl", [
      "ocsp",
      "-issuer",
      files.issuer,
      "-cert",
      leaf,
      "-no_nonce",
      "-reqout",
      request,
    ]);
    await run("openssl", [
      "ocsp",
      "-index",
      files.index,
      "-rsigner",
      files.signer,
      "-rkey",
      files.signerKey,
      "-CA",
      files.issuer,
      "-reqin",
      request,
      "-respout",
      response,
      "-ndays",
      "1",
    ]);
    return await readFile(response);
  } finally {
    await rm(files.dir, { recursive: true, force: true });
  }
}

export interface OcspResponder {
  readonly port: number;
  close(): Promise<void>;
}

/** `openssl ocsp -port`: a real OCSP responder on loopback answering from an index. */
export async function startOcspResponder(options: {
  port: number;
  issuer: TestCertificate;
  good?: readonly Pick<TestCertificate, "certPem">[];
  revoked?: readonly TestRevocationEntry[];
}): Promise<OcspResponder> {
  const files = await writeOcspFiles(options);
  const child: ChildProcess = spawn(
    "openssl",
    [
      "ocsp",
      "-index",
      files.index,
      "-port",
      String(options.port),
      "-rsigner",
      files.signer,
      "-rkey",
      files.signerKey,
      "-CA",
      files.issuer,
      "-ndays",
      "1",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const close = async () => {
    if (child.exitCode === null) child.kill();
    await exited;
    await rm(files.dir, { recursive: true, force: true });
  };
  try {
    await waitForListening(child, () => stderr);
  } catch (error) {
    await close();
    throw error;
  }
  return { port: options.port, close };
}

/**
 * Waits for openssl to say it listens. A connection opened only to probe the port would wedge
 * it: `openssl ocsp` serves one connection at a time and waits on a silent one.
 */
async function waitForListening(child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`openssl ocsp exited with ${child.exitCode}: ${stderr()}`);
    }
    if (stderr().includes("waiting for OCSP client connections")) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`openssl ocsp did not listen within 10 s: ${stderr()}`);
}

/**
 * A DER CRL from `issuer` listing `revoked`, valid from a day ago until `nextUpdate`; with
 * `crlNumber` its cRLNumber, with `deltaOf` a delta CRL of that base CRL number (RFC 5280 5.2.4).
 */
export async function createCrl(options: {
  issuer: TestCertificate;
  revoked: readonly TestRevocationEntry[];
  nextUpdate?: Date;
  crlNumber?: number;
  deltaOf?: number;
}): Promise<Buffer> {
  const x509 = await loadX509();
  const signer = await signerFor(options.issuer, "SHA-256");
  const reasons: Record<TestRevocationReason, number> = {
    keyCompromise: x509.X509CrlReason.keyCompromise,
    superseded: x509.X509CrlReason.superseded,
    cessationOfOperation: x509.X509CrlReason.cessationOfOperation,
  };
  const crl = await x509.X509CrlGenerator.create({
    issuer: options.issuer.subject,
    thisUpdate: new Date(Date.now() - 86_400_000),
    nextUpdate: options.nextUpdate ?? new Date(Date.now() + 7 * 86_400_000),
    entries: options.revoked.map((entry) => ({
      serialNumber: new X509Certificate(entry.certificate.certPem).serialNumber,
      revocationDate: entry.revokedAt,
      ...(entry.reason ? { reason: reasons[entry.reason] } : {}),
    })),
    signingKey: signer.key,
    signingAlgorithm: signer.algorithm,
    extensions: [
      ...(options.crlNumber === undefined
        ? []
        : [new x509.Extension("2.5.29.20", false, derInteger(options.crlNumber))]),
      ...(options.deltaOf === undefined
        ? []
        : [new x509.Extension("2.5.29.27", true, derInteger(options.deltaOf))]),
    ],
  });
  return Buffer.from(crl.rawData);
}

/** A small non-negative INTEGER's DER (cRLNumber, BaseCRLNumber). */
function derInteger(value: number): Uint8Array {
  let hex = value.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  if (Number.parseInt(hex.slice(0, 2), 16) >= 0x80) hex = `00${hex}`;
  const body = Buffer.from(hex, "hex");
  return Buffer.concat([Buffer.from([0x02, body.length]), body]);
}
