import type * as packet from "dns-packet";
import { encodeName, encodeRdata, encodeRecord } from "./wire-codecs.js";

/** Upper-case US-ASCII letters to lower case, nothing else (RFC 4034 6.2). */
export const canonicalText = (name: string): string =>
  name.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

/** A name without its trailing dot, lower case; the root is `.`. */
export function canonicalName(name: string): string {
  const trimmed = canonicalText(name).replace(/\.$/, "");
  return trimmed === "" ? "." : trimmed;
}

export const labelCount = (name: string): number =>
  canonicalName(name) === "." ? 0 : canonicalName(name).split(".").length;

export const nameWire = (name: string): Buffer => encodeName(canonicalName(name));

/**
 * RDATA with the embedded names of the types RFC 4034 6.2 lists lowered, so RDATA compares
 * and hashes the same however the server spelled it. Types without names pass unchanged.
 */
function canonicalData(record: packet.Answer): unknown {
  switch (record.type) {
    case "NS":
    case "CNAME":
    case "PTR":
    case "DNAME":
      return canonicalName(record.data);
    case "MX":
      return { ...record.data, exchange: canonicalName(record.data.exchange) };
    case "SOA":
      return {
        ...record.data,
        mname: canonicalName(record.data.mname),
        rname: canonicalName(record.data.rname),
      };
    case "SRV":
      return { ...record.data, target: canonicalName(record.data.target) };
    case "RRSIG":
      return { ...record.data, signersName: canonicalName(record.data.signersName) };
    default:
      return "data" in record ? record.data : undefined;
  }
}

/** RDATA of a record in canonical form, without its length prefix. */
export function canonicalRdata(record: packet.Answer): Buffer {
  return encodeRdata(record.type, canonicalData(record)).subarray(2);
}

/**
 * The bytes an RRSIG signs (RFC 4034 3.1.8.1 and 6): the RRSIG RDATA without the signature,
 * then each record of the set in canonical form with the original TTL, sorted by RDATA and
 * without duplicates. A wildcard expansion is signed under its `*` owner (`labels` says so).
 */
export function signedData(options: {
  rrsig: packet.RrsigData;
  rrset: readonly packet.Answer[];
}): Buffer {
  const { rrsig, rrset } = options;
  const header = encodeRdata("RRSIG", {
    ...rrsig,
    signersName: canonicalName(rrsig.signersName),
    signature: Buffer.alloc(0),
  }).subarray(2);

  const entries = new Map<string, Buffer>();
  for (const record of rrset) {
    const owner = signedOwner({ owner: record.name, labels: rrsig.labels });
    const wire = encodeRecord({
      ...record,
      name: owner,
      ttl: rrsig.originalTTL,
      class: "IN",
      flush: false,
      data: canonicalData(record),
    } as packet.Answer);
    const rdata = wire.subarray(nameWire(owner).length + 10);
    entries.set(rdata.toString("hex"), wire);
  }
  const sorted = [...entries.entries()]
    .sort(([a], [b]) => compareBytes(Buffer.from(a, "hex"), Buffer.from(b, "hex")))
    .map(([, wire]) => wire);
  return Buffer.concat([header, ...sorted]);
}

/** The owner as signed: `*.` plus the last `labels` labels when the RRset came from a wildcard. */
function signedOwner(options: { owner: string; labels: number }): string {
  const owner = canonicalName(options.owner);
  const labels = owner === "." ? [] : owner.split(".");
  if (options.labels >= labels.length) return owner;
  return ["*", ...labels.slice(labels.length - options.labels)].join(".");
}

function compareBytes(a: Buffer, b: Buffer): number {
  return Buffer.compare(a, b);
}
