import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cleanEnv, runCli } from "@domain-intel/test-kit";
import { describe, expect, it } from "vitest";

const workDir = () => mkdtempSync(join(tmpdir(), "di-cli-keys-"));
const keyPattern = /^di_[0-9A-Za-z]{32}$/;

function fingerprint(path: string) {
  const info = statSync(path);
  return { bytes: readFileSync(path, "utf8"), ino: info.ino, mtimeMs: info.mtimeMs };
}

// Each run starts Node and loads the engine (about a second on a busy machine): roomy limits.
describe("domain-intel keys (file store)", { timeout: 90_000 }, () => {
  it("creates, lists, rotates and revokes; prints each key once and stores only hashes", async () => {
    const dir = workDir();
    const file = join(dir, "keys.json");
    const env = cleanEnv({ DOMAIN_INTEL_KEYS_FILE: file });

    const created = await runCli(
      ["keys", "create", "--name", "billing", "--plan", "pro", "--expires", "90d"],
      env,
    );
    expect(created.code).toBe(0);
    const key = created.stdout.trim();
    expect(key).toMatch(keyPattern);
    expect(created.stderr).toContain('"billing" (plan pro, expires ');
    expect(created.stderr).toContain("shown only this once");
    expect(created.stderr).not.toContain(key);
    expect(readFileSync(file, "utf8")).not.toContain(key);

    // --file wins over the environment's file.
    const other = join(dir, "other.json");
    const elsewhere = await runCli(
      ["keys", "create", "--name", "ci", "--file", other, "--json"],
      env,
    );
    expect(elsewhere.code).toBe(0);
    const issued = JSON.parse(elsewhere.stdout);
    expect(issued).toMatchObject({ name: "ci", status: "active" });
    expect(issued.key).toMatch(keyPattern);
    expect(issued.hash).toBeUndefined();

    const listed = await runCli(["keys", "list", "--json"], env);
    const records = JSON.parse(listed.stdout);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ name: "billing", plan: "pro", status: "active" });
    expect(listed.stdout).not.toContain(key);
    expect(listed.stdout).not.toContain("sha256");
    const id: string = records[0].id;

    const rotated = await runCli(["keys", "rotate", id], env);
    expect(rotated.code).toBe(0);
    const newKey = rotated.stdout.trim();
    expect(newKey).toMatch(keyPattern);
    expect(newKey).not.toBe(key);
    expect(rotated.stderr).toContain(`Revoked ${id} and created`);

    const table = await runCli(["keys", "list"], env);
    expect(table.stdout.split("\n")[0]).toMatch(/^ID\s+NAME\s+PLAN\s+STATUS/);
    expect(table.stdout).toMatch(new RegExp(`${id}\\s+billing\\s+pro\\s+revoked`));

    const newId = JSON.parse((await runCli(["keys", "list", "--json"], env)).stdout)[1].id;
    const revoked = await runCli(["keys", "revoke", newId], env);
    expect(revoked.code).toBe(0);
    expect(revoked.stderr).toContain(`Revoked ${newId} "billing"`);
    const again = await runCli(["keys", "revoke", newId], env);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain("already revoked");
    expect(readdirSync(dir).sort()).toEqual(["keys.json", "other.json"]);
  });

  it("refuses bad input with a message, a non-zero exit, and the file untouched", async () => {
    const dir = workDir();
    const file = join(dir, "keys.json");
    const env = cleanEnv({ DOMAIN_INTEL_KEYS_FILE: file });
    expect((await runCli(["keys", "create", "--name", "only"], env)).code).toBe(0);
    const id = JSON.parse((await runCli(["keys", "list", "--json"], env)).stdout)[0].id;
    const before = fingerprint(file);

    const cases: [string[], number, string][] = [
      [["keys", "revoke", "key_doesnotexist"], 1, "No key has the id key_doesnotexist"],
      [["keys", "rotate", "key_doesnotexist"], 1, "No key has the id key_doesnotexist"],
      [["keys", "revoke"], 2, "needs a key ID"],
      [["keys", "revoke", id, "extra"], 2, "takes one argument"],
      [["keys", "create"], 2, "needs --name NAME"],
      [["keys", "create", "--name", "x", "--expires", "soon"], 2, "--expires"],
      [["keys", "create", "--name", "x", "--expires", "2001-01-01"], 2, "not in the future"],
      [["keys", "create", "--name", "x", "--plan", "gold plan"], 2, "--plan must be"],
      [["keys", "create", "--name", "x", "--colour", "red"], 2, "Unknown option '--colour'"],
      [["keys", "list", "--plan", "pro"], 2, "takes no --plan"],
      [["keys", "frobnicate"], 2, 'Unknown keys command "frobnicate"'],
      [["keys", "create", "--name", "x", "--file", file, "--redis"], 2, "pass one of them"],
      [["keys", "create", "--name", "x", "--file", join(dir, "no", "k.json")], 1, "Cannot create"],
    ];
    const results = await Promise.all(cases.map(([args]) => runCli(args, env)));
    for (const [index, [args, code, message]] of cases.entries()) {
      const result = results[index]!;
      expect(result.code, args.join(" ")).toBe(code);
      expect(result.stderr, args.join(" ")).toContain(message);
      expect(result.stdout, args.join(" ")).toBe("");
    }
    expect(fingerprint(file)).toEqual(before);
    expect(readdirSync(dir)).toEqual(["keys.json"]);

    const corrupt = join(dir, "corrupt.json");
    writeFileSync(corrupt, "{ not json");
    const broken = await runCli(["keys", "create", "--name", "x", "--file", corrupt], env);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain("is not valid JSON; it was left as it is");
    expect(readFileSync(corrupt, "utf8")).toBe("{ not json");
  });

  it("says which store to use when none or both are configured", async () => {
    const none = await runCli(["keys", "list"], cleanEnv());
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("No key store");
    const both = await runCli(
      ["keys", "list"],
      cleanEnv({ DOMAIN_INTEL_KEYS_FILE: "/tmp/x.json", REDIS_URL: "redis://127.0.0.1:1" }),
    );
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("pass --file PATH or --redis");
  });

  it("loses no key when several processes create keys at once", async () => {
    const file = join(workDir(), "keys.json");
    const env = cleanEnv({ DOMAIN_INTEL_KEYS_FILE: file });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        runCli(["keys", "create", "--name", `parallel ${index}`], env),
      ),
    );
    expect(results.map((result) => result.code)).toEqual([0, 0, 0, 0, 0, 0]);
    const names = JSON.parse((await runCli(["keys", "list", "--json"], env)).stdout).map(
      (record: { name: string }) => record.name,
    );
    expect(names.sort()).toEqual(Array.from({ length: 6 }, (_, index) => `parallel ${index}`));
  });

  it("migrates a legacy list of keys to the JSON file, hashing plain keys", async () => {
    const dir = workDir();
    const file = join(dir, "keys.txt");
    const hashed = `sha256:${createHash("sha256").update("second-legacy-key").digest("hex")}`;
    writeFileSync(file, `# old keys\nfirst-legacy-key\n${hashed}\n`);
    const env = cleanEnv({ DOMAIN_INTEL_KEYS_FILE: file });
    const refused = await runCli(["keys", "create", "--name", "new"], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("keys migrate");
    const listed = JSON.parse((await runCli(["keys", "list", "--json"], env)).stdout);
    expect(listed.map((record: { name: string }) => record.name)).toEqual(["line 2", "line 3"]);

    const migrated = await runCli(["keys", "migrate"], env);
    expect(migrated.code).toBe(0);
    expect(migrated.stderr).toContain("Migrated 2 keys");
    expect(readFileSync(file, "utf8")).not.toContain("first-legacy-key");
    expect(JSON.parse(readFileSync(file, "utf8")).format).toBe("domain-intel-keys");
    expect((await runCli(["keys", "create", "--name", "new"], env)).code).toBe(0);
    expect((await runCli(["keys", "migrate"], env)).stderr).toContain("already a JSON key file");
  });
});
