import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  cleanEnv,
  type RawAnswer,
  rawExchange,
  runCli,
  type ServeProcess,
  startServe,
} from "@domain-intel/test-kit";
import { afterEach, describe, expect, it } from "vitest";

const dir = mkdtempSync(join(tmpdir(), "di-serve-settings-"));
const missing = join(dir, "missing.json");
const bootstrap = join(dir, "dns.json");
writeFileSync(bootstrap, JSON.stringify({ version: "1.0", services: [] }));
const generatedKey = /di_[0-9A-Za-z]{32}/;

const running: ServeProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((serve) => serve.stop()));
});

async function serveWith(env: NodeJS.ProcessEnv): Promise<ServeProcess> {
  const serve = await startServe(env);
  running.push(serve);
  return serve;
}

/** `serve` with the given settings on loopback; it must refuse to start. */
function serveRefusing(settings: Record<string, string>) {
  return runCli(["serve"], cleanEnv({ PORT: "0", HOST: "127.0.0.1", ...settings }));
}

describe("serve refuses bad settings, naming the variable", { timeout: 120_000 }, () => {
  it.each([
    [{ DOMAIN_INTEL_ALLOW_PRIVATE: "maybe" }, "DOMAIN_INTEL_ALLOW_PRIVATE", "is not a boolean"],
    [{ PORT: "0x10" }, "PORT", "decimal integer"],
    [{ PORT: "1e3" }, "PORT", "decimal integer"],
    [{ PORT: "65536" }, "PORT", "decimal integer"],
    [{ DOMAIN_INTEL_RDAP_BOOTSTRAP: missing }, "DOMAIN_INTEL_RDAP_BOOTSTRAP", "does not exist"],
    [{ DOMAIN_INTEL_RDAP_BOOTSTRAP: dir }, "DOMAIN_INTEL_RDAP_BOOTSTRAP", "is a directory"],
    [{ DOMAIN_INTEL_CA_FILE: missing }, "DOMAIN_INTEL_CA_FILE", `${missing} does not exist`],
    [{ DOMAIN_INTEL_KEYS_FILE: dir }, "DOMAIN_INTEL_KEYS_FILE", "is a directory"],
    [{ DOMAIN_INTEL_RESOLVERS: "dns.example" }, "DOMAIN_INTEL_RESOLVERS", "must be an IP address"],
    [{ REDIS_URL: "localhost:6379" }, "REDIS_URL", "scheme must be"],
    [{ DOMAIN_INTEL_WATCH_FILE: missing }, "DOMAIN_INTEL_WATCH_FILE", "does not exist"],
    [
      { DOMAIN_INTEL_WATCH_FILE: missing.replace(/[^/]+$/, ""), DOMAIN_INTEL_WATCH_INTERVAL: "1x" },
      "DOMAIN_INTEL_WATCH_FILE",
      "is a directory",
    ],
    [
      {
        DOMAIN_INTEL_WEBHOOK_URL: "https://hooks.example/in",
        DOMAIN_INTEL_WEBHOOK_SECRET: "s3cret",
      },
      "DOMAIN_INTEL_WEBHOOK_SECRET",
      "must be whsec_",
    ],
  ])("%j", async (settings, variable, reason) => {
    // Without a key configured, a server that started would print one: it must not.
    const result = await serveRefusing(settings);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`^domain-intel: ${variable}: .*${reason}`, "m"));
    expect(result.stdout).not.toMatch(generatedKey);
    expect(result.stdout).not.toContain("listening");
  });

  it("on a busy port, says so naming PORT and prints no key", async () => {
    const holder: Server = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const port = (holder.address() as { port: number }).port;
    try {
      const result = await runCli(["serve"], cleanEnv({ PORT: String(port), HOST: "127.0.0.1" }));
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`domain-intel: PORT: 127.0.0.1:${port} is already in use`);
      expect(result.stdout + result.stderr).not.toMatch(generatedKey);
      expect(result.stdout).not.toContain("shown only once");
    } finally {
      holder.close();
    }
  });
});

describe("serve at start", { timeout: 60_000 }, () => {
  it("prints one line of the effective settings, never a key", async () => {
    const serve = await serveWith(
      cleanEnv({
        DOMAIN_INTEL_KEYS: "settings-key-0123456789",
        DOMAIN_INTEL_ALLOW_PRIVATE: "yes",
        DOMAIN_INTEL_RDAP_BOOTSTRAP: bootstrap,
      }),
    );
    const lines = serve.output().split("\n");
    const settings = lines.filter((line) => line.startsWith("Settings: "));
    expect(settings).toHaveLength(1);
    const port = new URL(serve.url).port;
    expect(settings[0]).toContain(`HOST=127.0.0.1 PORT=${port} `);
    expect(settings[0]).toContain("DOMAIN_INTEL_ALLOW_PRIVATE=yes");
    expect(settings[0]).toContain(`DOMAIN_INTEL_RDAP_BOOTSTRAP=${bootstrap}`);
    expect(settings[0]).toContain("DOMAIN_INTEL_KEYS=(1 keys)");
    expect(serve.output()).not.toContain("settings-key-0123456789");
  });
});

/** The whole answer, checked as an RFC 9457 problem with the expected status and code. */
function expectProblem(answer: RawAnswer, status: number, code: string): void {
  expect(answer.status).toBe(status);
  expect(answer.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
  expect(answer.headers["content-length"]).toBe(String(answer.body.byteLength));
  expect(JSON.parse(answer.body.toString("utf8"))).toMatchObject({
    type: `https://domain-intel.dev/problems/${code.replaceAll("_", "-")}`,
    status,
    code,
    title: expect.any(String),
    detail: expect.any(String),
  });
}

describe("serve answers Node's own refusals as problem+json", { timeout: 60_000 }, () => {
  it("431 for a header section over 16 KiB, 400 for a malformed request line or a non-ASCII path", async () => {
    const serve = await serveWith(cleanEnv({ DOMAIN_INTEL_KEYS: "client-error-key-0123" }));
    const port = Number(new URL(serve.url).port);
    const head = "Host: 127.0.0.1\r\nAuthorization: Bearer client-error-key-0123\r\n";
    expectProblem(
      await rawExchange(
        port,
        Buffer.from(
          `GET /api/v1/openapi.json HTTP/1.1\r\n${head}X-Big: ${"a".repeat(17 * 1024)}\r\n\r\n`,
        ),
      ),
      431,
      "headers_too_large",
    );
    expectProblem(
      await rawExchange(port, Buffer.from(`GET/api/v1/dns/example.com HTTP/1.1\r\n${head}\r\n`)),
      400,
      "bad_request",
    );
    expectProblem(
      await rawExchange(port, Buffer.from(`GET /api/v1/dns/bücher.de HTTP/1.1\r\n${head}\r\n`)),
      400,
      "bad_request",
    );
    // The server is still there for well-formed requests.
    const fine = await rawExchange(
      port,
      Buffer.from(`GET /api/v1/openapi.json HTTP/1.1\r\n${head}Connection: close\r\n\r\n`),
    );
    expect(fine.status).toBe(200);
  });
});
