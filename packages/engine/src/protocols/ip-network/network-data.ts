import { cymruLookup, type TxtAsker } from "./cymru.js";
import {
  type IpNetworkSource,
  isIpNetworkSource,
  type NetworkAnswer,
  noNetworkAnswer,
} from "./ip-network.js";

/**
 * Where network data comes from (`hosting.asnSource`): `"builtin"`, the
 * `@domain-intel/ip-data` package's data (an optional peer dependency, loaded on first use);
 * `"cymru"`, Team Cymru's DNS through the configured resolvers; a path ending `.mmdb`, a MaxMind
 * DB file read by the same package; data already loaded; or a function that loads it, called
 * once, on first use (`() => loadIpData()`: nothing is read unless the section runs).
 */
export type AsnSourceOption =
  | "builtin"
  | "cymru"
  | string
  | IpNetworkSource
  | (() => Promise<IpNetworkSource>);

/** The network data of an engine: the same for the hosting section and `dns.ns.as-diversity`. */
export interface NetworkData {
  /** `ip-location-db`, `cymru`, `mmdb:<file>`...; before loading, what was configured. */
  readonly name: string;
  /**
   * The facts of one address. In-memory data waits for its load (bounded by `signal`);
   * Cymru asks DNS through `askTxt`. Never rejects: a failure is the answer's `error`.
   */
  lookup(
    address: string,
    options: { signal: AbortSignal; askTxt: TxtAsker; withName?: boolean },
  ): Promise<NetworkAnswer>;
}

/** Checks the option: a TypeError naming `path` for anything else. */
export function checkAsnSource(value: unknown, path: string): AsnSourceOption {
  if (value === "builtin" || value === "cymru" || isIpNetworkSource(value)) return value;
  if (typeof value === "function") return value as () => Promise<IpNetworkSource>;
  if (typeof value === "string" && /\.mmdb$/i.test(value)) return value;
  throw new TypeError(
    `${path} must be "builtin", "cymru", a path ending .mmdb, loaded data ({ source, lookup }) or a function loading it`,
  );
}

/** The shape of `@domain-intel/ip-data` the engine uses, loaded without a static import. */
interface IpDataModule {
  loadIpData(): Promise<IpNetworkSource>;
  loadMmdbData(options: { files: string[] }): Promise<IpNetworkSource>;
}

const ipDataPackage = "@domain-intel/ip-data";
let builtinLoad: Promise<IpNetworkSource> | undefined;

/**
 * Node's own `import()`, out of reach of bundlers and test runners that rewrite dynamic imports
 * (vitest would map the name to the package's sources through its aliases): the package is found
 * where Node finds it from the engine, or not at all.
 */
const nativeImport = new Function("specifier", "return import(specifier)") as (
  specifier: string,
) => Promise<unknown>;

async function importIpData(): Promise<IpDataModule> {
  try {
    return (await nativeImport(ipDataPackage)) as IpDataModule;
  } catch (error) {
    throw new Error(
      `${ipDataPackage} is not installed (npm install ${ipDataPackage}), or hosting.asnSource "cymru" (${(error as Error).message})`,
    );
  }
}

/** The package's default data, loaded once per process (some 30 MB; every engine shares it). */
function loadBuiltin(): Promise<IpNetworkSource> {
  builtinLoad ??= importIpData().then((module) => module.loadIpData());
  return builtinLoad;
}

export function networkData(option: AsnSourceOption): NetworkData {
  if (option === "cymru") {
    return {
      name: "cymru",
      lookup: (address, { askTxt, withName }) =>
        cymruLookup({ address, askTxt, withName: withName ?? false }),
    };
  }
  if (isIpNetworkSource(option)) return inMemory(option.source, () => Promise.resolve(option));
  if (typeof option === "function") {
    let loading: Promise<IpNetworkSource> | undefined;
    return inMemory("loaded data", () => {
      loading ??= option();
      return loading;
    });
  }
  if (option === "builtin") return inMemory("ip-location-db", loadBuiltin);
  let mmdb: Promise<IpNetworkSource> | undefined;
  return inMemory(`mmdb:${option}`, () => {
    mmdb ??= importIpData().then((module) => module.loadMmdbData({ files: [option] }));
    return mmdb;
  });
}

function inMemory(name: string, load: () => Promise<IpNetworkSource>): NetworkData {
  let loaded: IpNetworkSource | null = null;
  let failed: string | null = null;
  return {
    get name() {
      return loaded?.source ?? name;
    },
    async lookup(address, { signal }) {
      if (!loaded && failed === null) {
        const outcome = await Promise.race([
          load().then(
            (source) => source,
            (error: Error) => new Error(`${name} could not be loaded: ${error.message}`),
          ),
          aborted(signal),
        ]);
        if (outcome === null)
          return noNetworkAnswer(`${name} was still loading when the time ran out`);
        if (outcome instanceof Error) failed = outcome.message;
        else loaded = outcome;
      }
      if (!loaded) return noNetworkAnswer(failed!);
      const facts = loaded.lookup(address);
      if (!facts) return noNetworkAnswer("not an IP address");
      if (facts.asn === null && facts.country === null) {
        return { ...noNetworkAnswer(`${address} is in no range of ${loaded.source}`) };
      }
      return {
        asn: facts.asn,
        asName: facts.asName,
        prefix: facts.prefix,
        country: facts.country,
        error: null,
      };
    },
  };
}

/** Resolves null when `signal` aborts (at once if it has). */
function aborted(signal: AbortSignal): Promise<null> {
  if (signal.aborted) return Promise.resolve(null);
  return new Promise((resolve) =>
    signal.addEventListener("abort", () => resolve(null), { once: true }),
  );
}
