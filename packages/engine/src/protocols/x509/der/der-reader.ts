/**
 * A DER reader for data from strangers (certificates, OCSP responses, CRLs): every length is
 * checked against the bytes there are, indefinite lengths and long tags are refused, and
 * nothing is copied; a node is a window on the input. Whatever the bytes, it returns or throws
 * DerError, never reads out of bounds and never loops without consuming input.
 */

export class DerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DerError";
  }
}

/** One TLV: its identifier byte and where its content lies in `input`. */
export interface DerNode {
  readonly input: Buffer;
  /** The identifier octet: class (2 bits), constructed (1 bit), tag number (5 bits). */
  readonly tag: number;
  readonly start: number;
  readonly contentStart: number;
  readonly end: number;
}

/** Universal tags the readers use. */
export const derTag = {
  boolean: 0x01,
  integer: 0x02,
  bitString: 0x03,
  octetString: 0x04,
  null: 0x05,
  oid: 0x06,
  enumerated: 0x0a,
  utf8String: 0x0c,
  sequence: 0x30,
  set: 0x31,
  utcTime: 0x17,
  generalizedTime: 0x18,
} as const;

/** A context-specific tag `[n]`, constructed or not. */
export const contextTag = (n: number, constructed: boolean) => 0x80 | (constructed ? 0x20 : 0) | n;

/** The TLV at `offset`, which must end by `limit`. */
export function readNode(input: Buffer, offset = 0, limit = input.length): DerNode {
  if (offset + 2 > limit) throw new DerError("truncated header");
  const tag = input[offset]!;
  if ((tag & 0x1f) === 0x1f) throw new DerError("multi-byte tags are not used here");
  const first = input[offset + 1]!;
  let length = first;
  let contentStart = offset + 2;
  if (first & 0x80) {
    const count = first & 0x7f;
    if (count === 0) throw new DerError("indefinite length");
    if (count > 4) throw new DerError("length too large");
    if (contentStart + count > limit) throw new DerError("truncated length");
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + input[contentStart + i]!;
    contentStart += count;
  }
  const end = contentStart + length;
  if (end > limit) throw new DerError("content runs past its container");
  return { input, tag, start: offset, contentStart, end };
}

/** Reads `input` as exactly one TLV. */
export function readRoot(input: Uint8Array): DerNode {
  const buffer = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const node = readNode(buffer);
  if (node.end !== buffer.length) throw new DerError("bytes after the value");
  return node;
}

/** The TLVs inside a constructed node, in order. */
export function childrenOf(node: DerNode): DerNode[] {
  if ((node.tag & 0x20) === 0) throw new DerError("not a constructed value");
  const children: DerNode[] = [];
  for (let at = node.contentStart; at < node.end; ) {
    const child = readNode(node.input, at, node.end);
    children.push(child);
    at = child.end;
  }
  return children;
}

/** The children of `node`, which must have tag `tag`. */
export function expectChildren(node: DerNode | undefined, tag: number, what: string): DerNode[] {
  return childrenOf(expect(node, tag, what));
}

/** `node`, which must exist and have tag `tag`. */
export function expect(node: DerNode | undefined, tag: number, what: string): DerNode {
  if (!node) throw new DerError(`${what} is missing`);
  if (node.tag !== tag) throw new DerError(`${what} has tag 0x${node.tag.toString(16)}`);
  return node;
}

export function contentOf(node: DerNode): Buffer {
  return node.input.subarray(node.contentStart, node.end);
}

/** The whole TLV, header included, as it was encoded. */
export function encodedOf(node: DerNode): Buffer {
  return node.input.subarray(node.start, node.end);
}
