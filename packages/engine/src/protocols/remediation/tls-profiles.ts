import type { ServerSnippets, TlsConfigChange } from "../../contract/remediation.js";

/**
 * Mozilla's Server Side TLS guidelines 6.0 (ssl-config.mozilla.org/guidelines/6.0.json), the
 * profiles a `tls-config` change follows. Data: a new guideline version is a new row.
 */
export const tlsProfiles = {
  modern: {
    why: "TLS 1.3 only: every client since 2018-2019 (Firefox 63, Chrome 70, Android 10, Safari 12.1, Java 11, OpenSSL 1.1.1); older clients cannot connect.",
    protocols: ["TLSv1.3"],
    ciphers: [] as { openssl: string; iana: string }[],
    ciphersuites: [
      "TLS_AES_128_GCM_SHA256",
      "TLS_AES_256_GCM_SHA384",
      "TLS_CHACHA20_POLY1305_SHA256",
    ],
    groups: ["X25519", "prime256v1", "secp384r1"],
  },
  intermediate: {
    why: "TLS 1.2 and 1.3 with forward-secret AEAD suites only: clients back to Android 4.4.2, IE 11 on Windows 10, Safari 9 and Java 8u161 still connect; the general-purpose recommendation.",
    protocols: ["TLSv1.2", "TLSv1.3"],
    ciphers: [
      ["ECDHE-ECDSA-AES128-GCM-SHA256", "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256"],
      ["ECDHE-RSA-AES128-GCM-SHA256", "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256"],
      ["ECDHE-ECDSA-AES256-GCM-SHA384", "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384"],
      ["ECDHE-RSA-AES256-GCM-SHA384", "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384"],
      ["ECDHE-ECDSA-CHACHA20-POLY1305", "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256"],
      ["ECDHE-RSA-CHACHA20-POLY1305", "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256"],
    ].map(([openssl, iana]) => ({ openssl: openssl!, iana: iana! })),
    ciphersuites: [
      "TLS_AES_128_GCM_SHA256",
      "TLS_AES_256_GCM_SHA384",
      "TLS_CHACHA20_POLY1305_SHA256",
    ],
    groups: ["X25519", "prime256v1", "secp384r1"],
  },
} as const satisfies Record<TlsConfigChange["profile"], unknown>;

export const tlsGuidelines = "https://ssl-config.mozilla.org/guidelines/6.0.json";

const caddyVersion: Record<string, string> = { "TLSv1.2": "tls1.2", "TLSv1.3": "tls1.3" };
const schannelVersions = ["SSL 2.0", "SSL 3.0", "TLS 1.0", "TLS 1.1"];

function snippets(profile: TlsConfigChange["profile"]): ServerSnippets {
  const { ciphers, groups } = tlsProfiles[profile];
  const protocols: readonly string[] = tlsProfiles[profile].protocols;
  const openssl = ciphers.map((suite) => suite.openssl).join(":");
  const curves = groups.join(":");
  const lines = (...entries: (string | false)[]) => entries.filter(Boolean).join("\n");
  return {
    nginx: lines(
      `ssl_protocols ${protocols.join(" ")};`,
      `ssl_ecdh_curve ${curves};`,
      openssl !== "" && `ssl_ciphers ${openssl};`,
      "ssl_prefer_server_ciphers off;",
    ),
    apache: lines(
      `SSLProtocol -all ${protocols.map((version) => `+${version}`).join(" ")}`,
      `SSLOpenSSLConfCmd Curves ${curves}`,
      openssl !== "" && `SSLCipherSuite ${openssl}`,
      "SSLHonorCipherOrder off",
    ),
    caddy: lines(
      "tls {",
      `  protocols ${caddyVersion[protocols[0]!]} tls1.3`,
      ciphers.length > 0 && `  ciphers ${ciphers.map((suite) => suite.iana).join(" ")}`,
      `  curves ${groups.map((group) => (group === "prime256v1" ? "secp256r1" : group.toLowerCase())).join(" ")}`,
      "}",
    ),
    iis: lines(
      ...[...schannelVersions, ...(protocols.includes("TLSv1.2") ? [] : ["TLS 1.2"])].map(
        (version) =>
          `New-Item 'HKLM:\\SYSTEM\\CurrentControlSet\\Control\\SecurityProviders\\SCHANNEL\\Protocols\\${version}\\Server' -Force | New-ItemProperty -Name Enabled -Value 0 -PropertyType DWord -Force`,
      ),
      ...ciphers.map((suite) => `Enable-TlsCipherSuite -Name ${suite.iana}`),
      "# then disable every suite Get-TlsCipherSuite lists that is not above, and restart",
    ),
    haproxy: lines(
      openssl !== "" && `ssl-default-bind-ciphers ${openssl}`,
      `ssl-default-bind-ciphersuites ${tlsProfiles[profile].ciphersuites.join(":")}`,
      `ssl-default-bind-curves ${curves}`,
      `ssl-default-bind-options prefer-client-ciphers ssl-min-ver ${protocols[0] === "TLSv1.3" ? "TLSv1.3" : "TLSv1.2"} no-tls-tickets`,
    ),
  };
}

/** A `tls-config` change to the given Mozilla profile, with its server snippets. */
export function tlsConfigChange(profile: TlsConfigChange["profile"]): TlsConfigChange {
  const chosen = tlsProfiles[profile];
  return {
    kind: "tls-config",
    profile,
    why: chosen.why,
    protocols: [...chosen.protocols],
    ciphers: chosen.ciphers.map((suite) => suite.openssl),
    ciphersuites: [...chosen.ciphersuites],
    groups: [...chosen.groups],
    servers: snippets(profile),
  };
}
