import type * as packet from "dns-packet";
import type { DnsServer } from "../../../network/dns-exchange.js";
import { DnsQueryError, type DnsTransport } from "./errors.js";
import type { Exchange } from "./exchange.js";
import {
  DEFAULT_UDP_PAYLOAD_SIZE,
  type DnsMessage,
  type EdnsOption,
  encodeQuery,
  normalizeQueryName,
} from "./message.js";
import { dnsServerOf } from "./server-address.js";
import { exchangeTcp } from "./tcp.js";
import { exchangeUdp } from "./udp.js";

/** A record type dns-packet knows (`A`, `MX`...), or `UNKNOWN_<n>` for any other number. */
export type QueryType = packet.RecordType | "ANY" | "SPF" | `UNKNOWN_${number}`;

export interface QueryOptions {
  /**
   * `host`, `host:port` or `[v6]:port`, an IP literal (port 53 by default), asked as configured
   * by the caller; or a `learnedDnsServer`, a name server address that passed the policy.
   */
  server: string | DnsServer;
  name: string;
  type: QueryType;
  /** RD flag; false to ask an authoritative server about its own data. Default true. */
  recursionDesired?: boolean;
  /**
   * CD flag: asks a validating resolver for the data even when its DNSSEC validation fails,
   * so the caller can judge the signatures itself. Default false.
   */
  checkingDisabled?: boolean;
  /** DO flag in the OPT record, asking for DNSSEC records. Default false. */
  dnssecOk?: boolean;
  /** Send an EDNS0 OPT record. Default true; false to probe servers that mishandle EDNS. */
  edns?: boolean;
  /** Advertised EDNS0 UDP payload size, 512..65535. Default 1232. */
  udpPayloadSize?: number;
  /** EDNS version 0..255 (RFC 6891); a server that does not speak it answers BADVERS. Default 0. */
  ednsVersion?: number;
  /** EDNS header flag bits to set besides DO, 0..0x7fff. Default 0. */
  ednsFlags?: number;
  /** EDNS options to send, as `{ code, data }`. Default none. */
  ednsOptions?: readonly EdnsOption[];
  /** Retry a truncated UDP answer over TCP. Default true; false returns the truncated answer. */
  tcpFallback?: boolean;
  /** `udp` (the default) falls back to TCP when the answer is truncated; `tcp` only uses TCP. */
  transport?: DnsTransport;
  /** Budget of one UDP try, and of the TCP exchange, in milliseconds. Default 2000. */
  timeoutMs?: number;
  /** UDP sends before giving up, 1..5. Default 2. */
  udpTries?: number;
  /**
   * The longest the whole query may take, every UDP try and a TCP fallback together: each
   * waits at most what is left of it, and a try (or the fallback) is not sent when less than
   * `minTryMs` is left, since no answer could come back in time. Default: no bound beyond
   * the tries.
   */
  totalTimeoutMs?: number;
  /** The least time worth sending a try for, with `totalTimeoutMs`. Default 1. */
  minTryMs?: number;
  signal?: AbortSignal;
}

/** The answer of one server, with how it was obtained. */
export interface DnsResponse extends DnsMessage {
  /** The server that answered, as `host:port` or `[v6]:port`. */
  readonly server: string;
  readonly transport: DnsTransport;
  /** Round trip of the exchange that answered, in milliseconds. */
  readonly rttMs: number;
  /** Response size in bytes. */
  readonly size: number;
  /** True when the UDP answer was truncated and this answer came over TCP instead. */
  readonly udpTruncated: boolean;
}

const fail = (message: string) => new TypeError(`query: ${message}`);

const isInteger = (value: unknown, min: number, max: number) =>
  typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;

/**
 * Asks one server one question on our own sockets, so flags, EDNS and transport are ours to
 * set and read. NXDOMAIN, SERVFAIL and the like are answers; it rejects with a
 * `DnsQueryError` (timeout, aborted, network, malformed) only when no answer came, and with a
 * `TypeError` for bad options.
 */
export async function query(options: QueryOptions): Promise<DnsResponse> {
  if (typeof options !== "object" || options === null) throw fail("options must be an object");
  const {
    recursionDesired = true,
    checkingDisabled = false,
    dnssecOk = false,
    edns = true,
    udpPayloadSize = DEFAULT_UDP_PAYLOAD_SIZE,
    transport = "udp",
    ednsVersion = 0,
    ednsFlags = 0,
    ednsOptions = [],
    tcpFallback = true,
    timeoutMs = 2000,
    udpTries = 2,
    totalTimeoutMs,
    minTryMs = 1,
    signal,
  } = options;

  const server = dnsServerOf(options.server);
  if (!server) {
    throw fail(
      "options.server must be an IP address with an optional port, like 192.0.2.53, " +
        "192.0.2.53:5353 or [2001:db8::53]:5353",
    );
  }
  const name =
    typeof options.name === "string" ? normalizeQueryName({ name: options.name }) : undefined;
  if (name === undefined) {
    throw fail("options.name must be a DNS name (labels of 1..63 bytes, 253 bytes at most)");
  }
  if (typeof recursionDesired !== "boolean")
    throw fail("options.recursionDesired must be a boolean");
  if (typeof checkingDisabled !== "boolean")
    throw fail("options.checkingDisabled must be a boolean");
  if (typeof dnssecOk !== "boolean") throw fail("options.dnssecOk must be a boolean");
  if (typeof edns !== "boolean") throw fail("options.edns must be a boolean");
  if (dnssecOk && !edns)
    throw fail("options.dnssecOk needs options.edns: the DO bit lives in EDNS");
  if (!isInteger(udpPayloadSize, 512, 65535)) {
    throw fail("options.udpPayloadSize must be an integer 512..65535");
  }
  if (!isInteger(ednsVersion, 0, 255)) throw fail("options.ednsVersion must be an integer 0..255");
  if (!isInteger(ednsFlags, 0, 0x7fff)) throw fail("options.ednsFlags must be an integer 0..32767");
  if (!Array.isArray(ednsOptions)) throw fail("options.ednsOptions must be an array");
  if (!edns && (ednsVersion !== 0 || ednsFlags !== 0 || ednsOptions.length > 0))
    throw fail("options.ednsVersion, ednsFlags and ednsOptions need options.edns");
  if (typeof tcpFallback !== "boolean") throw fail("options.tcpFallback must be a boolean");
  if (transport !== "udp" && transport !== "tcp")
    throw fail('options.transport must be "udp" or "tcp"');
  if (!isInteger(timeoutMs, 1, 60_000)) throw fail("options.timeoutMs must be an integer 1..60000");
  if (!isInteger(udpTries, 1, 5)) throw fail("options.udpTries must be an integer 1..5");
  if (totalTimeoutMs !== undefined && !isInteger(totalTimeoutMs, 1, Number.MAX_SAFE_INTEGER)) {
    throw fail("options.totalTimeoutMs must be a positive integer");
  }
  if (!isInteger(minTryMs, 1, 60_000)) throw fail("options.minTryMs must be an integer 1..60000");
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw fail("options.signal must be an AbortSignal");
  }
  const encoded =
    typeof options.type === "string"
      ? encodeQuery({
          name,
          type: options.type,
          recursionDesired,
          checkingDisabled,
          dnssecOk,
          edns,
          udpPayloadSize,
          ednsVersion,
          ednsFlags,
          ednsOptions,
        })
      : undefined;
  if (!encoded) {
    throw fail(
      "options.type must be a record type such as A, AAAA, MX or TXT (not OPT, AXFR, IXFR)",
    );
  }

  const respond = (exchange: Exchange, over: DnsTransport, udpTruncated: boolean): DnsResponse => ({
    ...exchange.message,
    server: server.label,
    transport: over,
    rttMs: Math.round(exchange.rttMs * 1000) / 1000,
    size: exchange.size,
    udpTruncated,
  });

  const endsAt =
    totalTimeoutMs === undefined ? Number.POSITIVE_INFINITY : performance.now() + totalTimeoutMs;
  if (transport === "udp") {
    const overUdp = await exchangeUdp({
      server,
      query: encoded,
      tries: udpTries,
      tryTimeoutMs: timeoutMs,
      endsAt,
      minTryMs,
      signal,
    });
    if (!overUdp.message.flags.tc || !tcpFallback) return respond(overUdp, "udp", false);
  }
  const left = Math.floor(endsAt - performance.now());
  if (left < minTryMs) {
    const what = `${encoded.question.name}/${encoded.question.type} from ${server.label} over tcp`;
    throw new DnsQueryError({
      code: "timeout",
      message: `no time was left to ask for ${what}${transport === "udp" ? " after a truncated udp answer" : ""}`,
      server: server.label,
      transport: "tcp",
    });
  }
  const overTcp = await exchangeTcp({
    server,
    query: encoded,
    timeoutMs: Math.min(timeoutMs, left),
    signal,
  });
  return respond(overTcp, "tcp", transport === "udp");
}
