import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createCertificate } from "@domain-intel/test-kit";
import { describe, expect, it } from "vitest";
import { configFromEnv, describeSettings } from "./config-from-env.js";
import { serveProbeThreads } from "./serve-variables.js";

// serve hands the engine its own default of probe threads (none on a one-core machine).
const serveThreads = serveProbeThreads > 0 ? { probeThreads: serveProbeThreads } : {};

const dir = mkdtempSync(join(tmpdir(), "di-env-"));
const bootstrapFile = join(dir, "dns.json");
writeFileSync(bootstrapFile, JSON.stringify({ version: "1.0", services: [] }));

describe("configFromEnv", () => {
  it("reads the watch and webhook settings, never showing the secret", () => {
    const watchFile = join(dir, "watch.txt");
    writeFileSync(watchFile, "example.com\n");
    const secret = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
    const config = configFromEnv({
      DOMAIN_INTEL_WATCH_FILE: watchFile,
      DOMAIN_INTEL_WATCH_INTERVAL: "30s",
      DOMAIN_INTEL_WEBHOOK_URL: "https://hooks.example/in?token=t0ken",
      DOMAIN_INTEL_WEBHOOK_SECRET: secret,
    });
    expect(config.engine.watch).toEqual({ file: watchFile, intervalMs: 30_000 });
    expect(config.engine.webhooks).toEqual({ url: "https://hooks.example/in?token=t0ken", secret });
    const line = describeSettings(config, 3000);
    expect(line).toContain(`DOMAIN_INTEL_WATCH_FILE=${watchFile} DOMAIN_INTEL_WATCH_INTERVAL=30s`);
    expect(line).toContain("DOMAIN_INTEL_WEBHOOK_URL=https://hooks.example");
    expect(line).not.toContain("t0ken");
    expect(line).not.toContain(secret.slice(6));
    expect(configFromEnv({ DOMAIN_INTEL_WATCH_FILE: watchFile }).engine.watch).toEqual({
      file: watchFile,
      intervalMs: 3_600_000,
    });
    for (const [env, message] of [
      [
        { DOMAIN_INTEL_WATCH_FILE: watchFile, DOMAIN_INTEL_WATCH_INTERVAL: "0s" },
        /^DOMAIN_INTEL_WATCH_INTERVAL: "0s" is not an interval/,
      ],
      [
        { DOMAIN_INTEL_WATCH_FILE: watchFile, DOMAIN_INTEL_WATCH_INTERVAL: "1 hour" },
        /^DOMAIN_INTEL_WATCH_INTERVAL: /,
      ],
      [
        { DOMAIN_INTEL_WATCH_INTERVAL: "1h" },
        /^DOMAIN_INTEL_WATCH_FILE: required with DOMAIN_INTEL_WATCH_INTERVAL/,
      ],
      [
        { DOMAIN_INTEL_WEBHOOK_URL: "https://hooks.example/" },
        /^DOMAIN_INTEL_WEBHOOK_SECRET: required/,
      ],
      [{ DOMAIN_INTEL_WEBHOOK_SECRET: secret }, /^DOMAIN_INTEL_WEBHOOK_URL: required/],
      [
        { DOMAIN_INTEL_WEBHOOK_URL: "ftp://hooks.example/", DOMAIN_INTEL_WEBHOOK_SECRET: secret },
        /^DOMAIN_INTEL_WEBHOOK_URL: webhooks.url must be an http\(s\) URL/,
      ],
      [
        {
          DOMAIN_INTEL_WEBHOOK_URL: "https://hooks.example/",
          DOMAIN_INTEL_WEBHOOK_SECRET: "whsec_c2hvcnQ=",
        },
        /^DOMAIN_INTEL_WEBHOOK_SECRET: webhooks.secret must be whsec_/,
      ],
    ] as const) {
      expect(() => configFromEnv(env), JSON.stringify(env)).toThrow(message);
    }
  });

  it("defaults to port 3000 on all interfaces with no keys", () => {
    const config = configFromEnv({});
    expect(config).toMatchObject({ port: 3000, host: "0.0.0.0" });
    expect(config.engine.keys).toBeUndefined();
    expect(config.engine.network).toEqual({ allowPrivateAddresses: false, ...serveThreads });
  });

  it("reads every documented setting", async () => {
    const keysFile = join(dir, "keys");
    writeFileSync(keysFile, `# team keys\nfile-key-1\n\nsha256:${"ab".repeat(32)}\n`);
    const caFile = join(dir, "ca.pem");
    const root = await createCertificate({ commonName: "Settings Root", ca: true });
    writeFileSync(caFile, root.certPem);
    const config = configFromEnv({
      PORT: "8080",
      HOST: "127.0.0.1",
      DOMAIN_INTEL_KEYS: "k1, k2",
      DOMAIN_INTEL_KEYS_FILE: keysFile,
      DOMAIN_INTEL_RESOLVERS: "1.1.1.1,127.0.0.1:5353,[::1]:53,2001:db8::1",
      DOMAIN_INTEL_ALLOW_PRIVATE: "yes",
      DOMAIN_INTEL_CA_FILE: caFile,
      DOMAIN_INTEL_RDAP_BOOTSTRAP: bootstrapFile,
      DOMAIN_INTEL_WHOIS_HINTS: "com=whois.example,.NET=whois.other",
      DOMAIN_INTEL_CAA_ISSUERS: "My CA=my-ca.example; Other CA=a.example, b.example",
      REDIS_URL: "redis://user:secret@127.0.0.1:6379",
    });
    expect(config.port).toBe(8080);
    expect(config.host).toBe("127.0.0.1");
    // The keys file is read by serve (fileKeyStore: JSON or the legacy list), not here.
    expect(config.engine.keys).toEqual(["k1", "k2"]);
    expect(config.keysFile).toBe(keysFile);
    expect(config.redisUrl).toBe("redis://user:secret@127.0.0.1:6379");
    expect(config.engine.network).toEqual({
      resolvers: ["1.1.1.1", "127.0.0.1:5353", "[::1]:53", "2001:db8::1"],
      allowPrivateAddresses: true,
      ...serveThreads,
    });
    expect(config.engine.ssl?.ca).toContain("BEGIN CERTIFICATE");
    expect(config.engine.rdap).toEqual({
      bootstrap: bootstrapFile,
      whoisHints: { com: "whois.example", net: "whois.other" },
    });
    expect(config.engine.insights).toEqual({
      caaIssuers: { "My CA": ["my-ca.example"], "Other CA": ["a.example", "b.example"] },
    });
    const line = describeSettings(config, 8080);
    expect(line).toContain("DOMAIN_INTEL_ALLOW_PRIVATE=yes");
    expect(line).toContain("DOMAIN_INTEL_KEYS=(2 keys)");
    expect(line).toContain(`DOMAIN_INTEL_CA_FILE=${caFile} (1 certificates)`);
    expect(line).not.toMatch(/\bk1\b|\bk2\b|secret/);
    expect(config.lockDurationMs).toBe(30_000);
    expect(line).toContain("DOMAIN_INTEL_LOCK_DURATION=30s");
  });

  it("reads DOMAIN_INTEL_LOCK_DURATION, shown only with REDIS_URL (the only queues it locks)", () => {
    const redis = { REDIS_URL: "redis://127.0.0.1:6379", DOMAIN_INTEL_LOCK_DURATION: "5s" };
    expect(configFromEnv(redis).lockDurationMs).toBe(5000);
    expect(describeSettings(configFromEnv(redis), 1)).toContain("DOMAIN_INTEL_LOCK_DURATION=5s");
    expect(describeSettings(configFromEnv({}), 1)).not.toContain("DOMAIN_INTEL_LOCK_DURATION");
  });

  it.each([
    ["1", true],
    ["0", false],
    ["true", true],
    ["FALSE", false],
    ["yes", true],
    ["no", false],
    ["", false],
  ])("reads DOMAIN_INTEL_ALLOW_PRIVATE=%j as %s", (value, expected) => {
    const config = configFromEnv({ DOMAIN_INTEL_ALLOW_PRIVATE: value });
    expect(config.engine.network?.allowPrivateAddresses).toBe(expected);
  });

  it.each([
    ["0", { scan: false }],
    ["no", { scan: false }],
    ["1", undefined],
    ["", undefined],
  ])("reads DOMAIN_INTEL_SSL_SCAN=%j as ssl %j", (value, expected) => {
    const config = configFromEnv({ DOMAIN_INTEL_SSL_SCAN: value });
    expect(config.engine.ssl).toEqual(expected);
    expect(describeSettings(config, 3000)).toContain(
      `DOMAIN_INTEL_SSL_SCAN=${expected ? "no" : "yes"}`,
    );
  });

  it.each([
    ["0", 0],
    ["80", 80],
    ["65535", 65535],
  ])("reads PORT=%j as %i", (value, expected) => {
    expect(configFromEnv({ PORT: value }).port).toBe(expected);
  });

  const directory = join(dir, "a-directory");
  mkdirSync(directory, { recursive: true });
  const notPem = join(dir, "not.pem");
  writeFileSync(notPem, "hello\n");
  const notJson = join(dir, "not.json");
  writeFileSync(notJson, "{ services");
  const missing = join(dir, "missing");

  it.each([
    [{ PORT: "http" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ PORT: "0x10" }, "PORT"],
    [{ PORT: "1e3" }, "PORT"],
    [{ PORT: "-1" }, "PORT"],
    [{ HOST: "not a host" }, "HOST"],
    [{ DOMAIN_INTEL_ALLOW_PRIVATE: "on" }, "DOMAIN_INTEL_ALLOW_PRIVATE"],
    [{ DOMAIN_INTEL_ALLOW_PRIVATE: "2" }, "DOMAIN_INTEL_ALLOW_PRIVATE"],
    [{ DOMAIN_INTEL_SSL_SCAN: "off" }, "DOMAIN_INTEL_SSL_SCAN"],
    [{ DOMAIN_INTEL_KEYS: "ok-key,sha256:abc" }, "DOMAIN_INTEL_KEYS"],
    [{ DOMAIN_INTEL_KEYS_FILE: missing }, "DOMAIN_INTEL_KEYS_FILE"],
    [{ DOMAIN_INTEL_KEYS_FILE: directory }, "DOMAIN_INTEL_KEYS_FILE"],
    [{ DOMAIN_INTEL_RESOLVERS: "1.1.1.1,dns.example" }, "DOMAIN_INTEL_RESOLVERS"],
    [{ DOMAIN_INTEL_RESOLVERS: "1.1.1.1:99999" }, "DOMAIN_INTEL_RESOLVERS"],
    [{ DOMAIN_INTEL_CA_FILE: missing }, "DOMAIN_INTEL_CA_FILE"],
    [{ DOMAIN_INTEL_CA_FILE: notPem }, "DOMAIN_INTEL_CA_FILE"],
    [{ DOMAIN_INTEL_RDAP_BOOTSTRAP: missing }, "DOMAIN_INTEL_RDAP_BOOTSTRAP"],
    [{ DOMAIN_INTEL_RDAP_BOOTSTRAP: directory }, "DOMAIN_INTEL_RDAP_BOOTSTRAP"],
    [{ DOMAIN_INTEL_RDAP_BOOTSTRAP: notJson }, "DOMAIN_INTEL_RDAP_BOOTSTRAP"],
    [{ DOMAIN_INTEL_RDAP_BOOTSTRAP: "ftp://example/dns.json" }, "DOMAIN_INTEL_RDAP_BOOTSTRAP"],
    [{ DOMAIN_INTEL_WHOIS_HINTS: "com" }, "DOMAIN_INTEL_WHOIS_HINTS"],
    [{ DOMAIN_INTEL_CAA_ISSUERS: "my-ca.example" }, "DOMAIN_INTEL_CAA_ISSUERS"],
    [{ DOMAIN_INTEL_CAA_ISSUERS: "My CA=not a domain" }, "DOMAIN_INTEL_CAA_ISSUERS"],
    [{ DOMAIN_INTEL_SMTP: "off" }, "DOMAIN_INTEL_SMTP"],
    [{ DOMAIN_INTEL_SMTP_PORT: "0" }, "DOMAIN_INTEL_SMTP_PORT"],
    [{ DOMAIN_INTEL_SMTP_PORT: "25x" }, "DOMAIN_INTEL_SMTP_PORT"],
    [{ DOMAIN_INTEL_DKIM_SELECTORS: "s1,bad selector" }, "DOMAIN_INTEL_DKIM_SELECTORS"],
    [{ DOMAIN_INTEL_ASN_SOURCE: "maxmind" }, "DOMAIN_INTEL_ASN_SOURCE"],
    [{ DOMAIN_INTEL_ASN_SOURCE: join(dir, "missing.mmdb") }, "DOMAIN_INTEL_ASN_SOURCE"],
    [{ DOMAIN_INTEL_RPKI_RTR: "rtr.example" }, "DOMAIN_INTEL_RPKI_RTR"],
    [{ DOMAIN_INTEL_RPKI_RTR: "127.0.0.1:99999" }, "DOMAIN_INTEL_RPKI_RTR"],
    [{ DOMAIN_INTEL_RPKI_RTR: "::1:8282" }, "DOMAIN_INTEL_RPKI_RTR"],
    [{ REDIS_URL: "localhost:6379" }, "REDIS_URL"],
    [{ REDIS_URL: "http://localhost:6379" }, "REDIS_URL"],
    [{ DOMAIN_INTEL_LOCK_DURATION: "500ms" }, "DOMAIN_INTEL_LOCK_DURATION"],
    [{ DOMAIN_INTEL_LOCK_DURATION: "10" }, "DOMAIN_INTEL_LOCK_DURATION"],
  ])("names the bad setting in %j", (env, name) => {
    expect(() => configFromEnv(env)).toThrow(new RegExp(`^${name}: `));
  });

  it("reads the mail settings into the engine's mail options, and leaves defaults out", () => {
    expect(configFromEnv({}).engine.mail).toBeUndefined();
    const config = configFromEnv({
      DOMAIN_INTEL_SMTP: "0",
      DOMAIN_INTEL_SMTP_PORT: "2525",
      DOMAIN_INTEL_DKIM_SELECTORS: "s2026, mail.key",
    });
    expect(config.engine.mail).toEqual({
      smtp: false,
      smtpPort: 2525,
      dkimSelectors: ["s2026", "mail.key"],
    });
    const line = describeSettings(config, 3000);
    expect(line).toContain("DOMAIN_INTEL_SMTP=no");
    expect(line).toContain("DOMAIN_INTEL_SMTP_PORT=2525");
    expect(line).toContain("DOMAIN_INTEL_DKIM_SELECTORS=s2026,mail.key");
    expect(configFromEnv({ DOMAIN_INTEL_SMTP: "yes" }).engine.mail).toBeUndefined();
  });

  it("never repeats a bad key in its message", () => {
    expect(() => configFromEnv({ DOMAIN_INTEL_KEYS: "sha256:secret-looking" })).toThrow(
      /^DOMAIN_INTEL_KEYS: keys\[0\] must be "sha256:" and 64 hex digits/,
    );
    expect(() => configFromEnv({ DOMAIN_INTEL_KEYS: "sha256:secret-looking" })).not.toThrow(
      /secret-looking/,
    );
  });
});

describe("DOMAIN_INTEL_ASN_SOURCE and DOMAIN_INTEL_RPKI_RTR", () => {
  it("load @domain-intel/ip-data on first use by default, and read cymru, .mmdb files and the RTR cache", async () => {
    const defaults = configFromEnv({});
    expect(typeof defaults.engine.hosting?.asnSource).toBe("function");
    expect(defaults.engine.rpki).toBeUndefined();
    expect(describeSettings(defaults, 3000)).toContain(
      "DOMAIN_INTEL_ASN_SOURCE=builtin DOMAIN_INTEL_RPKI_RTR=(none)",
    );
    const mmdb = new URL(
      "../../ip-data/src/fixtures/maxmind/GeoLite2-ASN-Test.mmdb",
      import.meta.url,
    ).pathname;
    const fromMmdb = configFromEnv({
      DOMAIN_INTEL_ASN_SOURCE: mmdb,
      DOMAIN_INTEL_RPKI_RTR: "[::1]:8282",
    });
    const loader = fromMmdb.engine.hosting?.asnSource as () => Promise<{
      source: string;
      lookup(address: string): { asn: number | null } | null;
    }>;
    const data = await loader();
    expect(data.source).toBe(`mmdb:${mmdb}`);
    expect(data.lookup("1.0.0.1")?.asn).toBe(15169);
    expect(fromMmdb.engine.rpki).toEqual({ rtr: "[::1]:8282" });
    expect(configFromEnv({ DOMAIN_INTEL_ASN_SOURCE: "cymru" }).engine.hosting).toEqual({
      asnSource: "cymru",
    });
  });
});

describe("DOMAIN_INTEL_TRUST_ANCHORS", () => {
  it("hands the file's DS and DNSKEY records to the engine as dns.trustAnchors", () => {
    const file = join(dir, "anchors.txt");
    const text =
      "; the lab's root\n. 3600 IN DS 12345 13 2 0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF\n";
    writeFileSync(file, text);
    const config = configFromEnv({ DOMAIN_INTEL_TRUST_ANCHORS: file });

    expect(config.engine.dns).toEqual({ trustAnchors: text });
    expect(config.effective.DOMAIN_INTEL_TRUST_ANCHORS).toBe(`${file} (.)`);
    expect(configFromEnv({}).effective.DOMAIN_INTEL_TRUST_ANCHORS).toBe("(IANA root)");
    expect(configFromEnv({}).engine.dns).toBeUndefined();
  });

  it("stops serve, naming the variable, for a file that is missing or holds no anchor", () => {
    const garbage = join(dir, "garbage-anchors.txt");
    writeFileSync(garbage, "example. IN A 192.0.2.1\n");
    expect(() => configFromEnv({ DOMAIN_INTEL_TRUST_ANCHORS: garbage })).toThrow(
      new RegExp(
        `^DOMAIN_INTEL_TRUST_ANCHORS: ${garbage}: dns.trustAnchors cannot be read: line 1: not a DS or DNSKEY record`,
      ),
    );
    expect(() => configFromEnv({ DOMAIN_INTEL_TRUST_ANCHORS: join(dir, "nowhere") })).toThrow(
      /^DOMAIN_INTEL_TRUST_ANCHORS: .*nowhere does not exist/,
    );
  });
});
