import { ipv4Text, ipv6Text } from "./ip-number.js";
import { compareWords } from "./range-table.js";

/**
 * The largest CIDR block that holds `address` and lies inside the range [start, end]. The data
 * lists ranges (neighbouring announcements of one AS may be merged into one); the block is the
 * prefix as close to the announced one as the range allows.
 */
export function coveringIpv4Prefix(address: number, start: number, end: number): string {
  // Grow the block from the address alone while it stays inside the range (32-bit integer
  // arithmetic: this runs on every lookup).
  let bits = 32;
  let network = address;
  while (bits > 0) {
    const hostMask = bits === 1 ? 0xffffffff : (1 << (33 - bits)) - 1;
    const wider = (address & ~hostMask) >>> 0;
    if (wider < start || (wider | hostMask) >>> 0 > end) break;
    network = wider;
    bits--;
  }
  return `${ipv4Text(network)}/${bits}`;
}

export function coveringIpv6Prefix(
  address: ArrayLike<number>,
  start: ArrayLike<number>,
  end: ArrayLike<number>,
): string {
  const network = new Uint32Array(4);
  const last = new Uint32Array(4);
  for (let bits = 0; bits <= 128; bits++) {
    for (let word = 0; word < 4; word++) {
      const kept = Math.min(32, Math.max(0, bits - word * 32));
      const mask = kept === 0 ? 0 : (0xffffffff << (32 - kept)) >>> 0;
      network[word] = (address[word]! & mask) >>> 0;
      last[word] = (network[word]! | ~mask) >>> 0;
    }
    if (compareWords(network, 0, start, 0, 4) >= 0 && compareWords(last, 0, end, 0, 4) <= 0) {
      return `${ipv6Text(network)}/${bits}`;
    }
  }
  return `${ipv6Text(address)}/128`;
}
