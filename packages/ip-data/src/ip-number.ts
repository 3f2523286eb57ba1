/**
 * IP addresses as numbers: an IPv4 address is one unsigned 32-bit number, an IPv6 address four
 * (most significant first). Parsed by hand: a lookup must cost well under a microsecond.
 */

/** The address as an unsigned 32-bit number, or -1 when it is not a dotted-quad IPv4 literal. */
export function ipv4Number(text: string): number {
  let value = 0;
  let part = 0;
  let digits = 0;
  let dots = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 46) {
      if (digits === 0 || dots === 3) return -1;
      value = value * 256 + part;
      part = 0;
      digits = 0;
      dots++;
    } else if (code >= 48 && code <= 57) {
      // No leading zeros: "010" is octal to some parsers and decimal to others.
      if (digits > 0 && part === 0) return -1;
      part = part * 10 + (code - 48);
      if (part > 255) return -1;
      digits++;
    } else {
      return -1;
    }
  }
  if (dots !== 3 || digits === 0) return -1;
  return value * 256 + part;
}

/** The dotted-quad form of an unsigned 32-bit number. */
export function ipv4Text(value: number): string {
  // Joined from strings made once: a template converting four numbers took 3-4 times as long.
  return (
    octetDot[value >>> 24]! +
    octetDot[(value >>> 16) & 255]! +
    octetDot[(value >>> 8) & 255]! +
    octetText[value & 255]!
  );
}

const octetText = Array.from({ length: 256 }, (_, octet) => String(octet));
const octetDot = octetText.map((text) => `${text}.`);

/**
 * The address as four unsigned 32-bit words written into `into` at `offset`; false when it is
 * not an IPv6 literal (a zone or brackets included). An embedded IPv4 tail (`::ffff:1.2.3.4`)
 * is read as its two words.
 */
export function ipv6Words(text: string, into: Uint32Array, offset = 0): boolean {
  const groups = scratchGroups;
  let count = 0;
  let gap = -1;
  let index = 0;
  const length = text.length;
  if (length < 2) return false;
  if (text.charCodeAt(0) === 58) {
    if (text.charCodeAt(1) !== 58) return false;
    gap = 0;
    index = 2;
  }
  while (index < length) {
    let value = 0;
    let digits = 0;
    const start = index;
    for (; index < length; index++) {
      const nibble = hexValue(text.charCodeAt(index));
      if (nibble < 0) break;
      value = value * 16 + nibble;
      digits++;
    }
    if (index < length && text.charCodeAt(index) === 46) {
      // The last 32 bits as dotted-quad IPv4.
      const v4 = ipv4Number(text.slice(start));
      if (v4 < 0 || count > 6) return false;
      groups[count++] = v4 >>> 16;
      groups[count++] = v4 & 0xffff;
      break;
    }
    if (digits === 0 || digits > 4 || count === 8) return false;
    groups[count++] = value;
    if (index === length) break;
    if (text.charCodeAt(index) !== 58) return false;
    index++;
    if (index < length && text.charCodeAt(index) === 58) {
      if (gap >= 0) return false;
      gap = count;
      index++;
    } else if (index === length) {
      return false;
    }
  }
  if (gap < 0 ? count !== 8 : count > 7) return false;
  // Groups after the gap move to the end; the gap fills with zeros.
  const missing = 8 - count;
  for (let group = 7; group >= 0; group--) {
    const from = gap < 0 || group < gap ? group : group - missing;
    scratchFull[group] = gap >= 0 && group >= gap && group < gap + missing ? 0 : groups[from]!;
  }
  for (let word = 0; word < 4; word++) {
    into[offset + word] = ((scratchFull[word * 2]! << 16) | scratchFull[word * 2 + 1]!) >>> 0;
  }
  return true;
}

const scratchGroups = new Uint16Array(8);
const scratchFull = new Uint16Array(8);

function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 102) return code - 87;
  if (code >= 65 && code <= 70) return code - 55;
  return -1;
}

/** The compressed text form (RFC 5952) of four words. */
export function ipv6Text(words: ArrayLike<number>, offset = 0): string {
  // The longest run of two or more zero groups becomes "::" (the first one on a tie).
  let bestStart = -1;
  let bestLength = 1;
  let runStart = -1;
  for (let group = 0; group <= 8; group++) {
    if (group < 8 && groupOf(words, offset, group) === 0) {
      if (runStart < 0) runStart = group;
    } else if (runStart >= 0) {
      if (group - runStart > bestLength) {
        bestStart = runStart;
        bestLength = group - runStart;
      }
      runStart = -1;
    }
  }
  // Written in one pass, no arrays: this runs for every IPv6 answer's prefix.
  let text = "";
  for (let group = 0; group < 8; group++) {
    if (group === bestStart) {
      text += "::";
      group += bestLength - 1;
      continue;
    }
    if (group > 0 && group !== bestStart + bestLength) text += ":";
    text += groupOf(words, offset, group).toString(16);
  }
  return text;
}

/** The 16-bit group `group` (0 to 7) of four 32-bit words. */
function groupOf(words: ArrayLike<number>, offset: number, group: number): number {
  const word = words[offset + (group >> 1)]!;
  return group % 2 === 0 ? word >>> 16 : word & 0xffff;
}
