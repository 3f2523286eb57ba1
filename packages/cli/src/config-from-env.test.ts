import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { configFromEnv } from "./config-from-env.js";

describe("configFromEnv", () => {
  it("defaults to port 3000 on all interfaces with no keys", () => {
    const config = configFromEnv({});
    expect(config).toMatchObject({ port: 3000, host: "0.0.0.0", ignored: [] });
    expect(config.engine.keys).toBeUndefined();
    expect(config.engine.network).toEqual({ allowPrivateAddresses: false });
  });

  it("reads every DESIGN.md setting", () => {
    const dir = mkdtempSync(join(tmpdir(), "di-env-"));
    const keysFile = join(dir, "keys");
    writeFileSync(keysFile, `# team keys\nfile-key-1\n\nsha256:${"ab".repeat(32)}\n`);
    const caFile = join(dir, "ca.pem");
    writeFileSync(caFile, "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n");
    const config = configFromEnv({
      PORT: "8080",
      HOST: "127.0.0.1",
      DOMAIN_INTEL_KEYS: "k1, k2",
      DOMAIN_INTEL_KEYS_FILE: keysFile,
      DOMAIN_INTEL_RESOLVERS: "1.1.1.1,127.0.0.1:5353",
      DOMAIN_INTEL_ALLOW_PRIVATE: "1",
      DOMAIN_INTEL_CA_FILE: caFile,
      DOMAIN_INTEL_RDAP_BOOTSTRAP: "/etc/rdap/dns.json",
      DOMAIN_INTEL_WHOIS_HINTS: "com=whois.example,.NET=whois.other",
      REDIS_URL: "redis://127.0.0.1:6379",
    });
    expect(config.port).toBe(8080);
    expect(config.host).toBe("127.0.0.1");
    // The keys file is read by serve (fileKeyStore: JSON or the legacy list), not here.
    expect(config.engine.keys).toEqual(["k1", "k2"]);
    expect(config.keysFile).toBe(keysFile);
    expect(config.redisUrl).toBe("redis://127.0.0.1:6379");
    expect(config.engine.network).toEqual({
      resolvers: ["1.1.1.1", "127.0.0.1:5353"],
      allowPrivateAddresses: true,
    });
    expect(config.engine.ssl?.ca).toContain("BEGIN CERTIFICATE");
    expect(config.engine.rdap).toEqual({
      bootstrap: "/etc/rdap/dns.json",
      whoisHints: { com: "whois.example", net: "whois.other" },
    });
    expect(config.ignored).toEqual([]);
  });

  it.each([
    [{ PORT: "http" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DOMAIN_INTEL_WHOIS_HINTS: "com" }, "DOMAIN_INTEL_WHOIS_HINTS"],
    [{ REDIS_URL: "localhost:6379" }, "REDIS_URL"],
    [{ REDIS_URL: "http://localhost:6379" }, "REDIS_URL"],
  ])("names the bad setting in %j", (env, name) => {
    expect(() => configFromEnv(env)).toThrow(name);
  });
});
