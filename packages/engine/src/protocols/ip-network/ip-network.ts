/** What network data says of an address (`@domain-intel/ip-data`'s shape). */
export interface IpNetworkFacts {
  readonly asn: number | null;
  readonly asName: string | null;
  /** CIDR of the block or announced prefix holding the address. */
  readonly prefix: string | null;
  /** ISO 3166-1 alpha-2, upper case. */
  readonly country: string | null;
}

/**
 * Network data in memory, looked up synchronously: `loadIpData()` or `loadMmdbData()` of
 * `@domain-intel/ip-data`, or any object of this shape.
 */
export interface IpNetworkSource {
  /** What the data is (`ip-location-db`, `mmdb:<file>`): reported as the section's source. */
  readonly source: string;
  lookup(address: string): IpNetworkFacts | null;
}

/** The answer of a lookup: the facts, or why there are none. */
export type NetworkAnswer = (IpNetworkFacts & { readonly error: null }) | NoNetworkAnswer;

export interface NoNetworkAnswer {
  readonly asn: null;
  readonly asName: null;
  readonly prefix: null;
  readonly country: null;
  readonly error: string;
}

export const noNetworkAnswer = (error: string): NoNetworkAnswer => ({
  asn: null,
  asName: null,
  prefix: null,
  country: null,
  error,
});

export const isIpNetworkSource = (value: unknown): value is IpNetworkSource =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as IpNetworkSource).lookup === "function" &&
  typeof (value as IpNetworkSource).source === "string";
