import dgram from "node:dgram";
import type { AddressInfo } from "node:net";
import net from "node:net";
import * as packet from "dns-packet";

export type DnsTransport = "udp" | "tcp";

/**
 * What a test server does with one query: answer, drop it, or send raw bytes (several
 * buffers: several messages, e.g. a spoofed datagram before the real one). An answer may set
 * `rcode` (`"NXDOMAIN"`...): dns-packet ignores that field when encoding, the server does not.
 */
export type DnsReply =
  | (packet.Packet & { rcode?: string })
  | { drop: true }
  | { raw: Buffer | Buffer[] }
  /** No answer; over TCP the connection is closed at once (UDP: same as drop). */
  | { close: true };

export type DnsHandler = (
  query: packet.DecodedPacket,
  transport: DnsTransport,
) => DnsReply | Promise<DnsReply>;

export interface TestDnsServer {
  /** `127.0.0.1:port`, usable as a resolver in `network.resolvers`. */
  readonly address: string;
  readonly host: string;
  readonly port: number;
  /** Every query received, in order. */
  readonly queries: { name: string; type: string; transport: DnsTransport }[];
  close(): Promise<void>;
}

/**
 * A real DNS server on loopback speaking UDP and TCP (RFC 1035 framing) on the same port.
 * `handler` decides each answer, so tests can serve zones, truncate, stay silent or send garbage.
 */
export async function startDnsServer(
  handler: DnsHandler,
  options: {
    host?: string;
    port?: number;
    latencyMs?: number;
    /** Write each TCP answer in pieces of this many bytes, so clients must handle partial reads. */
    tcpChunkBytes?: number;
    /** Called as each query arrives, before any latency: lets a bench draw the timeline. */
    onQuery?: (query: { name: string; type: string; transport: DnsTransport }) => void;
  } = {},
): Promise<TestDnsServer> {
  const host = options.host ?? "127.0.0.1";
  const queries: TestDnsServer["queries"] = [];
  const sockets = new Set<net.Socket>();

  const respond = async (
    message: Buffer,
    transport: DnsTransport,
  ): Promise<Buffer[] | "close" | undefined> => {
    let query: packet.DecodedPacket;
    try {
      query = packet.decode(message);
    } catch {
      return undefined;
    }
    const question = query.questions?.[0];
    if (question) {
      const entry = { name: question.name, type: question.type, transport };
      queries.push(entry);
      options.onQuery?.({ ...entry });
    }
    if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
    const reply = await handler(query, transport);
    if ("drop" in reply) return undefined;
    if ("close" in reply) return "close";
    if ("raw" in reply) return Array.isArray(reply.raw) ? reply.raw : [reply.raw];
    const { rcode, ...answer } = reply;
    const flags = ((answer.flags ?? 0) & ~0xf) | (rcode ? rcodeNumber(rcode) : 0);
    return [packet.encode({ id: query.id, questions: query.questions, ...answer, flags })];
  };

  // A large receive buffer: a burst of queries from a test running many lookups at once must
  // not be dropped by the kernel before the (busy) event loop reads it.
  const createUdp = () =>
    dgram.createSocket({ type: host.includes(":") ? "udp6" : "udp4", recvBufferSize: 1 << 22 });
  let udp = createUdp();
  // An answer still waiting out `latencyMs` when the server closes is dropped, not sent on a
  // closed socket (which throws outside any promise and ends the process).
  let closed = false;
  const onMessage = (message: Buffer, remote: dgram.RemoteInfo) => {
    respond(message, "udp").then(
      (answers) => {
        if (answers === "close" || closed) return;
        for (const answer of answers ?? []) udp.send(answer, remote.port, remote.address);
      },
      () => undefined,
    );
  };

  const tcp = net.createServer((socket) => {
    sockets.add(socket);
    socket.setNoDelay(true);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
    let buffered = Buffer.alloc(0);
    socket.on("data", (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      while (buffered.length >= 2) {
        const length = buffered.readUInt16BE(0);
        if (buffered.length < 2 + length) break;
        const message = buffered.subarray(2, 2 + length);
        buffered = buffered.subarray(2 + length);
        respond(message, "tcp").then(
          async (answers) => {
            if (answers === "close") return void socket.destroy();
            for (const answer of answers ?? []) {
              const framed = Buffer.alloc(2 + answer.length);
              framed.writeUInt16BE(answer.length, 0);
              answer.copy(framed, 2);
              const step = options.tcpChunkBytes ?? framed.length;
              for (let offset = 0; offset < framed.length; offset += step) {
                if (socket.destroyed) return;
                socket.write(framed.subarray(offset, offset + step));
                // A pause between pieces so they arrive as separate reads.
                if (step < framed.length) await new Promise((resolve) => setTimeout(resolve, 5));
              }
            }
          },
          () => socket.destroy(),
        );
      }
    });
  });
  // UDP and TCP share one port. An ephemeral UDP port can be taken on TCP by another process,
  // so try a few ports before giving up.
  let port = 0;
  for (let attempt = 0; ; attempt++) {
    udp.on("message", onMessage);
    await new Promise<void>((resolve, reject) => {
      udp.once("error", reject);
      udp.bind(options.port ?? 0, host, () => resolve());
    });
    port = (udp.address() as AddressInfo).port;
    try {
      await new Promise<void>((resolve, reject) => {
        tcp.once("error", reject);
        tcp.listen(port, host, () => {
          tcp.off("error", reject);
          resolve();
        });
      });
      break;
    } catch (error) {
      await new Promise<void>((resolve) => udp.close(() => resolve()));
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE" || options.port || attempt >= 20)
        throw error;
      udp = createUdp();
    }
  }

  return {
    address: host.includes(":") ? `[${host}]:${port}` : `${host}:${port}`,
    host,
    port,
    queries,
    close: async () => {
      closed = true;
      for (const socket of sockets) socket.destroy();
      await Promise.all([
        new Promise<void>((resolve) => udp.close(() => resolve())),
        new Promise<void>((resolve) => tcp.close(() => resolve())),
      ]);
    },
  };
}

const rcodes = ["NOERROR", "FORMERR", "SERVFAIL", "NXDOMAIN", "NOTIMP", "REFUSED"];

function rcodeNumber(rcode: string): number {
  const code = rcodes.indexOf(rcode.toUpperCase());
  if (code < 0) throw new TypeError(`startDnsServer: unsupported rcode ${rcode}`);
  return code;
}

/** Records of a test zone: owner name (lower case, no trailing dot) to answers. */
export type ZoneRecords = Record<string, packet.Answer[]>;

/**
 * A handler answering from `records` like a recursive resolver would: the matching answers
 * (following the CNAME chain), NODATA with the zone's SOA, or NXDOMAIN when the name has no records.
 */
export function zoneHandler(records: ZoneRecords, soa?: packet.SoaAnswer): DnsHandler {
  return (query) => {
    const question = query.questions?.[0];
    if (!question) return { type: "response", rcode: "FORMERR" } as packet.Packet;
    const name = question.name.toLowerCase().replace(/\.$/, "");
    const owned = records[name];
    const base = {
      type: "response" as const,
      flags: packet.RECURSION_AVAILABLE | packet.RECURSION_DESIRED,
    };
    if (!owned || owned.length === 0) {
      return { ...base, rcode: "NXDOMAIN", authorities: soa ? [soa] : [] } as packet.Packet;
    }
    const answers = owned.filter((record) => record.type === question.type);
    if (answers.length === 0) {
      let cname = owned.find((record) => record.type === "CNAME") as
        | packet.StringAnswer
        | undefined;
      if (cname && question.type !== "CNAME") {
        // Follow the chain like a resolver: every alias, then the target's records, if any.
        const chain: packet.Answer[] = [];
        const seen = new Set([name]);
        let found: packet.Answer[] = [];
        while (cname && chain.length < 8) {
          chain.push(cname);
          const target: string = cname.data.toLowerCase().replace(/\.$/, "");
          if (seen.has(target)) break;
          seen.add(target);
          const targetRecords: packet.Answer[] = records[target] ?? [];
          found = targetRecords.filter((record) => record.type === question.type);
          cname =
            found.length > 0
              ? undefined
              : (targetRecords.find((record) => record.type === "CNAME") as typeof cname);
        }
        return { ...base, answers: [...chain, ...found] };
      }
      return { ...base, answers: [], authorities: soa ? [soa] : [] };
    }
    return { ...base, answers };
  };
}
