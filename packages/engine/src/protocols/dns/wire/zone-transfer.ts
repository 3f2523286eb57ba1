import { randomInt } from "node:crypto";
import * as packet from "dns-packet";
import type { DnsServer } from "../../../network/dns-exchange.js";
import { isDnsQueryError } from "./errors.js";
import type { EncodedQuery } from "./message.js";
import { normalizeQueryName } from "./message.js";
import { dnsServerOf } from "./server-address.js";
import { exchangeTcp } from "./tcp.js";

/** What a server did with an AXFR request. */
export interface ZoneTransferOutcome {
  /** True when the server started sending the zone (a first message opening with its SOA). */
  readonly allowed: boolean;
  /** The first message's rcode; `CLOSED` when the server hung up without answering. */
  readonly rcode: string;
  /** Records in the first message: a glimpse of what an attacker would get. */
  readonly records: number;
}

/**
 * Asks `server` for a zone transfer (RFC 5936) over TCP and reads only the first message, enough
 * to tell a refusal from a transfer, then closes the connection. A server that hangs up on the
 * request refuses it too. Rejects with a `DnsQueryError` on timeout, abort or garbage.
 */
export async function probeZoneTransfer(options: {
  /** An IP literal trusted as given, or a `learnedDnsServer` that passed the policy. */
  server: string | DnsServer;
  zone: string;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
}): Promise<ZoneTransferOutcome> {
  const server = dnsServerOf(options.server);
  if (!server) throw new TypeError("probeZoneTransfer: options.server must be an IP address");
  const zone = normalizeQueryName({ name: options.zone });
  if (zone === undefined) throw new TypeError("probeZoneTransfer: options.zone must be a DNS name");
  const { timeoutMs } = options;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > 60_000) {
    throw new TypeError("probeZoneTransfer: options.timeoutMs must be an integer 1..60000");
  }

  const id = randomInt(0, 65536);
  const bytes = packet.encode({
    type: "query",
    id,
    flags: 0,
    questions: [{ name: zone, type: "AXFR", class: "IN" }],
  });
  const question = packet.decode(bytes).questions?.[0];
  const query: EncodedQuery = {
    bytes,
    id,
    question: { name: question?.name ?? zone, type: "AXFR", class: "IN" },
  };

  try {
    const { message } = await exchangeTcp({
      server,
      query,
      timeoutMs,
      signal: options.signal,
    });
    const first = message.answers[0];
    const allowed =
      message.rcode === "NOERROR" &&
      first?.type === "SOA" &&
      first.name.toLowerCase().replace(/\.$/, "") === zone.toLowerCase();
    return { allowed, rcode: message.rcode, records: message.answers.length };
  } catch (error) {
    // Hanging up (FIN or reset) after accepting the connection is a common way to refuse: that
    // is an answer, not a failure. ECONNREFUSED is not: nothing listens on TCP at all.
    if (
      isDnsQueryError(error) &&
      error.code === "network" &&
      /connection closed|ECONNRESET/.test(error.message)
    ) {
      return { allowed: false, rcode: "CLOSED", records: 0 };
    }
    throw error;
  }
}
