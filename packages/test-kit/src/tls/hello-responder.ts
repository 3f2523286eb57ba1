import { randomBytes } from "node:crypto";
import net from "node:net";

export interface HelloResponder {
  port: number;
  /** ClientHellos answered here with a ServerHello, so far. */
  answered(): number;
  close(): Promise<void>;
}

/** SSL 3.0 as a ClientHello's or ServerHello's version. */
export const sslv3Version = 0x0300;

/**
 * A loopback peer written by hand for what no OpenSSL here will serve (SSL 3, RC4, 3DES): it
 * reads the first record, and answers a ClientHello whose version is in `versions` with a
 * ServerHello of that version (renegotiation_info when `renegotiationInfo`), then closes. The
 * suite is the first of `suites`, in that order, that the hello offers; without `suites`, the
 * first offered. Any other connection (another version, none of `suites`) is relayed unchanged
 * to `relayPort` (a real TLS server), or closed without a word when there is none. Debian's
 * `openssl s_server` has no SSL 3 either.
 */
export async function startHelloResponder(options: {
  versions: readonly number[];
  renegotiationInfo: boolean;
  suites?: readonly number[];
  /** Answer an SSL 2 CLIENT-HELLO with an SSL 2 SERVER-HELLO (3DES). */
  sslv2?: boolean;
  /**
   * Answer TLS 1.3 hellos that offer only TLS 1.3 suites as a server that cannot send a
   * HelloRetryRequest: with an X25519 key share, a TLS 1.3 ServerHello (the first suite
   * offered); with an empty key_share, a handshake_failure alert.
   */
  tls13WithoutRetry?: boolean;
  /**
   * A TLS 1.3 server preferring these groups (post-quantum hybrids, say, which no OpenSSL here
   * has): a hello offering TLS 1.3 whose supported_groups name one of them is answered with a
   * HelloRetryRequest for the first (RFC 8446 4.1.4), or a ServerHello when it carries a key
   * share of it; other hellos go on as usual.
   */
  preferGroups?: readonly number[];
  /** Pick DEFLATE (1) in a ServerHello when the hello offers it, as a CRIME-prone server did. */
  compression?: boolean;
  /**
   * After a TLS 1.2-or-earlier ServerHello, the rest of a first flight as a server sends it in
   * clear: Certificate with these (DER, leaf first), CertificateStatus with `ocspResponse`,
   * ServerHelloDone, in records of at most 16 KiB.
   */
  flight?: { certificates: readonly Uint8Array[]; ocspResponse?: Uint8Array };
  /**
   * A simulation of two OpenSSL bugs on the wire, for hellos this responder answers: the
   * ServerHello, `flight` (or an empty Certificate) and a ServerHelloDone, then the connection stays open and the records that come
   * are answered as a vulnerable OpenSSL answered them. No cryptography is done: only the bytes
   * a scanner sees are the bug's.
   * - `heartbleed`: agree to heartbeats when the hello offers them, and answer every
   *   HeartbeatRequest with the payload length it claims, filled with bytes that are not the
   *   request's (CVE-2014-0160: the over-read of OpenSSL 1.0.1 to 1.0.1f); `"discard"` agrees
   *   to heartbeats but drops such a request, as RFC 6520 4 says.
   * - `earlyCcs`: take a ChangeCipherSpec before the key exchange without a word, then answer
   *   the next record with a decryption_failed alert, as a server that switched to keys of an
   *   empty master secret does (CVE-2014-0224).
   */
  bugs?: { heartbleed?: boolean | "discard"; earlyCcs?: boolean };
  relayPort?: number;
  /** Without `relayPort`, how other hellos are refused: closed without a word (default) or a handshake_failure alert. */
  refuse?: "close" | "alert";
  host?: string;
  port?: number;
}): Promise<HelloResponder> {
  const host = options.host ?? "127.0.0.1";
  let answered = 0;
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    let received = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      // SSL 2's record: a 2-byte header with the high bit set, CLIENT-HELLO type 1.
      if (options.sslv2 && received.length >= 3 && (received[0]! & 0x80) !== 0) {
        if (received[2] !== 1) return void client.end();
        client.off("data", onData);
        answered += 1;
        client.end(sslv2ServerHello());
        return;
      }
      if (received.length < 5) return;
      const recordEnd = 5 + received.readUInt16BE(3);
      if (received.length < recordEnd) return;
      client.off("data", onData);
      const hello = readClientHello(received.subarray(5, recordEnd));
      const tls13Only =
        hello?.supportedVersions.includes(0x0304) &&
        hello.suites.every((code) => code >= 0x1301 && code <= 0x1305);
      // Any hello offering TLS 1.3 (a browser's offers TLS 1.2 suites too): the first TLS 1.3 suite.
      const tls13Suite = hello?.supportedVersions.includes(0x0304)
        ? hello.suites.find((code) => code >= 0x1301 && code <= 0x1305)
        : undefined;
      const preferred =
        tls13Suite !== undefined
          ? options.preferGroups?.find((group) => hello?.groups.includes(group))
          : undefined;
      if (hello && preferred !== undefined && tls13Suite !== undefined) {
        answered += 1;
        const suite = tls13Suite;
        client.end(
          hello.keyShares.includes(preferred)
            ? tls13ServerHello(suite, preferred)
            : tls13ServerHello(suite, preferred, { retry: true }),
        );
        return;
      }
      if (options.tls13WithoutRetry && hello && tls13Only) {
        answered += 1;
        client.end(
          hello.keyShares.includes(0x001d)
            ? tls13ServerHello(hello.suites[0]!)
            : Buffer.from([21, 3, 3, 0, 2, 2, 40]),
        );
        return;
      }
      const suite = options.suites
        ? options.suites.find((code) => hello?.suites.includes(code))
        : (hello?.suites[0] ?? 0x002f);
      if (hello && options.versions.includes(hello.version) && suite !== undefined) {
        answered += 1;
        const compression = options.compression && hello.compression.includes(1) ? 1 : 0;
        const heartbeat = Boolean(options.bugs?.heartbleed) && hello.extensions.includes(0x000f);
        const first = serverHello(
          hello.version,
          suite,
          options.renegotiationInfo,
          compression,
          heartbeat,
        );
        if (options.bugs) {
          client.write(
            Buffer.concat([
              first,
              flightRecords(hello.version, options.flight ?? { certificates: [] }),
            ]),
          );
          answerLikeABug(client, received.subarray(recordEnd), options.bugs);
          return;
        }
        client.end(
          options.flight
            ? Buffer.concat([first, flightRecords(hello.version, options.flight)])
            : first,
        );
        return;
      }
      if (options.relayPort === undefined) {
        if (options.refuse === "alert") client.end(Buffer.from([21, 3, 1, 0, 2, 2, 40]));
        else client.end();
        return;
      }
      client.pause();
      const upstream = net.connect(options.relayPort, host);
      track(upstream);
      upstream.on("close", () => client.destroy());
      client.on("close", () => upstream.destroy());
      upstream.write(received);
      client.pipe(upstream).pipe(client);
      client.resume();
    };
    client.on("data", onData);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    answered: () => answered,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface ClientHello {
  version: number;
  /** Offered suites, signalling suites left out. */
  suites: number[];
  /** supported_versions' list; empty without it. */
  supportedVersions: number[];
  /** The groups of key_share's entries; empty without it or with an empty list. */
  keyShares: number[];
  /** supported_groups, in order. */
  groups: number[];
  /** Compression methods offered. */
  compression: number[];
  /** Extension types, in order. */
  extensions: number[];
}

/** What a ClientHello offers, from its record body. */
function readClientHello(message: Buffer): ClientHello | undefined {
  if (message.length < 43 || message[0] !== 1) return undefined;
  const version = message.readUInt16BE(4);
  let offset = 38;
  offset += 1 + message[offset]!; // session id
  if (offset + 2 > message.length) return undefined;
  const length = message.readUInt16BE(offset);
  const suites: number[] = [];
  for (let at = offset + 2; at + 2 <= Math.min(offset + 2 + length, message.length); at += 2) {
    const suite = message.readUInt16BE(at);
    if (suite !== 0x00ff && suite !== 0x5600) suites.push(suite);
  }
  offset += 2 + length;
  const compression = [...message.subarray(offset + 1, offset + 1 + (message[offset] ?? 0))];
  offset += 1 + (message[offset] ?? 0);
  const supportedVersions: number[] = [];
  const keyShares: number[] = [];
  const groups: number[] = [];
  const extensions: number[] = [];
  // SSL 3 hellos carry no extensions at all.
  const end =
    offset + 2 <= message.length
      ? Math.min(message.length, offset + 2 + message.readUInt16BE(offset))
      : 0;
  for (let at = offset + 2; at + 4 <= end; ) {
    const type = message.readUInt16BE(at);
    const data = message.subarray(at + 4, at + 4 + message.readUInt16BE(at + 2));
    extensions.push(type);
    if (type === 0x002b) {
      for (let i = 1; i + 2 <= 1 + data[0]!; i += 2) supportedVersions.push(data.readUInt16BE(i));
    }
    if (type === 0x000a) {
      for (let i = 2; i + 2 <= data.length; i += 2) groups.push(data.readUInt16BE(i));
    }
    if (type === 0x0033) {
      for (let i = 2; i + 4 <= data.length; i += 4 + data.readUInt16BE(i + 2)) {
        keyShares.push(data.readUInt16BE(i));
      }
    }
    at += 4 + data.length;
  }
  return { version, suites, supportedVersions, keyShares, groups, compression, extensions };
}

/** SHA-256 of "HelloRetryRequest": the random that makes a ServerHello a HelloRetryRequest. */
const retryRandom = Buffer.from(
  "cf21ad74e59a6111be1d8c021e65b891c2a211167abb8c5e079e09e2c8a8339c",
  "hex",
);

/**
 * A TLS 1.3 ServerHello: supported_versions 1.3 and a key share of `group` (random bytes, 32
 * of them as an X25519 share has); or, with `retry`, a HelloRetryRequest naming `group`.
 */
function tls13ServerHello(
  suite: number,
  group = 0x001d,
  options: { retry?: boolean } = {},
): Buffer {
  const share = options.retry
    ? Buffer.from([group >> 8, group & 0xff])
    : Buffer.concat([Buffer.from([group >> 8, group & 0xff, 0, 32]), randomBytes(32)]);
  const keyShare = Buffer.concat([
    Buffer.from([0, 0x33, share.length >> 8, share.length & 0xff]),
    share,
  ]);
  const extensions = Buffer.concat([Buffer.from([0, 0x2b, 0, 2, 3, 4]), keyShare]);
  const body = Buffer.concat([
    Buffer.from([3, 3]),
    options.retry ? retryRandom : randomBytes(32),
    Buffer.from([0, suite >> 8, suite & 0xff, 0]),
    Buffer.from([extensions.length >> 8, extensions.length & 0xff]),
    extensions,
  ]);
  const message = Buffer.concat([Buffer.from([2, 0, body.length >> 8, body.length & 0xff]), body]);
  return Buffer.concat([
    Buffer.from([22, 3, 3, message.length >> 8, message.length & 0xff]),
    message,
  ]);
}

function serverHello(
  version: number,
  suite: number,
  renegotiationInfo: boolean,
  compression = 0,
  heartbeat = false,
): Buffer {
  const list = Buffer.concat([
    renegotiationInfo ? Buffer.from([0xff, 0x01, 0, 1, 0]) : Buffer.alloc(0),
    // heartbeat (RFC 6520 2): peer_allowed_to_send.
    heartbeat ? Buffer.from([0, 0x0f, 0, 1, 1]) : Buffer.alloc(0),
  ]);
  const extensions =
    list.length > 0
      ? Buffer.concat([Buffer.from([list.length >> 8, list.length & 0xff]), list])
      : Buffer.alloc(0);
  const body = Buffer.concat([
    Buffer.from([version >> 8, version & 0xff]),
    randomBytes(32),
    Buffer.from([0, suite >> 8, suite & 0xff, compression]),
    extensions,
  ]);
  const message = Buffer.concat([Buffer.from([2, 0, body.length >> 8, body.length & 0xff]), body]);
  return Buffer.concat([
    Buffer.from([22, version >> 8, version & 0xff, message.length >> 8, message.length & 0xff]),
    message,
  ]);
}

/** Filler for the simulated over-read: recognisable, and never the request's own bytes. */
const leakedMemory = Buffer.from("simulated server memory, not a secret. ");

/**
 * The records after a first flight, answered as the vulnerable OpenSSL of `bugs` did (see
 * `bugs` above); anything else is read and dropped until the client closes.
 */
function answerLikeABug(
  client: net.Socket,
  early: Buffer,
  bugs: NonNullable<Parameters<typeof startHelloResponder>[0]["bugs"]>,
): void {
  let pending = Buffer.from(early);
  let keysChanged = false;
  const onRecords = (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= 5) {
      const end = 5 + pending.readUInt16BE(3);
      if (pending.length < end) return;
      const [type, major, minor] = [pending[0]!, pending[1]!, pending[2]!];
      const body = pending.subarray(5, end);
      pending = pending.subarray(end);
      if (keysChanged) {
        // Nothing decrypts under keys of an empty master secret: decryption_failed, fatal.
        client.end(Buffer.from([21, major, minor, 0, 2, 2, 21]));
        return;
      }
      if (type === 20 && bugs.earlyCcs) keysChanged = true;
      else if (type === 20) {
        client.end(Buffer.from([21, major, minor, 0, 2, 2, 10]));
        return;
      }
      if (type === 24 && bugs.heartbleed === true && body[0] === 1 && body.length >= 3) {
        client.write(heartbeatResponse(major, minor, body.readUInt16BE(1)));
      }
    }
  };
  client.on("data", onRecords);
  onRecords(Buffer.alloc(0));
}

/** A HeartbeatResponse of `claimed` payload bytes and 16 of padding, in records of 16 KiB. */
function heartbeatResponse(major: number, minor: number, claimed: number): Buffer {
  const payload = Buffer.alloc(claimed);
  for (let at = 0; at < claimed; at += leakedMemory.length) leakedMemory.copy(payload, at);
  const message = Buffer.concat([
    Buffer.from([2, claimed >> 8, claimed & 0xff]),
    payload,
    Buffer.alloc(16),
  ]);
  const records: Buffer[] = [];
  for (let at = 0; at < message.length; at += 16384) {
    const fragment = message.subarray(at, at + 16384);
    records.push(
      Buffer.from([24, major, minor, fragment.length >> 8, fragment.length & 0xff]),
      fragment,
    );
  }
  return Buffer.concat(records);
}

/** SSL 2's SERVER-HELLO: no session hit, X.509, version 2, no certificate, one cipher kind. */
function sslv2ServerHello(): Buffer {
  const message = Buffer.concat([
    Buffer.from([4, 0, 1, 0, 2]),
    Buffer.from([0, 0, 0, 3, 0, 16]), // certificate, cipher specs and connection id lengths
    Buffer.from([0x07, 0x00, 0xc0]), // SSL_CK_DES_192_EDE3_CBC_WITH_MD5
    randomBytes(16),
  ]);
  return Buffer.concat([
    Buffer.from([0x80 | (message.length >> 8), message.length & 0xff]),
    message,
  ]);
}

const u24 = (length: number) => Buffer.from([length >> 16, (length >> 8) & 0xff, length & 0xff]);
const handshakeMessage = (type: number, body: Buffer) =>
  Buffer.concat([Buffer.from([type]), u24(body.length), body]);

/** Certificate, CertificateStatus, ServerHelloDone (RFC 5246 7.4, RFC 6066 8), split into records. */
function flightRecords(
  version: number,
  flight: { certificates: readonly Uint8Array[]; ocspResponse?: Uint8Array },
): Buffer {
  const list = Buffer.concat(
    flight.certificates.map((der) => Buffer.concat([u24(der.length), Buffer.from(der)])),
  );
  const messages = Buffer.concat([
    handshakeMessage(11, Buffer.concat([u24(list.length), list])),
    ...(flight.ocspResponse
      ? [
          handshakeMessage(
            22,
            Buffer.concat([
              Buffer.from([1]),
              u24(flight.ocspResponse.length),
              Buffer.from(flight.ocspResponse),
            ]),
          ),
        ]
      : []),
    handshakeMessage(14, Buffer.alloc(0)),
  ]);
  const records: Buffer[] = [];
  for (let at = 0; at < messages.length; at += 16384) {
    const fragment = messages.subarray(at, at + 16384);
    records.push(
      Buffer.from([22, version >> 8, version & 0xff, fragment.length >> 8, fragment.length & 0xff]),
      fragment,
    );
  }
  return Buffer.concat(records);
}
