import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEngine, engineOptionSchema } from "@domain-intel/engine";
import { createCertificate } from "@domain-intel/test-kit";
import { describe, expect, it } from "vitest";
import { configFromEnv, describeSettings } from "./config-from-env.js";
import { unsetText } from "./read-serve-variables.js";
import { serveVariables } from "./serve-variables.js";
import { serveUsage } from "./usage.js";

const dir = mkdtempSync(join(tmpdir(), "di-variables-"));
const file = (name: string, content: string) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};
const root = await createCertificate({ commonName: "Variables Root", ca: true });
const secret = `whsec_${Buffer.alloc(32, 9).toString("base64")}`;
const anchor =
  ". 3600 IN DS 12345 13 2 0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF";

/**
 * For each variable that sets an engine option: a value the engine takes, and one it refuses
 * though the variable's syntax is fine (with the option value that text stands for), so that
 * the refusal must come from the engine's own schema. `also`: what it needs beside it.
 */
const samples: Record<
  string,
  {
    good: string;
    bad: string;
    badOption: unknown;
    also?: Record<string, string>;
    fromFile?: boolean;
  }
> = {
  DOMAIN_INTEL_KEYS: { good: "k1,k2", bad: "k1,sha256:abc", badOption: ["k1", "sha256:abc"] },
  DOMAIN_INTEL_RESOLVERS: {
    good: "1.1.1.1,[::1]:53",
    bad: "1.1.1.1,dns.example",
    badOption: ["1.1.1.1", "dns.example"],
  },
  DOMAIN_INTEL_ALLOW_PRIVATE: { good: "yes", bad: "", badOption: undefined },
  DOMAIN_INTEL_CA_FILE: {
    good: file("ca.pem", root.certPem),
    bad: file("not.pem", "hello\n"),
    badOption: "hello\n",
    fromFile: true,
  },
  DOMAIN_INTEL_SSL_SCAN: { good: "0", bad: "", badOption: undefined },
  DOMAIN_INTEL_SSL_REVOCATION: { good: "0", bad: "", badOption: undefined },
  DOMAIN_INTEL_RDAP_BOOTSTRAP: {
    good: file("dns.json", JSON.stringify({ version: "1.0", services: [] })),
    bad: file("no-services.json", JSON.stringify({ version: "1.0" })),
    badOption: { version: "1.0" },
    fromFile: true,
  },
  DOMAIN_INTEL_WHOIS_HINTS: {
    good: "com=whois.example,.NET=whois.other",
    bad: "com=bad_host!",
    badOption: { com: "bad_host!" },
  },
  DOMAIN_INTEL_CAA_ISSUERS: {
    good: "My CA=my-ca.example;Other=a.example,b.example",
    bad: "My CA=not a domain",
    badOption: { "My CA": ["not a domain"] },
  },
  DOMAIN_INTEL_TRUST_ANCHORS: {
    good: file("anchors.txt", `${anchor}\n`),
    bad: file("garbage.txt", "example. IN A 192.0.2.1\n"),
    badOption: "example. IN A 192.0.2.1\n",
    fromFile: true,
  },
  DOMAIN_INTEL_SMTP: { good: "0", bad: "", badOption: undefined },
  DOMAIN_INTEL_SMTP_PORT: { good: "2525", bad: "", badOption: undefined },
  DOMAIN_INTEL_PROBE_THREADS: { good: "2", bad: "", badOption: undefined },
  DOMAIN_INTEL_DKIM_SELECTORS: {
    good: "s2026,mail.key",
    bad: "s2026,bad selector",
    badOption: ["s2026", "bad selector"],
  },
  DOMAIN_INTEL_ASN_SOURCE: { good: "cymru", bad: "maxmind", badOption: "maxmind" },
  DOMAIN_INTEL_RPKI_RTR: {
    good: "127.0.0.1:8282",
    bad: "rtr.example",
    badOption: "rtr.example",
  },
  DOMAIN_INTEL_WATCH_FILE: {
    good: file("watch.txt", "example.com\n"),
    bad: "",
    badOption: undefined,
  },
  DOMAIN_INTEL_WATCH_INTERVAL: {
    good: "30s",
    bad: "",
    badOption: undefined,
    also: { DOMAIN_INTEL_WATCH_FILE: join(dir, "watch.txt") },
  },
  DOMAIN_INTEL_WEBHOOK_URL: {
    good: "https://hooks.example/in",
    bad: "ftp://hooks.example/in",
    badOption: "ftp://hooks.example/in",
    also: { DOMAIN_INTEL_WEBHOOK_SECRET: secret },
  },
  DOMAIN_INTEL_WEBHOOK_SECRET: {
    good: secret,
    bad: "whsec_c2hvcnQ=",
    badOption: "whsec_c2hvcnQ=",
    also: { DOMAIN_INTEL_WEBHOOK_URL: "https://hooks.example/in" },
  },
};

const engineVariables = serveVariables.filter((variable) => "option" in variable.sets);
const optionOf = (name: string) =>
  (serveVariables.find((variable) => variable.name === name)!.sets as { option: string }).option;

/** `{ mail: { smtpPort: value } }` for `mail.smtpPort`, beside the option an engine needs. */
function engineOptionsWith(path: string, value: unknown): Record<string, unknown> {
  const options: Record<string, unknown> = { keys: ["a-key"] };
  const keys = path.split(".");
  let node = options;
  for (const key of keys.slice(0, -1)) {
    node[key] = { ...(key === "webhooks" ? { url: "https://hooks.example/", secret } : {}) };
    node = node[key] as Record<string, unknown>;
  }
  node[keys.at(-1)!] = value;
  return options;
}

describe("the table of serve's variables", () => {
  it("names each variable once, sets real engine options, and depends only on its own rows", () => {
    const names = serveVariables.map((variable) => variable.name);
    expect(new Set(names).size).toBe(names.length);
    for (const variable of engineVariables) {
      expect(() => engineOptionSchema(optionOf(variable.name)), variable.name).not.toThrow();
    }
    expect(() => engineOptionSchema("mail.smtpPorts")).toThrow(/mail.smtpPorts is not/);
    for (const variable of serveVariables.filter((each) => each.with)) {
      expect(names, variable.name).toContain(variable.with!.name);
    }
    // Every variable that sets an engine option is sampled below.
    expect(Object.keys(samples).sort()).toEqual(engineVariables.map(({ name }) => name).sort());
  });

  it("hands the engine what it takes: every sampled value builds an engine", async () => {
    for (const [name, sample] of Object.entries(samples)) {
      const config = configFromEnv({ ...sample.also, [name]: sample.good });
      const engine = createEngine({ keys: ["a-key"], ...config.engine });
      await engine.close();
    }
  });

  it("refuses what the engine refuses, in the engine's words, naming the variable", () => {
    const checked = Object.entries(samples).filter(([, sample]) => sample.bad !== "");
    expect(checked.length).toBeGreaterThanOrEqual(10);
    for (const [name, sample] of checked) {
      const option = optionOf(name);
      let engineMessage = "";
      try {
        createEngine(engineOptionsWith(option, sample.badOption) as never);
      } catch (error) {
        engineMessage = (error as Error).message;
      }
      expect(engineMessage, name).toMatch(new RegExp(`^createEngine: options\\.${option}`));
      const problem = engineMessage.replace("createEngine: options.", "");
      // A file's content is not repeated: its path is, before the engine's words.
      const from = sample.fromFile ? `${sample.bad}: ` : "";
      expect(() => configFromEnv({ ...sample.also, [name]: sample.bad }), name).toThrow(
        `${name}: ${from}${problem}`,
      );
    }
  });

  it("takes a number's bounds from the engine's schema", () => {
    const { minimum, maximum } = engineOptionSchema("mail.smtpPort") as unknown as {
      minimum: number;
      maximum: number;
    };
    for (const text of [String(minimum - 1), String(maximum + 1), "0x19", "1e3"]) {
      expect(() => configFromEnv({ DOMAIN_INTEL_SMTP_PORT: text })).toThrow(
        `DOMAIN_INTEL_SMTP_PORT: "${text}" is not a decimal integer from ${minimum} to ${maximum}`,
      );
    }
    expect(configFromEnv({ DOMAIN_INTEL_SMTP_PORT: String(maximum) }).engine.mail).toEqual({
      smtpPort: maximum,
    });
  });

  it("reads DOMAIN_INTEL_PROBE_THREADS as the engine's network.probeThreads, in its bounds", () => {
    expect(configFromEnv({ DOMAIN_INTEL_PROBE_THREADS: "2" }).engine.network).toMatchObject({
      probeThreads: 2,
    });
    for (const text of ["-1", "65", "1.5", "two"]) {
      expect(() => configFromEnv({ DOMAIN_INTEL_PROBE_THREADS: text })).toThrow(
        `DOMAIN_INTEL_PROBE_THREADS: "${text}" is not a decimal integer from 0 to 64`,
      );
    }
  });

  it("never shows a secret: not in the start-up lines, nor in a refusal", () => {
    const config = configFromEnv({
      DOMAIN_INTEL_KEYS: "k3y-one-s3cret,k3y-two-s3cret",
      DOMAIN_INTEL_WEBHOOK_URL: "https://hooks.example/in?token=t0ken-s3cret",
      DOMAIN_INTEL_WEBHOOK_SECRET: secret,
      REDIS_URL: "redis://user:pa55-s3cret@127.0.0.1:6379",
    });
    const shown = `${describeSettings(config, 3000)} ${JSON.stringify(config.observed)}`;
    expect(shown).toContain("DOMAIN_INTEL_KEYS=(2 keys)");
    expect(shown).toContain("DOMAIN_INTEL_WEBHOOK_URL=https://hooks.example ");
    expect(shown).toContain("REDIS_URL=redis://user:***@127.0.0.1:6379");
    expect(shown).not.toMatch(/s3cret|DOMAIN_INTEL_WEBHOOK_SECRET/);
    expect(shown).not.toContain(secret.slice(6));
    for (const env of [
      { DOMAIN_INTEL_KEYS: "ok-key,sha256:s3cret" },
      { DOMAIN_INTEL_WEBHOOK_URL: "https://hooks.example/", DOMAIN_INTEL_WEBHOOK_SECRET: "s3cret" },
      {
        DOMAIN_INTEL_WEBHOOK_URL: "https://u:s3cret@hooks.example/",
        DOMAIN_INTEL_WEBHOOK_SECRET: secret,
      },
      { REDIS_URL: "http://user:s3cret@127.0.0.1:6379" },
      { REDIS_URL: "s3cret" },
    ]) {
      let message = "";
      try {
        configFromEnv(env);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message, JSON.stringify(env)).toMatch(/^[A-Z_]+: /);
      expect(message, JSON.stringify(env)).not.toContain("s3cret");
    }
  });

  it("is what serve --help lists: each variable, its default and the option it sets", () => {
    const help = serveUsage();
    for (const variable of serveVariables) {
      const option = "option" in variable.sets ? `; engine option ${variable.sets.option}` : "";
      const lines = help.split("\n");
      const at = lines.findIndex((line) => line.startsWith(`  ${variable.name} `));
      expect(lines[at]!.slice(2).split(/ {2,}/), variable.name).toEqual([
        variable.name,
        variable.summary,
      ]);
      expect(lines[at + 1]?.trim()).toBe(`default: ${unsetText(variable)}${option}`);
    }
    expect(unsetText(serveVariables.find(({ name }) => name === "DOMAIN_INTEL_SMTP_PORT")!)).toBe(
      String((engineOptionSchema("mail.smtpPort") as unknown as { default: number }).default),
    );
  });
});
