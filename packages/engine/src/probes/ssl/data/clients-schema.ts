import { Nullable, type Static, StringEnum, Type } from "../../../contract/schema.js";

/** How a client's outcome was found: its own hello sent, or the scan's facts alone. */
export const clientVerdictSources = ["hello", "facts"] as const;

/** One client profile's handshake with an address. */
export const SimulatedClientSchema = Type.Object({
  id: Type.String({ examples: ["android-4.4.2"] }),
  name: Type.String({ examples: ["Android 4.4.2"] }),
  current: Type.Boolean({
    description: "The client is still supported by its vendor and common today.",
  }),
  connects: Nullable(Type.Boolean(), {
    description:
      "The server answers the client's hello with terms the client accepts; null: not told.",
  }),
  protocol: Nullable(Type.String(), { examples: ["TLSv1.3"] }),
  /** IANA's name of the suite the server picked. */
  suite: Nullable(Type.String(), { examples: ["TLS_AES_128_GCM_SHA256"] }),
  /** The key exchange group picked (TLS 1.3 key_share, TLS 1.2 ECDHE curve). */
  group: Nullable(Type.String(), { examples: ["X25519"] }),
  /** The finite-field DH prime's size, for a DHE suite. */
  dhBits: Nullable(Type.Integer({ minimum: 1 })),
  forwardSecrecy: Nullable(Type.Boolean()),
  from: StringEnum(clientVerdictSources, {
    description:
      "hello: the client's own ClientHello was sent and the ServerHello read; facts: the scan already shows no version or no suite in common, so no connection was made.",
  }),
  reason: Nullable(
    Type.String({ description: "Why the client cannot connect, or why it was not told." }),
  ),
});
export type SimulatedClient = Static<typeof SimulatedClientSchema>;

/** `clients`: every profile of the table, in its order. */
export const SslClientsSchema = Type.Array(SimulatedClientSchema, {
  description:
    "Handshake simulation: each client profile's hello (versions, suites in order, groups, key shares, signature algorithms, extensions, as the client sends them) and the server's choice.",
});
export type SslClients = Static<typeof SslClientsSchema>;
