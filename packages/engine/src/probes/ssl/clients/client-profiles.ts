import { groupCodes, sslVersion } from "../../../protocols/tls/client-hello.js";
import type { ProfileHelloSpec } from "../../../protocols/tls/profile-hello.js";
import { signatureSchemes } from "../../../protocols/tls/signature-schemes.js";
import { legacySuites, tls13Suites } from "../../../protocols/tls/suite-table.js";
import table from "./client-profiles.json" with { type: "json" };

/** One row of `client-profiles.json`, as written there. */
export interface ClientProfileRow {
  id: string;
  name: string;
  /** Still supported by its vendor and met today; a locked-out current client warns. */
  current: boolean;
  versions: string[];
  /** IANA names, or "0x...." for a code with no name in our tables. */
  suites: string[];
  groups: string[];
  keyShares: string[];
  signatureAlgorithms: string[];
  alpn: string[];
  sni: boolean;
  grease: boolean;
  extensions: string[];
  source: string;
}

/** A profile ready to send: the row's names turned into codes. */
export interface ClientProfile {
  id: string;
  name: string;
  current: boolean;
  hello: ProfileHelloSpec;
  /** Suite codes the configuration scan's own table knows, by code: facts can judge these. */
  knownSuites: ReadonlySet<number>;
}

const extensionNames = [
  "extended_master_secret",
  "encrypt_then_mac",
  "renegotiation_info",
  "session_ticket",
  "status_request",
  "signed_certificate_timestamp",
] as const;

/** Suite names of the scan's tables plus the SCSV clients append, by IANA name. */
const suiteCodes = new Map<string, number>([
  ...legacySuites.map((suite) => [suite.standardName, suite.code] as const),
  ...tls13Suites.map((suite) => [suite.name, suite.code] as const),
]);
const scanned = new Set(suiteCodes.values());
const otherSuites: Record<string, number> = {
  TLS_EMPTY_RENEGOTIATION_INFO_SCSV: 0x00ff,
  // Static ECDH and DH, which the scan does not offer (see the engine README).
  TLS_ECDH_ECDSA_WITH_AES_256_CBC_SHA: 0xc005,
  TLS_ECDH_RSA_WITH_AES_256_CBC_SHA: 0xc00f,
  TLS_ECDH_ECDSA_WITH_AES_128_CBC_SHA: 0xc004,
  TLS_ECDH_RSA_WITH_AES_128_CBC_SHA: 0xc00e,
  TLS_ECDH_ECDSA_WITH_AES_256_GCM_SHA384: 0xc02e,
  TLS_ECDH_RSA_WITH_AES_256_GCM_SHA384: 0xc032,
  TLS_ECDH_ECDSA_WITH_AES_128_GCM_SHA256: 0xc02d,
  TLS_ECDH_RSA_WITH_AES_128_GCM_SHA256: 0xc031,
  TLS_ECDH_ECDSA_WITH_AES_256_CBC_SHA384: 0xc026,
  TLS_ECDH_RSA_WITH_AES_256_CBC_SHA384: 0xc02a,
  TLS_ECDH_ECDSA_WITH_AES_128_CBC_SHA256: 0xc025,
  TLS_ECDH_RSA_WITH_AES_128_CBC_SHA256: 0xc029,
  TLS_ECDH_ECDSA_WITH_3DES_EDE_CBC_SHA: 0xc003,
  TLS_ECDH_RSA_WITH_3DES_EDE_CBC_SHA: 0xc00d,
  TLS_ECDH_ECDSA_WITH_RC4_128_SHA: 0xc002,
  TLS_ECDH_RSA_WITH_RC4_128_SHA: 0xc00c,
  TLS_DH_DSS_WITH_AES_256_GCM_SHA384: 0x00a5,
  TLS_DH_RSA_WITH_AES_256_GCM_SHA384: 0x00a1,
  TLS_DH_RSA_WITH_AES_256_CBC_SHA256: 0x0069,
  TLS_DH_DSS_WITH_AES_256_CBC_SHA256: 0x0068,
  TLS_DH_RSA_WITH_AES_256_CBC_SHA: 0x0037,
  TLS_DH_DSS_WITH_AES_256_CBC_SHA: 0x0036,
  TLS_DH_RSA_WITH_CAMELLIA_256_CBC_SHA: 0x0086,
  TLS_DH_DSS_WITH_CAMELLIA_256_CBC_SHA: 0x0085,
  TLS_DH_DSS_WITH_AES_128_GCM_SHA256: 0x00a4,
  TLS_DH_RSA_WITH_AES_128_GCM_SHA256: 0x00a0,
  TLS_DH_RSA_WITH_AES_128_CBC_SHA256: 0x003f,
  TLS_DH_DSS_WITH_AES_128_CBC_SHA256: 0x003e,
  TLS_DH_RSA_WITH_AES_128_CBC_SHA: 0x0031,
  TLS_DH_DSS_WITH_AES_128_CBC_SHA: 0x0030,
  TLS_DH_RSA_WITH_SEED_CBC_SHA: 0x0098,
  TLS_DH_DSS_WITH_SEED_CBC_SHA: 0x0097,
  TLS_DH_RSA_WITH_CAMELLIA_128_CBC_SHA: 0x0043,
  TLS_DH_DSS_WITH_CAMELLIA_128_CBC_SHA: 0x0042,
  TLS_DH_RSA_WITH_3DES_EDE_CBC_SHA: 0x0010,
  TLS_DH_DSS_WITH_3DES_EDE_CBC_SHA: 0x000d,
  TLS_RSA_EXPORT1024_WITH_DES_CBC_SHA: 0x0062,
  TLS_RSA_EXPORT1024_WITH_RC4_56_SHA: 0x0064,
  TLS_DHE_DSS_EXPORT1024_WITH_DES_CBC_SHA: 0x0063,
};

function codeOf(kind: string, name: string, table: ReadonlyMap<string, number>, id: string) {
  const code = table.get(name) ?? (/^0x[0-9a-f]{4}$/.test(name) ? Number(name) : undefined);
  if (code === undefined) throw new Error(`client profile ${id}: unknown ${kind} ${name}`);
  return code;
}

const suiteTable = new Map([...suiteCodes, ...Object.entries(otherSuites)]);
const groupTable = new Map<string, number>(Object.entries(groupCodes));
const schemeTable = new Map<string, number>(Object.entries(signatureSchemes));
const versionTable = new Map<string, number>(Object.entries(sslVersion));

/** A row turned into codes; throws, naming the profile, on any name no table knows. */
export function clientProfileOf(row: ClientProfileRow): ClientProfile {
  const { id } = row;
  const unknown = row.extensions.find(
    (name) => !(extensionNames as readonly string[]).includes(name),
  );
  if (unknown) throw new Error(`client profile ${id}: unknown extension ${unknown}`);
  const has = (name: (typeof extensionNames)[number]) => row.extensions.includes(name);
  const suites = row.suites.map((name) => codeOf("suite", name, suiteTable, id));
  const groups = row.groups.map((name) => codeOf("group", name, groupTable, id));
  const keyShares = row.keyShares.map((name) => codeOf("group", name, groupTable, id));
  if (keyShares.some((group) => !groups.includes(group))) {
    throw new Error(`client profile ${id}: a key share of a group it does not offer`);
  }
  if (row.versions.length === 0 || suites.length === 0) {
    throw new Error(`client profile ${id}: no versions or no suites`);
  }
  return {
    id,
    name: row.name,
    current: row.current,
    hello: {
      versions: row.versions.map((name) => codeOf("version", name, versionTable, id)),
      suites,
      groups,
      keyShares,
      signatureAlgorithms: row.signatureAlgorithms.map((name) =>
        codeOf("signature algorithm", name, schemeTable, id),
      ),
      alpn: row.alpn,
      sni: row.sni,
      grease: row.grease,
      statusRequest: has("status_request"),
      sessionTicket: has("session_ticket"),
      extendedMasterSecret: has("extended_master_secret"),
      encryptThenMac: has("encrypt_then_mac"),
      renegotiationInfo: has("renegotiation_info"),
      signedCertificateTimestamps: has("signed_certificate_timestamp"),
    },
    knownSuites: new Set(suites.filter((code) => scanned.has(code))),
  };
}

/** Every client the section simulates, in the table's order. */
export const clientProfiles: readonly ClientProfile[] = (table.profiles as ClientProfileRow[]).map(
  clientProfileOf,
);
