import { parseArgs } from "node:util";
import {
  createKey,
  isKeyStoreError,
  type KeyRecord,
  keyStatus,
  parseKeyExpiry,
  revokeKey,
  rotateKey,
} from "@domain-intel/engine";
import { type OpenedKeyStore, openKeyStore } from "./key-store-from-env.js";
import { textTable } from "./text-table.js";

export const keysUsage = `Usage:
  domain-intel keys create --name NAME [--expires 90d|2027-01-31] [--plan PLAN] [--json]
  domain-intel keys list [--json]
  domain-intel keys revoke ID
  domain-intel keys rotate ID [--expires 90d|2027-01-31] [--json]
  domain-intel keys migrate              convert a legacy key list (one key a line) to the JSON key file
Store: --file PATH (or DOMAIN_INTEL_KEYS_FILE), or --redis (REDIS_URL).
A new key is printed once, alone on stdout; everything else goes to stderr.`;

export interface KeysCommandOptions {
  /** The arguments after `keys`. */
  readonly argv: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
  /** Where results go (the key, the list). Default: process.stdout. */
  readonly stdout?: (text: string) => void;
  /** Where messages go. Default: process.stderr. */
  readonly stderr?: (text: string) => void;
}

/** Fields of a record fit to print: everything but the hash. */
function shown(record: KeyRecord, nowMs: number) {
  return {
    id: record.id,
    name: record.name,
    ...(record.plan === undefined ? {} : { plan: record.plan }),
    status: keyStatus(record, nowMs),
    createdAt: record.createdAt,
    ...(record.expiresAt === undefined ? {} : { expiresAt: record.expiresAt }),
    ...(record.revokedAt === undefined ? {} : { revokedAt: record.revokedAt }),
  };
}

function table(records: readonly KeyRecord[], nowMs: number): string {
  const minute = (iso: string | undefined) => (iso ? iso.slice(0, 16).replace("T", " ") : "-");
  const rows = [
    ["ID", "NAME", "PLAN", "STATUS", "CREATED (UTC)", "EXPIRES (UTC)"],
    ...records.map((record) => [
      record.id,
      record.name,
      record.plan ?? "default",
      keyStatus(record, nowMs),
      minute(record.createdAt),
      minute(record.expiresAt),
    ]),
  ];
  return textTable(rows);
}

// The engine's helpers name their options (`createKey: options.name ...`); here they are flags.
function asFlagMessage(message: string): string {
  return message
    .replace(/^(createKey|rotateKey|revokeKey): options\.(expiresAt)/, "--expires")
    .replace(/^(createKey|rotateKey|revokeKey): options\./, "--")
    .replace(/^expires: /, "--expires: ");
}

/**
 * `domain-intel keys ...`: create, list, revoke, rotate and migrate API keys in the file or
 * Redis store. Resolves the exit code: 0, 1 when the store refused (unknown id, revoked key,
 * unreadable file), 2 for bad usage.
 */
export async function keysCommand(options: KeysCommandOptions): Promise<number> {
  const stdout = options.stdout ?? ((text: string) => process.stdout.write(text));
  const stderr = options.stderr ?? ((text: string) => process.stderr.write(text));
  const env = options.env ?? process.env;
  let opened: OpenedKeyStore | undefined;
  try {
    const { positionals, values } = parseArgs({
      args: [...options.argv],
      allowPositionals: true,
      options: {
        name: { type: "string" },
        expires: { type: "string" },
        plan: { type: "string" },
        file: { type: "string" },
        redis: { type: "boolean" },
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
    const [action, id, ...extra] = positionals;
    if (values.help) {
      stdout(`${keysUsage}\n`);
      return 0;
    }
    const expectArgs = (wanted: number) => {
      if ((wanted === 0 && id !== undefined) || extra.length > 0) {
        throw new TypeError(`keys ${action} takes ${wanted === 0 ? "no" : "one"} argument`);
      }
      if (wanted === 1 && id === undefined) throw new TypeError(`keys ${action} needs a key ID`);
    };
    const refuse = (flags: (keyof typeof values)[]) => {
      for (const flag of flags) {
        if (values[flag] !== undefined) throw new TypeError(`keys ${action} takes no --${flag}`);
      }
    };
    const expiresAt =
      values.expires === undefined ? undefined : parseKeyExpiry({ value: values.expires });
    const known = ["create", "list", "revoke", "rotate", "migrate"];
    if (action === undefined || !known.includes(action)) {
      stderr(
        `${action === undefined ? "keys needs a command" : `Unknown keys command "${action}"`}\n${keysUsage}\n`,
      );
      return 2;
    }
    if (action === "create") {
      expectArgs(0);
      if (values.name === undefined) throw new TypeError("keys create needs --name NAME");
    }
    if (action === "list") {
      expectArgs(0);
      refuse(["name", "expires", "plan"]);
    }
    if (action === "revoke") {
      expectArgs(1);
      refuse(["name", "expires", "plan", "json"]);
    }
    if (action === "rotate") {
      expectArgs(1);
      refuse(["name", "plan"]);
    }
    if (action === "migrate") {
      expectArgs(0);
      refuse(["name", "expires", "plan", "json", "redis"]);
    }

    opened = await openKeyStore({
      env,
      ...(values.file === undefined ? {} : { file: values.file }),
      ...(values.redis ? { redis: true } : {}),
    });
    const { store, where } = opened;
    const nowMs = Date.now();
    const printIssued = (key: string, record: KeyRecord, verb: string) => {
      if (values.json) stdout(`${JSON.stringify({ key, ...shown(record, nowMs) }, null, 2)}\n`);
      else stdout(`${key}\n`);
      const details = [
        `plan ${record.plan ?? "default"}`,
        record.expiresAt ? `expires ${record.expiresAt}` : "no expiry",
      ].join(", ");
      stderr(
        `${verb} ${record.id} "${record.name}" (${details}) in ${where}.\n` +
          "The key is shown only this once; store it now.\n",
      );
    };

    if (action === "create") {
      const { key, record } = await createKey({
        store,
        name: values.name!,
        ...(values.plan === undefined ? {} : { plan: values.plan }),
        ...(expiresAt === undefined ? {} : { expiresAt }),
      });
      printIssued(key, record, "Created");
    } else if (action === "list") {
      const records = await store.list();
      if (values.json) {
        stdout(
          `${JSON.stringify(
            records.map((record) => shown(record, nowMs)),
            null,
            2,
          )}\n`,
        );
      } else if (records.length === 0) {
        stderr(`No keys in ${where}.\n`);
      } else {
        stdout(`${table(records, nowMs)}\n`);
      }
    } else if (action === "revoke") {
      const before = (await store.list()).find((record) => record.id === id);
      if (before?.revoked) {
        stderr(
          `${before.id} "${before.name}" was already revoked (${before.revokedAt ?? "earlier"}).\n`,
        );
      } else {
        const record = await revokeKey({ store, id: id! });
        stderr(`Revoked ${record.id} "${record.name}" in ${where}.\n`);
      }
    } else if (action === "rotate") {
      const { key, record, previous } = await rotateKey({
        store,
        id: id!,
        ...(expiresAt === undefined ? {} : { expiresAt }),
      });
      printIssued(key, record, `Revoked ${previous.id} and created`);
    } else {
      if (!opened.file) throw new TypeError("keys migrate works on a key file: pass --file PATH");
      const format = await opened.file.format();
      if (format === "missing") throw new TypeError(`${where} does not exist`);
      const { migrated } = await opened.file.migrate();
      stderr(
        format === "legacy"
          ? `Migrated ${migrated} keys in ${where} to the JSON key file; plain keys were replaced by their hashes.\n`
          : `${where} is already a JSON key file; nothing to do.\n`,
      );
    }
    return 0;
  } catch (error) {
    if (isKeyStoreError(error)) {
      stderr(`domain-intel: ${error.message}\n`);
      return 1;
    }
    if (error instanceof TypeError) {
      stderr(`domain-intel: ${asFlagMessage(error.message)}\n`);
      return 2;
    }
    throw error;
  } finally {
    await opened?.close();
  }
}
