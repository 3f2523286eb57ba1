/**
 * SVCB/HTTPS RDATA from parts (RFC 9460 2.2), for test servers: dns-packet has no encoder for
 * these types, so tests serve them as raw bytes under `UNKNOWN_64` / `UNKNOWN_65`. Params are
 * written in the order given, so a test can also build a malformed record.
 */
export function encodeSvcb(options: {
  priority: number;
  target: string;
  params: [key: number, value: Buffer][];
}): Buffer {
  const priority = Buffer.alloc(2);
  priority.writeUInt16BE(options.priority);
  const labels =
    options.target === "." ? [] : options.target.replace(/\.$/, "").split(".").filter(Boolean);
  const target = Buffer.concat([
    ...labels.map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label)])),
    Buffer.from([0]),
  ]);
  const params = options.params.map(([key, value]) => {
    const header = Buffer.alloc(4);
    header.writeUInt16BE(key, 0);
    header.writeUInt16BE(value.length, 2);
    return Buffer.concat([header, value]);
  });
  return Buffer.concat([priority, target, ...params]);
}
