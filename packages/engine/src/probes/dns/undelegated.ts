import net from "node:net";
import type { ProbeQuery } from "../../contract/probe-query.js";

/** A name server given for an undelegated test: its name, and its addresses when given. */
export interface GivenServer {
  readonly host: string;
  readonly addresses: readonly string[];
}

/** A DS record given for an undelegated test, as its presentation form has it. */
export interface GivenDs {
  readonly keyTag: number;
  readonly algorithm: number;
  readonly digestType: number;
  /** Upper-case hex. */
  readonly digest: string;
}

/**
 * Zonemaster's undelegated test (`--ns`, `--ds`): the zone judged from these servers and this
 * DS set instead of what its parent delegates, before a delegation exists or while moving a
 * zone. `ns` null: the parent's delegation; `ds` null: the parent's DS set when `ns` is null,
 * none when servers are given (a new delegation starts unsigned unless a DS is given).
 */
export interface Undelegated {
  readonly ns: readonly GivenServer[] | null;
  readonly ds: readonly GivenDs[] | null;
}

/** Enough for any real zone, few enough that one request cannot fan out widely. */
const maxServers = 13;
const maxAddresses = 32;
const maxDs = 16;

const hostLabel = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

function hostName(text: string, parameter: string): string {
  const host = text.toLowerCase().replace(/\.$/, "");
  const labels = host.split(".");
  if (
    host.length > 253 ||
    labels.length < 2 ||
    !labels.every((label) => hostLabel.test(label)) ||
    // A top-level label of digits only: an IP address, not a name.
    /^\d+$/.test(labels.at(-1)!)
  )
    throw new TypeError(`${parameter}: "${text}" is not a host name`);
  return host;
}

/** `name` or `name/address` items, each value one or several separated by commas. */
function readServers(values: readonly string[]): GivenServer[] {
  const byHost = new Map<string, string[]>();
  for (const item of values.flatMap((value) => value.split(","))) {
    const text = item.trim();
    if (text === "") throw new TypeError('ns: an empty name server; expected "name[/address]"');
    const slash = text.indexOf("/");
    const host = hostName(slash === -1 ? text : text.slice(0, slash), "ns");
    const addresses = byHost.get(host) ?? [];
    byHost.set(host, addresses);
    if (slash === -1) continue;
    const address = text.slice(slash + 1).toLowerCase();
    if (net.isIP(address) === 0)
      throw new TypeError(`ns: "${text}" has no valid IP address after the "/"`);
    if (!addresses.includes(address)) addresses.push(address);
  }
  const servers = [...byHost].map(([host, addresses]) => ({ host, addresses }));
  if (servers.length > maxServers)
    throw new TypeError(`ns: ${servers.length} name servers given; at most ${maxServers}`);
  if (servers.reduce((sum, server) => sum + server.addresses.length, 0) > maxAddresses)
    throw new TypeError(`ns: more than ${maxAddresses} addresses given`);
  return servers;
}

const uint = (text: string, max: number) =>
  /^\d{1,5}$/.test(text) && Number(text) <= max ? Number(text) : null;

/** `keytag,algorithm,digesttype,digest` items; several in one value separated by `;`. */
function readDs(values: readonly string[]): GivenDs[] {
  const records = values
    .flatMap((value) => value.split(";"))
    .map((item) => {
      const text = item.trim();
      const fields = text.split(",").map((field) => field.trim());
      const [keyTag, algorithm, digestType] = fields
        .slice(0, 3)
        .map((field, index) => uint(field, index === 0 ? 65535 : 255));
      const digest = fields[3] ?? "";
      if (
        fields.length !== 4 ||
        keyTag == null ||
        algorithm == null ||
        digestType == null ||
        !/^(?:[0-9a-fA-F]{2}){1,128}$/.test(digest)
      ) {
        throw new TypeError(
          `ds: "${text}" is not "keytag,algorithm,digesttype,digest" (numbers, then the digest in hex)`,
        );
      }
      return { keyTag, algorithm, digestType, digest: digest.toUpperCase() };
    });
  if (records.length > maxDs)
    throw new TypeError(`ds: ${records.length} DS records given; at most ${maxDs}`);
  const seen = new Set<string>();
  return records.filter((record) => {
    const key = presentDs(record);
    return !seen.has(key) && Boolean(seen.add(key));
  });
}

const presentDs = (ds: GivenDs) => `${ds.keyTag} ${ds.algorithm} ${ds.digestType} ${ds.digest}`;

/** The dns route's `ns` and `ds` query parameters: Zonemaster's undelegated test. */
export const undelegatedQuery: ProbeQuery<Undelegated> = {
  parameters: [
    {
      name: "ns",
      description:
        "Undelegated test: judge the zone from these name servers instead of its parent's delegation (before the delegation exists, or while moving the zone). `name` or `name/address`; repeat the parameter or separate with commas; a name without an address is resolved. Every address is still subject to the address policy. Answers are cached apart from the delegated answer.",
      schema: { type: "string", maxLength: 1024 },
      repeated: true,
      example: "ns1.example.net/192.0.2.1",
    },
    {
      name: "ds",
      description:
        "Undelegated test: judge the zone's DNSSEC from these DS records instead of its parent's (`keytag,algorithm,digesttype,digest`, digest in hex; repeat the parameter or separate with `;`). With `ns` and without `ds` the zone is judged as having no DS.",
      schema: { type: "string", maxLength: 4096 },
      repeated: true,
      example: "60485,13,2,D4B7D520E7BB5F0F67674A0CCEB1E3E0614B93C4F9E99B8383F6A1E4469DA50A",
    },
  ],
  parse(values) {
    const ns = values.ns ? readServers(values.ns) : null;
    const ds = values.ds ? readDs(values.ds) : null;
    if (ns === null && ds === null) return undefined;
    const key = [
      ...(ns
        ? [
            `ns=${ns
              .map((server) => [server.host, ...[...server.addresses].sort()].join("/"))
              .sort()
              .join(",")}`,
          ]
        : []),
      ...(ds ? [`ds=${ds.map(presentDs).sort().join(";")}`] : []),
    ].join("&");
    return { value: { ns, ds }, key };
  },
};
