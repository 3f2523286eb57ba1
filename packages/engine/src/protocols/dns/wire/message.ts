import { randomInt } from "node:crypto";
import net from "node:net";
import * as packet from "dns-packet";
import { messageLayoutProblem } from "./message-structure.js";

export interface DnsFlags {
  /** Authoritative answer. */
  readonly aa: boolean;
  /** Truncated. */
  readonly tc: boolean;
  /** Recursion desired (echoed). */
  readonly rd: boolean;
  /** Recursion available. */
  readonly ra: boolean;
  /** Authentic data (DNSSEC-validated by the resolver). */
  readonly ad: boolean;
  /** Checking disabled. */
  readonly cd: boolean;
}

/** The response's EDNS0 OPT pseudo-record (RFC 6891). */
export interface DnsEdns {
  readonly udpPayloadSize: number;
  readonly version: number;
  readonly dnssecOk: boolean;
  readonly options: packet.PacketOpt[];
}

/** An EDNS option as sent: its code and raw data. */
export interface EdnsOption {
  readonly code: number;
  readonly data: Buffer;
}

export interface DnsQuestion {
  readonly name: string;
  readonly type: string;
  readonly class: string;
}

/** A decoded response that answers our question. */
export interface DnsMessage {
  readonly id: number;
  readonly opcode: string;
  /** `NOERROR`, `NXDOMAIN`, `SERVFAIL`...; includes the EDNS extended bits (`BADVERS`). */
  readonly rcode: string;
  readonly flags: DnsFlags;
  readonly edns: DnsEdns | null;
  /** Null only for an error answer that did not echo the question (some FORMERR/NOTIMP). */
  readonly question: DnsQuestion | null;
  readonly answers: packet.Answer[];
  readonly authorities: packet.Answer[];
  /** Additional records without the OPT pseudo-record (see `edns`). */
  readonly additionals: packet.Answer[];
}

export interface EncodedQuery {
  readonly bytes: Buffer;
  readonly id: number;
  readonly question: DnsQuestion;
}

/** EDNS0 payload size recommended by DNS Flag Day 2020: avoids IP fragmentation. */
export const DEFAULT_UDP_PAYLOAD_SIZE = 1232;

const rcodeNames: Record<number, string> = {
  0: "NOERROR",
  1: "FORMERR",
  2: "SERVFAIL",
  3: "NXDOMAIN",
  4: "NOTIMP",
  5: "REFUSED",
  6: "YXDOMAIN",
  7: "YXRRSET",
  8: "NXRRSET",
  9: "NOTAUTH",
  10: "NOTZONE",
  16: "BADVERS",
  23: "BADCOOKIE",
};

const rcodeName = (code: number) => rcodeNames[code] ?? `RCODE_${code}`;

/** Meta types a single request/response exchange cannot carry. */
const unsupportedTypes = new Set(["OPT", "AXFR", "IXFR"]);

/** The name without its trailing dot (the root stays `.`); undefined when not a valid DNS name. */
export function normalizeQueryName(options: { name: string }): string | undefined {
  const name = options.name;
  if (name === ".") return name;
  const trimmed = name.endsWith(".") ? name.slice(0, -1) : name;
  const labels = trimmed.split(".");
  let wireLength = 1;
  for (const label of labels) {
    const bytes = Buffer.byteLength(label);
    if (bytes < 1 || bytes > 63) return undefined;
    wireLength += bytes + 1;
  }
  return wireLength <= 255 ? trimmed : undefined;
}

/**
 * A query message with a fresh random id. Returns undefined for a type dns-packet cannot
 * encode or a single exchange cannot answer (OPT, AXFR, IXFR).
 */
export function encodeQuery(options: {
  name: string;
  type: string;
  recursionDesired: boolean;
  checkingDisabled?: boolean;
  dnssecOk: boolean;
  edns: boolean;
  udpPayloadSize: number;
  /** EDNS version (RFC 6891 6.1.3); only compliance probes set anything but 0. */
  ednsVersion?: number;
  /** Extra EDNS header flag bits besides DO (unassigned ones probe a server's tolerance). */
  ednsFlags?: number;
  ednsOptions?: readonly EdnsOption[];
  /** The question's class: IN, or CH for a server's own identity (RFC 4892). Default IN. */
  queryClass?: "IN" | "CH";
}): EncodedQuery | undefined {
  if (unsupportedTypes.has(options.type.toUpperCase())) return undefined;
  const id = randomInt(0, 65536);
  const bytes = packet.encode({
    type: "query",
    id,
    flags:
      (options.recursionDesired ? packet.RECURSION_DESIRED : 0) |
      (options.checkingDisabled ? packet.CHECKING_DISABLED : 0),
    questions: [
      {
        name: options.name,
        type: options.type as packet.RecordType,
        class: options.queryClass ?? "IN",
      },
    ],
    additionals: options.edns
      ? [
          {
            type: "OPT",
            name: ".",
            udpPayloadSize: options.udpPayloadSize,
            extendedRcode: 0,
            ednsVersion: options.ednsVersion ?? 0,
            flags: (options.dnssecOk ? packet.DNSSEC_OK : 0) | (options.ednsFlags ?? 0),
            flag_do: options.dnssecOk,
            // dns-packet's types list only the options it can build; raw ones encode the same.
            options: [...(options.ednsOptions ?? [])] as unknown as packet.PacketOpt[],
          },
        ]
      : [],
  });
  // Decoding our own question gives the canonical spelling to compare answers with,
  // and exposes a type name dns-packet silently encoded as 0.
  const encoded = packet.decode(bytes).questions?.[0];
  if (!encoded || encoded.type === ("UNKNOWN_0" as string)) return undefined;
  return {
    bytes,
    id,
    question: { name: encoded.name, type: encoded.type, class: encoded.class ?? "IN" },
  };
}

/**
 * What a received message is to us:
 * - `answer`: the response to our query;
 * - `ignored`: not ours (another id, not a response, another question): on UDP possibly
 *   spoofed, so the caller keeps listening (RFC 5452);
 * - `malformed`: carries our id but cannot be decoded or is inconsistent.
 */
export type ResponseVerdict =
  | { kind: "answer"; message: DnsMessage }
  | { kind: "ignored"; reason: string }
  | { kind: "malformed"; reason: string };

const hex = (id: number) => `0x${id.toString(16).padStart(4, "0")}`;

export function readResponse(options: { bytes: Buffer; query: EncodedQuery }): ResponseVerdict {
  const { bytes, query } = options;
  if (bytes.length < 2) {
    return { kind: "ignored", reason: `${bytes.length}-byte message too short to carry an id` };
  }
  const id = bytes.readUInt16BE(0);
  if (id !== query.id) {
    return { kind: "ignored", reason: `id ${hex(id)} instead of ${hex(query.id)}` };
  }

  let decoded: packet.DecodedPacket;
  try {
    decoded = packet.decode(bytes);
  } catch (error) {
    return {
      kind: "malformed",
      reason: `undecodable ${bytes.length}-byte message: ${reasonOf(error)}`,
    };
  }
  // dns-packet trusts record lengths; reading past the end means the lengths lied.
  if (packet.decode.bytes > bytes.length) {
    return { kind: "malformed", reason: "records run past the end of the message" };
  }
  // Nor does it check each record's own length: the layout, by its lengths and counts.
  const problem = messageLayoutProblem(bytes);
  if (problem) return { kind: "malformed", reason: problem };
  const badAddress = [...(decoded.answers ?? []), ...(decoded.additionals ?? [])].find(
    (record) =>
      (record.type === "A" && net.isIPv4(String(record.data)) === false) ||
      (record.type === "AAAA" && net.isIPv6(String(record.data)) === false),
  );
  if (badAddress) {
    return {
      kind: "malformed",
      reason: `invalid ${badAddress.type} record for ${badAddress.name}`,
    };
  }

  if (!decoded.flag_qr) return { kind: "ignored", reason: "a query, not a response" };
  const opcode = (bytes.readUInt16BE(2) >> 11) & 0xf;
  if (opcode !== 0) return { kind: "ignored", reason: `opcode ${opcode} instead of QUERY` };

  const additionals = decoded.additionals ?? [];
  const opt = additionals.find((record): record is packet.OptAnswer => record.type === "OPT");
  const rcode = rcodeName(
    (((opt?.extendedRcode ?? 0) & 0xff) << 4) | (bytes.readUInt16BE(2) & 0xf),
  );

  const questions = decoded.questions ?? [];
  let question: DnsQuestion | null = null;
  if (questions.length === 0 && rcode !== "NOERROR") {
    // Some servers answer FORMERR/NOTIMP without echoing the question: still their answer.
  } else if (questions.length !== 1) {
    return { kind: "ignored", reason: `${questions.length} questions instead of 1` };
  } else {
    const [asked] = questions as [packet.Question];
    question = { name: asked.name, type: asked.type, class: asked.class ?? "IN" };
    const expected = query.question;
    if (
      question.name.toLowerCase() !== expected.name.toLowerCase() ||
      question.type !== expected.type ||
      question.class !== expected.class
    ) {
      return {
        kind: "ignored",
        reason: `answers ${question.name}/${question.type} instead of ${expected.name}/${expected.type}`,
      };
    }
  }

  return {
    kind: "answer",
    message: {
      id,
      opcode: "QUERY",
      rcode,
      flags: {
        aa: decoded.flag_aa,
        tc: decoded.flag_tc,
        rd: decoded.flag_rd,
        ra: decoded.flag_ra,
        ad: decoded.flag_ad,
        cd: decoded.flag_cd,
      },
      edns: opt
        ? {
            udpPayloadSize: opt.udpPayloadSize,
            version: opt.ednsVersion,
            dnssecOk: opt.flag_do,
            options: opt.options,
          }
        : null,
      question,
      answers: decoded.answers ?? [],
      authorities: decoded.authorities ?? [],
      additionals: additionals.filter((record) => record.type !== "OPT"),
    },
  };
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
