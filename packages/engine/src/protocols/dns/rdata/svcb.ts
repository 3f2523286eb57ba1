import ipaddr from "ipaddr.js";

/** SVCB and HTTPS RDATA (RFC 9460 2.2), which dns-packet leaves as raw bytes. */
export interface SvcbData {
  priority: number;
  target: string;
  params: Record<string, unknown>;
}

const keyNames = [
  "mandatory",
  "alpn",
  "no-default-alpn",
  "port",
  "ipv4hint",
  "ech",
  "ipv6hint",
  "dohpath",
  "ohttp",
];

export const svcParamKeyName = (key: number): string => keyNames[key] ?? `key${key}`;

class Malformed extends Error {}

/**
 * Decodes SVCB/HTTPS RDATA: priority, target name (never compressed, RFC 9460 2.2) and the
 * SvcParams in strictly increasing key order. Undefined when the bytes break the format, so a
 * broken record is left out rather than shown half-read.
 */
export function decodeSvcb(rdata: Buffer): SvcbData | undefined {
  try {
    let offset = 0;
    const take = (length: number): Buffer => {
      if (offset + length > rdata.length) throw new Malformed();
      const slice = rdata.subarray(offset, offset + length);
      offset += length;
      return slice;
    };
    const priority = take(2).readUInt16BE(0);
    const labels: string[] = [];
    for (;;) {
      const length = take(1)[0]!;
      if (length === 0) break;
      if (length > 63) throw new Malformed(); // a compression pointer or a reserved label type
      labels.push(take(length).toString("latin1").toLowerCase());
    }
    const params: Record<string, unknown> = {};
    let previous = -1;
    while (offset < rdata.length) {
      const key = take(2).readUInt16BE(0);
      const value = take(take(2).readUInt16BE(0));
      if (key <= previous) throw new Malformed();
      previous = key;
      params[svcParamKeyName(key)] = paramValue({ key, value });
    }
    return { priority, target: labels.length === 0 ? "." : labels.join("."), params };
  } catch (error) {
    if (error instanceof Malformed) return undefined;
    throw error;
  }
}

function paramValue(options: { key: number; value: Buffer }): unknown {
  const { key, value } = options;
  const chunks = (size: number) => {
    if (value.length === 0 || value.length % size !== 0) throw new Malformed();
    return Array.from({ length: value.length / size }, (_, index) =>
      value.subarray(index * size, (index + 1) * size),
    );
  };
  switch (key) {
    case 0:
      return chunks(2).map((chunk) => svcParamKeyName(chunk.readUInt16BE(0)));
    case 1: {
      const protocols: string[] = [];
      for (let offset = 0; offset < value.length; ) {
        const length = value[offset]!;
        if (length === 0 || offset + 1 + length > value.length) throw new Malformed();
        protocols.push(value.subarray(offset + 1, offset + 1 + length).toString("utf8"));
        offset += 1 + length;
      }
      if (protocols.length === 0) throw new Malformed();
      return protocols;
    }
    case 2:
    case 8:
      if (value.length !== 0) throw new Malformed();
      return true;
    case 3:
      if (value.length !== 2) throw new Malformed();
      return value.readUInt16BE(0);
    case 4:
      return chunks(4).map((chunk) => [...chunk].join("."));
    case 5:
      return value.toString("base64");
    case 6:
      return chunks(16).map((chunk) => ipaddr.fromByteArray([...chunk]).toString());
    case 7:
      return value.toString("utf8");
    default:
      return value.toString("hex");
  }
}
