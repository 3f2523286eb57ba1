import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { coveringIpv4Prefix, ipDataFromCsv, loadIpData } from "./index.js";
import { ipv6Words } from "./ip-number.js";

// Lines in the shapes ip-location-db publishes (a quoted name with a comma; -num bounds).
const asnCsv = [
  '16777216,16777471,13335,"Cloudflare, Inc."',
  "16778240,16779263,38803,Gtelecom Pty Ltd",
  "3221225984,3221226239,64500,Documentation One",
  "3221226240,3221226495,64501,Range Not A Block",
].join("\n");
const asn6Csv = [
  "2001:db8::,2001:db8:ffff:ffff:ffff:ffff:ffff:ffff,64502,Six Net",
  '2606:4700::,2606:4700:ffff:ffff:ffff:ffff:ffff:ffff,13335,"Cloudflare, Inc."',
].join("\n");
const countryCsv = [
  "1.0.0.0,1.0.0.255,AU",
  "192.0.2.0,192.0.2.255,ZZ",
  "2001:db8::,2001:db8::ffff,de",
].join("\n");

const small = () =>
  ipDataFromCsv({
    source: "test",
    asn: [
      { text: asnCsv, source: "asn4", numericFamily: 4 },
      { text: asn6Csv, source: "asn6" },
    ],
    country: [{ text: countryCsv, source: "country" }],
  });

const plain = (facts: object | null) => (facts === null ? null : { ...facts });

describe("ip data from CSV ranges", () => {
  it("answers AS, name, prefix and country of an address, and null fields outside the data", () => {
    const data = small();
    expect(plain(data.lookup("1.0.0.1"))).toEqual({
      asn: 13335,
      asName: "Cloudflare, Inc.",
      prefix: "1.0.0.0/24",
      country: "AU",
    });
    // Range bounds are inclusive.
    expect(data.lookup("1.0.4.0")?.asn).toBe(38803);
    expect(data.lookup("1.0.7.255")?.asn).toBe(38803);
    expect(plain(data.lookup("1.0.8.0"))).toEqual({
      asn: null,
      asName: null,
      prefix: null,
      country: null,
    });
    expect(data.lookup("192.0.2.7")?.country).toBe("ZZ");
    expect(data.lookup("::ffff:1.0.0.9")?.asn).toBe(13335);
    expect(plain(data.lookup("2001:db8::1"))).toEqual({
      asn: 64502,
      asName: "Six Net",
      prefix: "2001:db8::/32",
      country: "DE",
    });
    expect(data.lookup("2001:db8:1::1")?.country).toBeNull();
    expect(data.lookup("2606:4700:4700::1111")?.prefix).toBe("2606:4700::/32");
    expect(data.lookup("example.com")).toBeNull();
    // The AS alone, from the same tables.
    expect(data.asn("1.0.0.1")).toBe(13335);
    expect(data.asn("::ffff:1.0.0.9")).toBe(13335);
    expect(data.asn("2001:db8::1")).toBe(64502);
    expect(data.asn("1.0.8.0")).toBeNull();
    expect(data.asn("2001:db9::1")).toBeNull();
    expect(data.asn("example.com")).toBeNull();
    expect(data.lookup("")).toBeNull();
    expect(data.stats).toMatchObject({ asnRanges: 6, countryRanges: 3, overlapsTrimmed: 0 });
  });

  it("gives the largest block inside the range that holds the address", () => {
    const data = small();
    // 1.0.4.0-1.0.7.255 is exactly 1.0.4.0/22.
    expect(data.lookup("1.0.5.5")?.prefix).toBe("1.0.4.0/22");
    // 192.0.2.0-192.0.2.255 and 192.0.3.0-... are blocks; a range across a boundary is not one.
    const odd = ipDataFromCsv({
      source: "odd",
      asn: [{ text: "10.0.0.64,10.0.1.127,64496,Odd", source: "odd" }],
      country: [],
    });
    expect(odd.lookup("10.0.0.65")?.prefix).toBe("10.0.0.64/26");
    expect(odd.lookup("10.0.0.200")?.prefix).toBe("10.0.0.128/25");
    expect(odd.lookup("10.0.1.0")?.prefix).toBe("10.0.1.0/25");
  });

  it("sorts ranges given out of order and cuts an overlapping range at the next one's start", () => {
    const data = ipDataFromCsv({
      source: "messy",
      asn: [
        {
          text: "10.0.2.0,10.0.2.255,2,Two\n10.0.0.0,10.0.1.127,1,One\n10.0.1.0,10.0.1.255,3,Three",
          source: "m",
        },
      ],
      country: [],
    });
    expect(data.lookup("10.0.0.5")?.asn).toBe(1);
    expect(data.lookup("10.0.1.5")?.asn).toBe(3);
    expect(data.lookup("10.0.2.5")?.asn).toBe(2);
    expect(data.stats.overlapsTrimmed).toBe(1);
  });

  it("refuses a line that does not read, naming the source and the line", () => {
    const load = (text: string) => () =>
      ipDataFromCsv({ source: "bad", asn: [{ text, source: "asn.csv" }], country: [] });
    expect(load("1.0.0.0,1.0.0.255,13335,A\n1.0.1.0,1.0.1.255")).toThrow(
      /asn\.csv, line 2: expected start,end,value/,
    );
    expect(load("1.0.0.0,::1,1,A")).toThrow(
      /line 1: the bounds are not two addresses of one family/,
    );
    expect(load("1.0.0.9,1.0.0.1,1,A")).toThrow(/line 1: a range ends before it starts/);
    expect(load("1.0.0.0,1.0.0.1,AS1,A")).toThrow(/line 1: the value does not read/);
  });
});

describe("loadIpData", () => {
  it("refuses bad options with a TypeError naming them", async () => {
    await expect(loadIpData({ asnFile: ["x"] } as never)).rejects.toThrow(
      new TypeError("loadIpData: options.asnFile is not an option"),
    );
    await expect(loadIpData({ asnFiles: "x" } as never)).rejects.toThrow(
      /options\.asnFiles must be an array of file paths/,
    );
    await expect(
      loadIpData({ asnFiles: ["/nonexistent/asn.csv"], countryFiles: [] }),
    ).rejects.toThrow(/ENOENT/);
  });

  it("reads files given by option, the -num IPv6 form included", async () => {
    const folder = await mkdtemp(join(tmpdir(), "ip-data-"));
    const v6num = join(folder, "asn-ipv6-num.csv");
    // 2001:db8:: as a 128-bit decimal number, and its /32's last address.
    await writeFile(
      v6num,
      "42540766411282592856903984951653826560,42540766490510755371168322545197776895,64502,Six Net\n",
    );
    const v4 = join(folder, "asn-ipv4.csv");
    await writeFile(v4, "192.0.2.0,192.0.2.255,64500,Doc\n");
    const data = await loadIpData({ asnFiles: [v4, v6num], countryFiles: [] });
    expect(data.lookup("2001:db8::5")?.prefix).toBe("2001:db8::/32");
    expect(data.lookup("192.0.2.9")?.asn).toBe(64500);
    expect(data.source).toBe(`${v4}, ${v6num}`);
  });
});

describe("the top-16-bit index", () => {
  it("finds the same range as a scan of every range, for addresses at and around every bound", () => {
    const lines: string[] = [];
    const v6: string[] = [];
    // Ranges in a few /16s, some sharing one, some spanning several, with gaps between.
    for (let index = 0; index < 300; index++) {
      const start = (index * 0x2b7e15 + (index % 7) * 0x10000) >>> 0;
      const end = start + (index % 5 === 0 ? 0x30000 : 0x100 * (index % 13));
      lines.push(`${start},${end},${index + 1},N${index}`);
      const top = (0x2001 + index).toString(16);
      v6.push(
        `${top}:${(index % 3).toString(16)}::,${top}:${(index % 3).toString(16)}::ffff,${index + 1},S${index}`,
      );
    }
    const data = ipDataFromCsv({
      source: "index",
      asn: [
        { source: "v4", text: lines.join("\n"), numericFamily: 4 },
        { source: "v6", text: v6.join("\n") },
      ],
      country: [],
    });
    const ranges = lines.map(
      (line) => line.split(",").slice(0, 3).map(Number) as [number, number, number],
    );
    const text = (value: number) =>
      `${value >>> 24}.${(value >>> 16) & 255}.${(value >>> 8) & 255}.${value & 255}`;
    for (const [start, end] of ranges) {
      for (const probe of [start - 1, start, start + 1, end - 1, end, end + 1]) {
        if (probe < 0 || probe > 0xffffffff) continue;
        const holder = ranges.filter(([low, high]) => low <= probe && probe <= high).at(-1);
        expect({ probe, asn: data.lookup(text(probe))?.asn }).toEqual({
          probe,
          asn: holder?.[2] ?? null,
        });
      }
    }
    expect(data.lookup("2003:2::1")?.asn).toBe(3);
    expect(data.lookup("2003:2::1:0")?.asn).toBeNull();
    expect(data.lookup("2003::1")?.asn).toBeNull();
  });
});

describe("IPv4 segments", () => {
  const ipv4 = (value: number) =>
    `${value >>> 24}.${(value >>> 16) & 255}.${(value >>> 8) & 255}.${value & 255}`;
  // Ranges in a small corner of the space, so that they touch, overlap and leave gaps.
  const range = fc
    .tuple(fc.integer({ min: 0, max: 4095 }), fc.integer({ min: 0, max: 700 }))
    .map(([start, size]) => [0x0a000000 + start, 0x0a000000 + start + size] as const);

  it("answers as a plain scan of the ranges: AS, country and the largest block inside the range", () => {
    fc.assert(
      fc.property(
        fc.array(range, { maxLength: 12 }),
        fc.array(range, { maxLength: 12 }),
        fc.array(fc.integer({ min: 0x0a000000 - 2, max: 0x0a000000 + 5000 }), { maxLength: 40 }),
        (asnRanges, countryRanges, probes) => {
          const data = ipDataFromCsv({
            source: "property",
            asn: [
              {
                source: "asn",
                text: asnRanges
                  .map(([a, b], index) => `${a},${b},${index + 1},N${index}`)
                  .join("\n"),
              },
            ],
            country: [
              {
                source: "country",
                text: countryRanges
                  .map(([a, b], index) => `${a},${b},${String.fromCharCode(65 + index)}Z`)
                  .join("\n"),
              },
            ],
          });
          // What a scan says, overlaps cut as documented: a later start wins from there on.
          const holder = (ranges: readonly (readonly [number, number])[], at: number) => {
            const sorted = ranges
              .map(([a, b], index) => ({ a, b, index }))
              .sort((x, y) => x.a - y.a || x.index - y.index);
            let found: { a: number; b: number; index: number } | undefined;
            sorted.forEach((entry, position) => {
              const next = sorted[position + 1];
              const end = next && next.a <= entry.b ? next.a - 1 : entry.b;
              if (entry.a <= at && at <= end) found = { ...entry, b: end };
            });
            return found;
          };
          for (const at of [...probes, ...asnRanges.flat(), ...countryRanges.flat()]) {
            const asn = holder(asnRanges, at);
            const country = holder(countryRanges, at);
            expect(data.asn(ipv4(at))).toBe(asn ? asn.index + 1 : null);
            expect(plain(data.lookup(ipv4(at)))).toEqual({
              asn: asn ? asn.index + 1 : null,
              asName: asn ? `N${asn.index}` : null,
              prefix: asn ? coveringIpv4Prefix(at, asn.a, asn.b) : null,
              country: country ? `${String.fromCharCode(65 + country.index)}Z` : null,
            });
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("gives an IPv6 address the largest block inside its range, as a scan of block sizes does", () => {
    const big = (words: bigint) =>
      words
        .toString(16)
        .padStart(32, "0")
        .match(/.{4}/g)!
        .map((group) => group.replace(/^0+(?=.)/, ""))
        .join(":");
    const mask = (bits: number) => (1n << BigInt(bits)) - 1n;
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0x2001n << 112n, max: (0x2002n << 112n) - 1n }),
        fc.bigInt({ min: 0n, max: mask(70) }),
        fc.bigInt({ min: 0n, max: mask(70) }),
        (start, length, into) => {
          const end = start + length;
          const address = start + (length === 0n ? 0n : into % (length + 1n));
          const data = ipDataFromCsv({
            source: "six",
            asn: [{ source: "six", text: `${big(start)},${big(end)},64500,Six` }],
            country: [],
          });
          // The largest host-bit count whose block around the address stays inside the range.
          let hostBits = 0;
          while (hostBits < 128) {
            const next = hostBits + 1;
            const network = address & ~mask(next);
            if (network < start || (network | mask(next)) > end) break;
            hostBits = next;
          }
          const network = address & ~mask(hostBits);
          const prefix = data.lookup(big(address))?.prefix;
          expect(prefix?.split("/")[1]).toBe(String(128 - hostBits));
          const words = new Uint32Array(4);
          expect(ipv6Words(prefix!.split("/")[0]!, words)).toBe(true);
          expect(
            [...words].reduce((sum, word) => (sum << 32n) | BigInt(word), 0n).toString(16),
          ).toBe(network.toString(16));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("answers with a new plain object each time: the caller may keep or change it", () => {
    const data = small();
    const first = data.lookup("1.0.0.1") as { asn: number | null };
    const second = data.lookup("1.0.0.200");
    expect(second).not.toBe(first);
    expect(second).toEqual(first);
    first.asn = 1;
    expect(data.lookup("1.0.0.1")?.asn).toBe(13335);
    expect(Object.keys(second!)).toEqual(["asn", "asName", "prefix", "country"]);
    // Outside the data too: a new object with every field null, not a shared one.
    const nowhere = data.lookup("1.0.8.0");
    expect(nowhere).not.toBe(data.lookup("1.0.8.1"));
    expect(nowhere).toEqual({ asn: null, asName: null, prefix: null, country: null });
  });
});

describe("loading off the event loop", () => {
  it("builds the default data on a worker thread: the caller's loop stays free meanwhile", async () => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    const before = performance.eventLoopUtilization();
    delay.enable();
    const started = performance.now();
    const data = await loadIpData();
    const loadMs = performance.now() - started;
    delay.disable();
    const busy = performance.eventLoopUtilization(before);
    const longestMs = delay.max / 1e6;
    console.log(
      `ip-data load: ${loadMs.toFixed(0)} ms, the loop busy ${(busy.utilization * 100).toFixed(1)}% of it (${busy.active.toFixed(0)} ms), longest stall ${longestMs.toFixed(1)} ms`,
    );
    // Known networks of the real Internet.
    expect(data.source).toBe("ip-location-db");
    expect(data.lookup("1.1.1.1")).toMatchObject({ asn: 13335, prefix: "1.1.1.0/24" });
    expect(data.lookup("8.8.8.8")).toMatchObject({
      asn: 15169,
      asName: "Google LLC",
      country: "US",
    });
    expect(data.lookup("2001:4860:4860::8888")?.asn).toBe(15169);
    expect(data.lookup("193.0.6.139")).toMatchObject({ asn: 3333, country: "NL" });
    expect(data.lookup("10.0.0.1")?.asn).toBeNull();
    expect(data.stats.asnRanges).toBeGreaterThan(400_000);
    // Parsing on this thread kept the loop busy all along: utilization near 1, stalls of 0.15 s
    // on a quiet machine and seconds on a busy one. Utilization tells the two apart on any
    // machine; the stall bound is loose, because at load 15 on two cores the scheduler alone
    // keeps a waiting thread off the CPU for up to 0.2 s (measured).
    expect(busy.utilization).toBeLessThan(0.25);
    expect(longestMs).toBeLessThan(1000);
  }, 120_000);

  it("rejects with the loading thread's error, of the same class, naming the file and line", async () => {
    const folder = await mkdtemp(join(tmpdir(), "ip-data-bad-"));
    const file = join(folder, "asn.csv");
    await writeFile(file, "1.0.0.0,1.0.0.255,13335,One\n1.0.1.0,nowhere,13335,Two\n");
    await expect(loadIpData({ asnFiles: [file], countryFiles: [] })).rejects.toThrow(
      new SyntaxError(
        `${file}, line 2: the bounds are not two addresses of one family: 1.0.1.0,nowhere,13335,Two`,
      ),
    );
    await expect(
      loadIpData({ asnFiles: [join(folder, "missing.csv")], countryFiles: [] }),
    ).rejects.toMatchObject({ code: "ENOENT" });
  });
});
