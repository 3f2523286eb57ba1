/**
 * testssl.sh's captured ClientHellos (`client-simulation.txt`, GPL-2: read at run time, never
 * copied into the repository) and how each of our client profiles compares with the capture
 * of the same client. Shared by `bench/ssl-clients.ts` (the hellos) and `bench/ssl-scan.ts`
 * (the servers' answers to them).
 */
import { existsSync, readFileSync } from "node:fs";
import type { ClientProfile } from "../../packages/engine/src/probes/ssl/clients/client-profiles.js";
import { groupName } from "../../packages/engine/src/protocols/tls/client-hello.js";
import { signatureSchemes } from "../../packages/engine/src/protocols/tls/signature-schemes.js";
import { suiteNamed } from "../../packages/engine/src/protocols/tls/suite-table.js";

/** Our profile id -> the name of the capture of the same client in testssl.sh's file. */
export const captureOf: Record<string, string> = {
  "chrome-70": "Chrome 70 Win 10",
  "chrome-49-xp": "Chrome 49 XP SP3",
  "safari-12.1": "Safari 12.1 (iOS 12.2)",
  "safari-9-ios-9": "Safari 9 iOS 9",
  "ie-11-win10": "IE 11 Win 10",
  "ie-11-win7": "IE 11 Win 7",
  "ie-8-xp": "IE 8 XP",
  "android-4.4.2": "Android 4.4.2",
  "android-7.0": "Android 7.0 (native)",
  "android-8.1": "Android 8.1 (native)",
  "android-10": "Android 10.0 (native)",
  "java-8u161": "Java 8u161",
  "java-11": "Java 11.0.2 (OpenJDK)",
  "java-17": "Java 17.0.3 (OpenJDK)",
  "openssl-1.0.2": "OpenSSL 1.0.2e",
  "openssl-1.1.1": "OpenSSL 1.1.1d (Debian)",
  "openssl-3": "OpenSSL 3.0.3 (git)",
  googlebot: "Googlebot Feb 2018",
  bingpreview: "BingPreview Jan 2015",
};

/**
 * Where our row differs from its capture on purpose: the capture is of another build or update
 * of the client than the one the row describes. Printed, not counted as a mismatch.
 */
export const explained: Record<string, string> = {
  "java-11":
    "the capture is 11.0.2; Java 11 updates from 11.0.11 (April 2021) disable TLS 1.0 and 1.1 by default (JDK-8202343)",
  "openssl-1.1.1":
    "the capture is Debian's build, whose openssl.cnf sets MinProtocol = TLSv1.2; OpenSSL 1.1.1's own default allows TLS 1.0",
};

export const candidates = process.env.BENCH_TESTSSL_CLIENTS
  ? [process.env.BENCH_TESTSSL_CLIENTS]
  : ["/etc/testssl/client-simulation.txt", "/usr/share/testssl.sh/etc/client-simulation.txt"];

/** One capture: the client's name, its hello's bytes and the version range testssl.sh gives. */
export interface Capture {
  name: string;
  /** testssl.sh's short id: its JSON entry is `clientsimulation-<short>`. */
  short: string;
  hello: Buffer;
  lowest: number;
  highest: number;
}

/** The file is a bash script of parallel arrays (`names+=("...")`); each block is one client. */
export function readCaptures(text: string): Map<string, Capture> {
  const captures = new Map<string, Capture>();
  for (const block of text.split(/\n\s*names\+=/).slice(1)) {
    const field = (key: string) => block.match(new RegExp(`${key}\\+=\\("?([^")]*)"?\\)`))?.[1];
    const name = block.match(/^\("([^"]*)"\)/)?.[1];
    const hex = field("handshakebytes");
    if (!name || !hex) continue;
    captures.set(name, {
      name,
      short: field("short") ?? "",
      hello: Buffer.from(hex, "hex"),
      lowest: Number(field("lowest_protocol")),
      highest: Number(field("highest_protocol")),
    });
  }
  return captures;
}

export const isGrease = (code: number) => (code & 0x0f0f) === 0x0a0a && code >> 8 === (code & 0xff);

/** What a ClientHello record offers (RFC 8446 4.1.2, RFC 5246 7.4.1.2), GREASE left out. */
export interface Offer {
  versions: number[];
  suites: number[];
  groups: number[];
  signatureAlgorithms: number[];
}

export function decodeHello(capture: Capture): Offer {
  const bytes = capture.hello;
  // Record header (5), handshake header (4), client_version (2), random (32).
  let at = 5 + 4 + 2 + 32;
  at += 1 + (bytes[at] ?? 0);
  const suitesLength = bytes.readUInt16BE(at);
  const suites = u16s(bytes.subarray(at + 2, at + 2 + suitesLength));
  at += 2 + suitesLength;
  at += 1 + (bytes[at] ?? 0);
  const extensions = new Map<number, Buffer>();
  if (at + 2 <= bytes.length) {
    const end = Math.min(bytes.length, at + 2 + bytes.readUInt16BE(at));
    for (at += 2; at + 4 <= end; ) {
      const type = bytes.readUInt16BE(at);
      const length = bytes.readUInt16BE(at + 2);
      extensions.set(type, bytes.subarray(at + 4, at + 4 + length));
      at += 4 + length;
    }
  }
  const listOf = (type: number, lengthBytes: 1 | 2) => {
    const body = extensions.get(type);
    return body ? u16s(body.subarray(lengthBytes)) : [];
  };
  const supported = listOf(43, 1);
  // Without supported_versions the hello names its best version; the range is testssl.sh's
  // record of the client (SSL Labs' lowest and highest protocol).
  const versions =
    supported.length > 0
      ? supported.sort((a, b) => a - b)
      : range(Math.max(capture.lowest, 0x0301), capture.highest);
  return {
    versions,
    suites,
    groups: listOf(10, 2),
    signatureAlgorithms: listOf(13, 2),
  };
}

function u16s(body: Buffer): number[] {
  const codes: number[] = [];
  for (let at = 0; at + 2 <= body.length; at += 2) codes.push(body.readUInt16BE(at));
  return codes.filter((code) => !isGrease(code));
}

const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index);

const schemeNames = new Map<number, string>(
  Object.entries(signatureSchemes).map(([name, code]) => [code, name]),
);
const versionNames: Record<number, string> = {
  768: "SSLv3",
  769: "TLSv1",
  770: "TLSv1.1",
  771: "TLSv1.2",
  772: "TLSv1.3",
};
const hex = (code: number) => `0x${code.toString(16).padStart(4, "0")}`;
export const namers: Record<keyof Offer, (code: number) => string> = {
  versions: (code) => versionNames[code] ?? hex(code),
  suites: (code) => suiteNamed(code)?.standardName ?? hex(code),
  groups: groupName,
  signatureAlgorithms: (code) => schemeNames.get(code) ?? hex(code),
};

/** Each way the two lists differ, in words; empty when they are the same. */
export function differences(field: keyof Offer, ours: number[], theirs: number[]): string[] {
  const name = namers[field];
  const missing = theirs.filter((code) => !ours.includes(code));
  const extra = ours.filter((code) => !theirs.includes(code));
  const found: string[] = [];
  if (missing.length) found.push(`${field}: not in our row: ${missing.map(name).join(", ")}`);
  if (extra.length) found.push(`${field}: not in the capture: ${extra.map(name).join(", ")}`);
  if (found.length === 0 && ours.join() !== theirs.join()) {
    found.push(`${field}: other order; the capture's: ${theirs.map(name).join(", ")}`);
  }
  return found;
}

/** The captures file where testssl.sh is installed, read; undefined when it is not. */
export function installedCaptures(): { path: string; captures: Map<string, Capture> } | undefined {
  const path = candidates.find((candidate) => existsSync(candidate));
  return path ? { path, captures: readCaptures(readFileSync(path, "utf8")) } : undefined;
}

/** Each way our profile's hello differs from the capture's, in words; empty when alike. */
export function helloDifferences(profile: ClientProfile, capture: Capture): string[] {
  const theirs = decodeHello(capture);
  const ours: Offer = {
    versions: [...profile.hello.versions].sort((a, b) => a - b),
    suites: profile.hello.suites.filter((code) => !isGrease(code)),
    groups: [...profile.hello.groups],
    signatureAlgorithms: [...profile.hello.signatureAlgorithms],
  };
  return (Object.keys(namers) as (keyof Offer)[]).flatMap((field) =>
    differences(field, ours[field], theirs[field]),
  );
}
