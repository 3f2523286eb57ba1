import type tls from "node:tls";
import { startHelloResponder, tlsProfiles } from "@domain-intel/test-kit";
import { findingOf, useSslHarness } from "@domain-intel/test-kit/ssl-harness";
import { describe, expect, it } from "vitest";
import { clientProfileOf, clientProfiles } from "./clients/client-profiles.js";
import table from "./clients/client-profiles.json" with { type: "json" };
import { sslFindingIds } from "./ssl-findings.js";

// Handshake simulation against loopback TLS servers (Node's OpenSSL 3), each configured as some
// servers are: which client profiles of the table are locked out, why, and what the others get.

const harness = useSslHarness(
  { "secure.test": [{ type: "A", name: "secure.test", ttl: 60, data: "127.0.0.1" }] },
  sslFindingIds,
);

async function rsaServer(profile: tls.TlsOptions) {
  const leaf = await harness.pki.issueLeaf({
    commonName: "secure.test",
    subjectAltNames: ["secure.test"],
    keyType: "rsa",
  });
  return harness.startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem, ...profile });
}

async function simulate(port: number) {
  const data = await harness.probe(
    { port, ca: harness.pki.root.certPem },
    "secure.test",
    harness.context({ timeoutMs: 15_000 }),
  );
  const clients = data.clients ?? [];
  const client = (id: string) => {
    const found = clients.find((each) => each.id === id);
    if (!found) throw new Error(`no client ${id}`);
    return found;
  };
  const lockedOut = clients.filter((each) => each.connects === false).map((each) => each.id);
  return { data, clients, client, lockedOut };
}

const tls12Clients = [
  "chrome-49-xp",
  "safari-9-ios-9",
  "ie-11-win10",
  "ie-11-win7",
  "ie-8-xp",
  "android-4.4.2",
  "android-7.0",
  "android-8.1",
  "java-8u161",
  "openssl-1.0.2",
  "googlebot",
  "bingpreview",
];

describe("ssl client profiles: the table", () => {
  it("holds at least 30 clients, each with its source, every name known to our tables", () => {
    expect(clientProfiles.length).toBeGreaterThanOrEqual(30);
    expect(new Set(clientProfiles.map((profile) => profile.id)).size).toBe(clientProfiles.length);
    for (const row of table.profiles) expect(row.source.length, row.id).toBeGreaterThan(20);
    // Every era: TLS 1.0 only, TLS 1.2 at best, TLS 1.3; retired and current.
    const highest = clientProfiles.map((profile) => Math.max(...profile.hello.versions));
    expect(new Set(highest)).toEqual(new Set([0x0301, 0x0303, 0x0304]));
    expect(clientProfiles.filter((profile) => profile.current).length).toBeGreaterThan(10);
  });

  it("refuses a row naming a suite, group or extension no table knows, naming the profile", () => {
    const row = { ...table.profiles[0]!, id: "bad" };
    expect(() => clientProfileOf({ ...row, suites: ["TLS_MADE_UP"] })).toThrow(
      "client profile bad: unknown suite TLS_MADE_UP",
    );
    expect(() =>
      clientProfileOf({ ...row, groups: ["X25519"], keyShares: ["prime256v1"] }),
    ).toThrow("client profile bad: a key share of a group it does not offer");
    expect(() => clientProfileOf({ ...row, extensions: ["heartbeat"] })).toThrow(
      "client profile bad: unknown extension heartbeat",
    );
  });
});

describe("sslProbe: handshake simulation", () => {
  it("a TLS 1.3-only server locks out every client without TLS 1.3, told by the scan's facts", async () => {
    const server = await rsaServer(tlsProfiles.tls13Only);
    const { data, clients, client, lockedOut } = await simulate(server.port);

    expect(clients.map((each) => each.id)).toEqual(clientProfiles.map((profile) => profile.id));
    expect(lockedOut.sort()).toEqual([...tls12Clients, "chrome-49-xp"].filter(unique).sort());
    expect(client("android-4.4.2")).toMatchObject({
      connects: false,
      from: "facts",
      reason:
        "No protocol version in common: the client speaks TLSv1, TLSv1.1, TLSv1.2, the server accepts TLSv1.3.",
    });
    // Every TLS 1.3 client's own hello was answered: the server's suite, and the group it
    // took a key share of (Java 11 has no X25519; OpenSSL 3.0 has no ML-KEM for Chrome 131).
    for (const each of clients.filter((c) => !tls12Clients.includes(c.id))) {
      expect(each, each.id).toMatchObject({
        connects: true,
        from: "hello",
        protocol: "TLSv1.3",
        suite: "TLS_AES_256_GCM_SHA384",
        forwardSecrecy: true,
      });
    }
    expect(client("java-11").group).toBe("prime256v1");
    expect(client("chrome-131").group).toBe("X25519");
    expect(findingOf(data, "ssl.clients.locked-out")).toMatchObject({
      status: "info",
      message: expect.stringMatching(/^Only retired clients cannot connect: .*Android 4\.4\.2/),
    });
    expect(data.endpoints[0]?.clients).toEqual(clients);
  });

  it("a TLS 1.2 server with CBC-SHA1 suites only locks out Python's default context: warn", async () => {
    const server = await rsaServer(tlsProfiles.cbcSha1);
    const { data, client, lockedOut } = await simulate(server.port);

    expect(lockedOut.sort()).toEqual(["ie-8-xp", "python-requests"]);
    expect(client("python-requests")).toMatchObject({
      from: "facts",
      reason:
        "No cipher suite in common at TLSv1.2: the server accepts none of the client's 17 suites.",
    });
    expect(client("chrome-131")).toMatchObject({
      connects: true,
      protocol: "TLSv1.2",
      suite: "TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA",
      group: "X25519",
    });
    expect(client("android-4.4.2")).toMatchObject({ connects: true, group: "prime256v1" });
    const found = findingOf(data, "ssl.clients.locked-out");
    expect(found.status).toBe("warn");
    expect(found.message).toBe(
      "1 current client cannot connect: Python 3.10+ requests / urllib3 2. Retired ones too: IE 8 on Windows XP.",
    );
    expect(found.details?.lockedOut).toContainEqual({
      address: "127.0.0.1",
      id: "python-requests",
      name: "Python 3.10+ requests / urllib3 2",
      current: true,
      reason: expect.stringContaining("No cipher suite in common"),
    });
  });

  it("static RSA key exchange alone locks out Go and Python; the rest connect without forward secrecy", async () => {
    const server = await rsaServer(tlsProfiles.staticRsaOnly);
    const { data, client, lockedOut } = await simulate(server.port);

    expect(lockedOut.sort()).toEqual(["firefox-63", "go-1.24", "ie-8-xp", "python-requests"]);
    expect(client("chrome-131")).toMatchObject({
      connects: true,
      suite: "TLS_RSA_WITH_AES_128_GCM_SHA256",
      group: null,
      forwardSecrecy: false,
    });
    expect(findingOf(data, "ssl.clients.locked-out").status).toBe("warn");
  });

  it("an ECDHE server with P-384 alone refuses Android 7.0's hello (P-256 only): told by the hello", async () => {
    const server = await rsaServer({
      minVersion: "TLSv1.2",
      maxVersion: "TLSv1.2",
      ciphers: "ECDHE+AESGCM",
      ecdhCurve: "secp384r1",
    });
    const { client, lockedOut } = await simulate(server.port);

    expect(lockedOut.sort()).toEqual(["android-7.0", "ie-11-win7", "ie-8-xp"]);
    expect(client("android-7.0")).toMatchObject({
      connects: false,
      from: "hello",
      reason: "The server refused the hello: handshake_failure (40).",
    });
    expect(client("android-8.1")).toMatchObject({ connects: true, group: "secp384r1" });
  });

  it("a server accepting TLS 1.0 to 1.3, and 3DES at TLS 1.0, lets every client in: pass", async () => {
    const server = await rsaServer(tlsProfiles.broad);
    // Node's OpenSSL has no 3DES: TLS 1.0 hellos offering it are answered by hand.
    const front = await startHelloResponder({
      versions: [0x0301],
      suites: [0x000a],
      renegotiationInfo: true,
      relayPort: server.port,
    });
    try {
      const { data, client, lockedOut } = await simulate(front.port);

      expect(lockedOut).toEqual([]);
      expect(client("ie-8-xp")).toMatchObject({
        protocol: "TLSv1",
        suite: "TLS_RSA_WITH_3DES_EDE_CBC_SHA",
        forwardSecrecy: false,
      });
      expect(client("ie-11-win7")).toMatchObject({ protocol: "TLSv1.2", forwardSecrecy: true });
      expect(findingOf(data, "ssl.clients.locked-out")).toMatchObject({
        status: "pass",
        message: `Every one of the ${clientProfiles.length} simulated clients connects.`,
      });
    } finally {
      await front.close();
    }
  });

  it("reads the post-quantum group a server takes from a client's key share", async () => {
    const server = await rsaServer(tlsProfiles.tls13Only);
    // X25519MLKEM768 (0x11ec) preferred by hand; hellos without it relayed to OpenSSL.
    const front = await startHelloResponder({
      versions: [],
      renegotiationInfo: false,
      preferGroups: [0x11ec],
      relayPort: server.port,
    });
    try {
      const { client } = await simulate(front.port);
      expect(client("chrome-131")).toMatchObject({
        connects: true,
        protocol: "TLSv1.3",
        group: "X25519MLKEM768",
      });
      expect(client("firefox-115-esr")).toMatchObject({ connects: true, group: "X25519" });
    } finally {
      await front.close();
    }
  });

  it("is skipped when the scan is off", async () => {
    const server = await rsaServer(tlsProfiles.modern);
    const data = await harness.probe({
      port: server.port,
      ca: harness.pki.root.certPem,
      scan: false,
    });
    expect(data.clients).toBeNull();
    expect(findingOf(data, "ssl.clients.locked-out")).toMatchObject({
      status: "skipped",
      message: "Not checked: the configuration scan is turned off (ssl.scan: false).",
    });
  });
});

function unique<T>(value: T, index: number, all: readonly T[]): boolean {
  return all.indexOf(value) === index;
}
