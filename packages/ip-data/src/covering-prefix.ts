import { ipv4Text, ipv6Text } from "./ip-number.js";
import { compareWords } from "./range-table.js";

/**
 * The largest CIDR block that holds `address` and lies inside the range [start, end]. The data
 * lists ranges (neighbouring announcements of one AS may be merged into one); the block is the
 * prefix as close to the announced one as the range allows.
 */
export function coveringIpv4Prefix(address: number, start: number, end: number): string {
  // The block grows with its host bits and stays inside the range up to some size: a binary
  // search over 0..32 host bits, in 32-bit integer arithmetic (this runs on every lookup).
  let fits = 0;
  let tooBig = 33;
  while (tooBig - fits > 1) {
    const hostBits = (fits + tooBig) >>> 1;
    const hostMask = hostBits === 32 ? 0xffffffff : ((1 << hostBits) - 1) >>> 0;
    const network = (address & ~hostMask) >>> 0;
    if (network >= start && (network | hostMask) >>> 0 <= end) fits = hostBits;
    else tooBig = hostBits;
  }
  const network = fits === 32 ? 0 : (address & ~(((1 << fits) - 1) >>> 0)) >>> 0;
  return `${ipv4Text(network)}/${32 - fits}`;
}

/**
 * The same for IPv6: four words each, the range's bounds at `rangeOffset` of `start` and `end`
 * (so a table's arrays are passed as they are, no view made per lookup).
 */
export function coveringIpv6Prefix(
  address: ArrayLike<number>,
  start: ArrayLike<number>,
  end: ArrayLike<number>,
  rangeOffset = 0,
): string {
  // Scratch words of the module, not new arrays: this runs for every IPv6 answer.
  const block = (hostBits: number) => {
    for (let word = 0; word < 4; word++) {
      // Host bits of this word: those of the 128 that fall in it, from the right.
      const inWord = Math.min(32, Math.max(0, hostBits - (3 - word) * 32));
      const hostMask = inWord === 32 ? 0xffffffff : ((1 << inWord) - 1) >>> 0;
      network[word] = (address[word]! & ~hostMask) >>> 0;
      last[word] = (network[word]! | hostMask) >>> 0;
    }
    return (
      compareWords(network, 0, start, rangeOffset, 4) >= 0 &&
      compareWords(last, 0, end, rangeOffset, 4) <= 0
    );
  };
  let fits = 0;
  let tooBig = 129;
  while (tooBig - fits > 1) {
    const hostBits = (fits + tooBig) >>> 1;
    if (block(hostBits)) fits = hostBits;
    else tooBig = hostBits;
  }
  block(fits);
  return `${ipv6Text(network)}/${128 - fits}`;
}

const network = new Uint32Array(4);
const last = new Uint32Array(4);
