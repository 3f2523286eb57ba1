import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ipDataFromCsv, loadIpData } from "./index.js";

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

  it("loads the data packages by default: known networks of the real Internet", async () => {
    const data = await loadIpData();
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
  }, 60_000);
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

describe("loading a large file", () => {
  it("leaves the event loop a turn between slices, so a server keeps answering", async () => {
    const folder = await mkdtemp(join(tmpdir(), "ip-data-large-"));
    const file = join(folder, "asn-ipv4-num.csv");
    const lines = Array.from(
      { length: 200_000 },
      (_, index) => `${index * 256},${index * 256 + 255},${index + 1},AS ${index}`,
    );
    await writeFile(file, lines.join("\n"));
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const data = await loadIpData({ asnFiles: [file], countryFiles: [] }).finally(() =>
      clearInterval(timer),
    );
    expect(data.lookup("0.1.0.1")?.asn).toBe(257);
    // 200,000 lines are ten slices: the timer ran between them.
    expect(ticks).toBeGreaterThanOrEqual(5);
  });
});
