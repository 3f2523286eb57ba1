import dgram from "node:dgram";
import type * as packet from "dns-packet";
import { type HostileAct, type HostileServer, startHostileServer } from "./hostile-server.js";

/**
 * DNS messages written byte by byte (RFC 1035 4.1), for answers no encoder would produce:
 * compression pointers that loop, counts that lie, records for names nobody asked about.
 */

const typeCodes: Record<string, number> = { A: 1, NS: 2, CNAME: 5, SOA: 6, MX: 15, TXT: 16 };

/** A name as labels, uncompressed. */
export function dnsName(name: string): Buffer {
  const labels = name.replace(/\.$/, "").split(".").filter(Boolean);
  return Buffer.concat([
    ...labels.map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label)])),
    Buffer.from([0]),
  ]);
}

/** A resource record: owner (bytes, so it may be a pointer), type, class IN, TTL, RDATA. */
export function dnsRecord(owner: Buffer, type: string | number, rdata: Buffer, ttl = 60): Buffer {
  const fixed = Buffer.alloc(10);
  fixed.writeUInt16BE(typeof type === "number" ? type : typeCodes[type]!, 0);
  fixed.writeUInt16BE(1, 2);
  fixed.writeUInt32BE(ttl, 4);
  fixed.writeUInt16BE(rdata.length, 8);
  return Buffer.concat([owner, fixed, rdata]);
}

/** A compression pointer to `offset` (RFC 1035 4.1.4). */
export const dnsPointer = (offset: number) =>
  Buffer.from([0xc0 | ((offset >> 8) & 0x3f), offset & 0xff]);

export interface DnsReplyBytes {
  readonly id: number;
  /** Header flags; default QR, RD, RA. */
  readonly flags?: number;
  readonly question: { readonly name: string; readonly type: number };
  /** Each built against the offset it will start at (after the question and the ones before). */
  readonly answers?: readonly ((offset: number) => Buffer)[];
  /** Overrides the answer count the header claims. */
  readonly answerCount?: number;
}

/** The question section's length for `name`: the name, type and class. */
const questionLength = (name: string) => dnsName(name).length + 4;

/** A reply to one question with the given (possibly malformed) answer records. */
export function dnsReply(reply: DnsReplyBytes): Buffer {
  const header = Buffer.alloc(12);
  header.writeUInt16BE(reply.id, 0);
  header.writeUInt16BE(reply.flags ?? 0x8180, 2);
  header.writeUInt16BE(1, 4);
  const question = Buffer.concat([dnsName(reply.question.name), Buffer.from([0, 0, 0, 1])]);
  question.writeUInt16BE(reply.question.type, question.length - 4);
  let offset = 12 + questionLength(reply.question.name);
  const answers = (reply.answers ?? []).map((build) => {
    const bytes = build(offset);
    offset += bytes.length;
    return bytes;
  });
  header.writeUInt16BE(reply.answerCount ?? answers.length, 6);
  return Buffer.concat([header, question, ...answers]);
}

/** The numeric type of a decoded question (`dns-packet` gives names, or `UNKNOWN_n`). */
export function questionType(query: packet.DecodedPacket): number {
  const type = String(query.questions?.[0]?.type ?? "A");
  const known: Record<string, number> = { ...typeCodes, AAAA: 28, CAA: 257, DS: 43, DNSKEY: 48 };
  return known[type] ?? Number(/^UNKNOWN_(\d+)$/.exec(type)?.[1] ?? 1);
}

/**
 * A DNS server whose UDP side answers every query with TC set, so a resolver client must ask
 * again over TCP, where a hostile peer plays `script` (after the length-prefixed query).
 */
export async function startTruncatingDns(
  script: (query: Buffer) => readonly HostileAct[],
): Promise<{ address: string; tcp: HostileServer; close(): Promise<void> }> {
  const tcp = await startHostileServer({ trigger: "dns-tcp", script });
  const udp = dgram.createSocket("udp4");
  udp.on("message", (message, remote) => {
    if (message.length < 12) return;
    const truncated = Buffer.from(message);
    // QR and TC on, the rest as asked: "ask again over TCP".
    truncated.writeUInt16BE(message.readUInt16BE(2) | 0x8200, 2);
    udp.send(truncated, remote.port, remote.address);
  });
  await new Promise<void>((resolve, reject) => {
    udp.once("error", reject);
    udp.bind(tcp.port, "127.0.0.1", () => resolve());
  });
  return {
    address: `127.0.0.1:${tcp.port}`,
    tcp,
    close: async () => {
      await new Promise<void>((resolve) => udp.close(() => resolve()));
      await tcp.close();
    },
  };
}
