/**
 * What is wrong with a DNS message's layout (RFC 1035 4.1), read by its own lengths and
 * counts rather than through a decoder that trusts them: a name that runs past the end, a
 * record whose RDLENGTH runs past the end, an A or AAAA record that is not 4 or 16 bytes,
 * fewer records than the header counts. Undefined when the layout holds.
 */
export function messageLayoutProblem(bytes: Buffer): string | undefined {
  if (bytes.length < 12) return `${bytes.length} bytes: shorter than a header`;
  const counts = [4, 6, 8, 10].map((at) => bytes.readUInt16BE(at));
  let offset = 12;
  // A name: labels up to a zero byte or a pointer, which ends it (where it points is the
  // decoder's business, bounded by its own loop checks).
  const skipName = (): boolean => {
    for (let labels = 0; labels < 128; labels++) {
      if (offset >= bytes.length) return false;
      const length = bytes[offset]!;
      if (length === 0) {
        offset += 1;
        return true;
      }
      if ((length & 0xc0) === 0xc0) {
        offset += 2;
        return offset <= bytes.length;
      }
      if (length > 63) return false;
      offset += 1 + length;
    }
    return false;
  };
  for (let index = 0; index < counts[0]!; index++) {
    if (!skipName() || offset + 4 > bytes.length) return "the question runs past the end";
    offset += 4;
  }
  const total = counts[1]! + counts[2]! + counts[3]!;
  for (let index = 0; index < total; index++) {
    if (!skipName() || offset + 10 > bytes.length)
      return `record ${index + 1} of ${total} runs past the end`;
    const type = bytes.readUInt16BE(offset);
    const length = bytes.readUInt16BE(offset + 8);
    offset += 10;
    if (offset + length > bytes.length)
      return `record ${index + 1} claims ${length} bytes of data past the end`;
    if ((type === 1 && length !== 4) || (type === 28 && length !== 16))
      return `an ${type === 1 ? "A" : "AAAA"} record of ${length} bytes`;
    offset += length;
  }
  return undefined;
}
