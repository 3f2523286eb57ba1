import dgram from "node:dgram";
import net from "node:net";
import * as packet from "dns-packet";
import pLimit from "p-limit";
import type { DnsHandler, DnsReply } from "./dns-server.js";

/**
 * A recursive resolver for loopback test worlds, as unbound behaves toward broken zones: it
 * walks from root hints by referrals (glue, or the name servers' addresses looked up in turn),
 * chases CNAMEs, asks DS at the parent side of a cut, and answers SERVFAIL once no server of a
 * zone gives a usable answer (silent, REFUSED, SERVFAIL, not authoritative, lame referral).
 * It does not validate: with DO set it passes the signatures on.
 */

interface Answered {
  rcode: string;
  answers: packet.Answer[];
  authorities: packet.Answer[];
}

const lower = (name: string) => {
  const trimmed = name.toLowerCase().replace(/\.$/, "");
  return trimmed === "" ? "." : trimmed;
};
const isAtOrBelow = (name: string, zone: string) =>
  zone === "." || name === zone || name.endsWith(`.${zone}`);

const rcodeOf = (response: packet.DecodedPacket) =>
  (response as packet.DecodedPacket & { rcode?: string }).rcode ?? "NOERROR";

/** One question to one server over UDP, then TCP when truncated; undefined when silent. */
async function ask(options: {
  address: string;
  port: number;
  name: string;
  type: string;
  dnssecOk: boolean;
  timeoutMs: number;
}): Promise<packet.DecodedPacket | undefined> {
  const message = packet.encode({
    type: "query",
    id: Math.floor(Math.random() * 65535),
    flags: packet.CHECKING_DISABLED,
    questions: [{ type: options.type as packet.RecordType, name: options.name }],
    additionals: [
      {
        type: "OPT",
        name: ".",
        udpPayloadSize: 1232,
        flags: options.dnssecOk ? packet.DNSSEC_OK : 0,
      } as packet.Answer,
    ],
  });
  const udp = await new Promise<packet.DecodedPacket | undefined>((resolve) => {
    const socket = dgram.createSocket(net.isIPv6(options.address) ? "udp6" : "udp4");
    const timer = setTimeout(() => finish(undefined), options.timeoutMs);
    const finish = (value: packet.DecodedPacket | undefined) => {
      clearTimeout(timer);
      socket.close();
      resolve(value);
    };
    socket.on("error", () => finish(undefined));
    socket.on("message", (data) => {
      try {
        finish(packet.decode(data));
      } catch {
        finish(undefined);
      }
    });
    socket.send(message, options.port, options.address);
  });
  if (!udp || ((udp.flags ?? 0) & packet.TRUNCATED_RESPONSE) === 0) return udp;
  return new Promise((resolve) => {
    const socket = net.connect({ host: options.address, port: options.port });
    let buffered = Buffer.alloc(0);
    const timer = setTimeout(() => finish(undefined), options.timeoutMs);
    const finish = (value: packet.DecodedPacket | undefined) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(value);
    };
    socket.on("error", () => finish(undefined));
    socket.on("connect", () => socket.write(packet.streamEncode(packet.decode(message))));
    socket.on("data", (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      if (buffered.length >= 2 && buffered.length >= 2 + buffered.readUInt16BE(0)) {
        try {
          finish(packet.streamDecode(buffered) as packet.DecodedPacket);
        } catch {
          finish(undefined);
        }
      }
    });
  });
}

export interface IterativeResolverOptions {
  /** Root server addresses. */
  hints: readonly string[];
  /** The port every authoritative server of the world listens on. */
  port: number;
  /** How long one try to one server waits (two tries, then the next server). Default 400 ms. */
  tryTimeoutMs?: number;
  /** Also follow IPv6 glue and name server AAAA records (a lab that serves IPv6). */
  ipv6?: boolean;
}

export function iterativeResolverHandler(options: IterativeResolverOptions): DnsHandler {
  const { port } = options;
  const timeoutMs = options.tryTimeoutMs ?? 400;
  const addressTypes = options.ipv6 ? ["A", "AAAA"] : ["A"];
  const delegations = new Map<string, string[]>([[".", [...options.hints]]]);
  // Bursts are bounded, as a resolver's outstanding queries are.
  const limit = pLimit(16);
  const pending = new Map<string, Promise<Answered | undefined>>();

  /** The deepest known zone holding `name` (for DS, strictly above it). */
  const startZone = (name: string, type: string) => {
    let best = ".";
    for (const zone of delegations.keys()) {
      const holds = isAtOrBelow(name, zone) && !(type === "DS" && zone === name);
      if (holds && zone.length > best.length) best = zone;
    }
    return best;
  };

  const addressesOf = async (host: string, depth: number): Promise<string[]> => {
    const found: string[] = [];
    for (const type of addressTypes) {
      const answered = await resolve(host, type, false, depth + 1);
      for (const record of answered?.answers ?? []) {
        if (record.type === type) found.push((record as packet.StringAnswer).data);
      }
    }
    return found;
  };

  const iterate = async (
    name: string,
    type: string,
    dnssecOk: boolean,
    depth: number,
  ): Promise<Answered | undefined> => {
    if (depth > 12) return undefined;
    let zone = startZone(name, type);
    for (let step = 0; step < 16; step++) {
      const servers = delegations.get(zone) ?? [];
      let next: { zone: string; servers: string[] } | undefined;
      for (const address of servers) {
        // Two tries, as resolvers make: a busy test machine may lose one datagram.
        const asked = { address, port, name, type, dnssecOk, timeoutMs };
        const response = (await limit(() => ask(asked))) ?? (await limit(() => ask(asked)));
        if (!response) continue;
        const rcode = rcodeOf(response);
        const authoritative = ((response.flags ?? 0) & packet.AUTHORITATIVE_ANSWER) !== 0;
        if (authoritative && (rcode === "NOERROR" || rcode === "NXDOMAIN")) {
          return {
            rcode,
            answers: response.answers ?? [],
            authorities: response.authorities ?? [],
          };
        }
        if (rcode !== "NOERROR") continue;
        const referral = (response.authorities ?? []).filter(
          (record) => record.type === "NS",
        ) as packet.StringAnswer[];
        const cut = referral[0] ? lower(referral[0].name) : undefined;
        // A referral must lead down toward the name: anything else is a lame answer.
        if (!cut || cut === zone || !isAtOrBelow(cut, zone) || !isAtOrBelow(name, cut)) continue;
        if (type === "DS" && cut === name) continue;
        const hosts = [...new Set(referral.map((record) => lower(record.data)))];
        const glue = (response.additionals ?? [])
          .filter(
            (record) => addressTypes.includes(record.type) && hosts.includes(lower(record.name)),
          )
          .map((record) => (record as packet.StringAnswer).data);
        const addresses = [...glue];
        for (const host of hosts) {
          if (glue.length > 0 && isAtOrBelow(host, cut)) continue;
          const glued = (r: packet.Answer) =>
            lower(r.name) === host && addressTypes.includes(r.type);
          if (!(response.additionals ?? []).some(glued))
            addresses.push(...(await addressesOf(host, depth)));
        }
        if (addresses.length === 0) continue;
        next = { zone: cut, servers: [...new Set(addresses)] };
        break;
      }
      if (!next) return undefined;
      delegations.set(next.zone, next.servers);
      zone = next.zone;
    }
    return undefined;
  };

  /** The answer for a name and type, CNAMEs chased; undefined when it fails (SERVFAIL). */
  const resolve = (
    name: string,
    type: string,
    dnssecOk: boolean,
    depth: number,
  ): Promise<Answered | undefined> => {
    const key = `${name}/${type}/${dnssecOk}`;
    let known = pending.get(key);
    if (!known) {
      known = (async () => {
        const answered = await iterate(name, type, dnssecOk, depth);
        if (!answered || type === "CNAME") return answered;
        const alias = answered.answers.find(
          (record) => record.type === "CNAME" && lower(record.name) === name,
        ) as packet.StringAnswer | undefined;
        if (!alias || answered.answers.some((record) => record.type === type)) return answered;
        const target = await resolve(lower(alias.data), type, dnssecOk, depth + 1);
        if (!target) return undefined;
        return { ...target, answers: [...answered.answers, ...target.answers] };
      })();
      pending.set(key, known);
    }
    return known;
  };

  return async (query): Promise<DnsReply> => {
    const question = query.questions?.[0];
    const flags = packet.RECURSION_AVAILABLE | packet.RECURSION_DESIRED;
    if (!question) return { type: "response", flags, rcode: "FORMERR" } as DnsReply;
    const opt = query.additionals?.find((record) => record.type === "OPT") as
      | packet.OptAnswer
      | undefined;
    const dnssecOk = ((opt?.flags ?? 0) & packet.DNSSEC_OK) !== 0;
    const answered = await resolve(lower(question.name), question.type, dnssecOk, 0);
    const echoed = opt
      ? [{ ...opt, flags: dnssecOk ? packet.DNSSEC_OK : 0, options: [] } as packet.Answer]
      : [];
    if (!answered) {
      // Not remembered: a later question may find the servers answering.
      pending.delete(`${lower(question.name)}/${question.type}/${dnssecOk}`);
      return { type: "response", flags, rcode: "SERVFAIL", additionals: echoed } as DnsReply;
    }
    return {
      type: "response",
      flags,
      rcode: answered.rcode,
      answers: answered.answers,
      authorities: answered.authorities.filter((record) => record.type !== "NS"),
      additionals: echoed,
    } as DnsReply;
  };
}
