import * as packet from "dns-packet";

/** One of dns-packet's encoders; its typings leave them out, the module exports them. */
export interface WireCodec<T> {
  encode(value: T, buffer?: Buffer, offset?: number): Buffer;
  decode(buffer: Buffer, offset?: number): T;
  encodingLength(value: T): number;
}

const codecs = packet as unknown as {
  answer: WireCodec<packet.Answer>;
  record(type: string): WireCodec<unknown>;
  name: WireCodec<string>;
};

/** A whole resource record in wire form, never compressed: owner, type, class, TTL, RDATA. */
export const encodeRecord = (record: packet.Answer): Buffer => codecs.answer.encode(record);

/** RDATA of `type` prefixed with its 2-byte length, as dns-packet writes it. */
export const encodeRdata = (type: string, data: unknown): Buffer =>
  codecs.record(type).encode(data);

export const encodeName = (name: string): Buffer => codecs.name.encode(name);
