import { readFileSync } from "node:fs";
import ipaddr from "ipaddr.js";
import { describe, expect, it } from "vitest";
import { loadMmdbData } from "./index.js";

// MaxMind's own test databases and the JSON they were built from (maxmind/MaxMind-DB,
// test-data/ and source-data/, MIT or Apache-2.0: fixtures/maxmind/LICENSE-*).
const fixture = (name: string) => new URL(`./fixtures/maxmind/${name}`, import.meta.url).pathname;
const source = <T>(name: string) =>
  (JSON.parse(readFileSync(fixture(name), "utf8")) as Record<string, T>[]).map((entry) => {
    const [network, record] = Object.entries(entry)[0]!;
    return { network, record };
  });

/** Whether CIDR `outer` holds CIDR `inner`. */
const covers = (outer: string, inner: string) => {
  const [outerNet, outerBits] = ipaddr.parseCIDR(outer);
  const [innerNet, innerBits] = ipaddr.parseCIDR(inner);
  return (
    outerBits <= innerBits &&
    innerNet.kind() === outerNet.kind() &&
    innerNet.match(outerNet, outerBits)
  );
};

/** The first address of a CIDR network, as text. */
const firstAddress = (network: string) => network.split("/")[0]!;

describe("MaxMind DB data", () => {
  it("answers every network of MaxMind's ASN test database as its source data says", async () => {
    const data = await loadMmdbData({ files: [fixture("GeoLite2-ASN-Test.mmdb")] });
    const networks = source<{
      autonomous_system_number: number;
      autonomous_system_organization?: string;
    }>("GeoLite2-ASN-Test.json");
    expect(networks.length).toBeGreaterThan(100);
    for (const { network, record } of networks) {
      const facts = { ...data.lookup(firstAddress(network)) };
      expect({ network, facts: { ...facts, prefix: null } }).toEqual({
        network,
        facts: {
          asn: record.autonomous_system_number,
          asName: record.autonomous_system_organization ?? null,
          prefix: null,
          country: null,
        },
      });
      // MaxMind's writer merges neighbours with equal records (12.84.0.0/15 and 12.86.0.0/15
      // are one /14 in the tree,
      // and so are 332 of the 721): the prefix is the network or one that holds it.
      expect({ network, covers: covers(facts.prefix!, network) }).toEqual({
        network,
        covers: true,
      });
    }
  });

  it("takes the country from a second file, and each field from the first file that has it", async () => {
    const data = await loadMmdbData({
      files: [fixture("GeoLite2-ASN-Test.mmdb"), fixture("GeoLite2-Country-Test.mmdb")],
    });
    const networks = source<{ country?: { iso_code: string } }>("GeoLite2-Country-Test.json");
    let checked = 0;
    for (const { network, record } of networks) {
      if (!record.country) continue;
      expect({ network, country: data.lookup(firstAddress(network))?.country }).toEqual({
        network,
        country: record.country.iso_code,
      });
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
    expect({ ...data.lookup("1.0.0.1") }).toMatchObject({ asn: 15169, prefix: "1.0.0.0/24" });
    expect(data.lookup("not an address")).toBeNull();
    expect(data.asn("1.0.0.1")).toBe(15169);
  });

  it("refuses bad options and files that are not MaxMind DB", async () => {
    await expect(loadMmdbData({ files: [] })).rejects.toThrow(
      /options\.files must be a non-empty array/,
    );
    await expect(loadMmdbData({ files: ["x"], path: "y" } as never)).rejects.toThrow(
      "loadMmdbData: options.path is not an option",
    );
    await expect(loadMmdbData({ files: [fixture("LICENSE-MIT")] })).rejects.toThrow(
      /not a MaxMind DB file/,
    );
  });
});
