import { parseArgs } from "node:util";
import type { DeadLetter, DeliveryQueue } from "@domain-intel/engine";
import { bullmqDeliveryQueue } from "@domain-intel/redis";
import { closeRedis, connectRedis, redactRedisUrl } from "./redis-connection.js";
import { parseRedisUrl } from "./serve-settings-schema.js";
import { textTable } from "./text-table.js";

export const webhooksUsage = `Usage:
  domain-intel webhooks list [--limit N] [--json]   deliveries given up on, newest first (default 20)
  domain-intel webhooks retry ID...                 queue them again for a full set of attempts
  domain-intel webhooks retry --all                 every one listed by list --limit 10000
The deliveries of serve with REDIS_URL (and DOMAIN_INTEL_WEBHOOK_URL): a message is given up on
after its last attempt, or at once on a 4xx other than 408 and 429 or a refused address. Without
Redis they live in the serving process and are only logged ("webhook delivery failed").`;

export interface WebhooksCommandOptions {
  /** The arguments after `webhooks`. */
  readonly argv: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
  readonly stdout?: (text: string) => void;
  readonly stderr?: (text: string) => void;
}

function table(letters: readonly DeadLetter[]): string {
  const rows = [
    ["ID", "TYPE", "DOMAIN", "ATTEMPTS", "FAILED (UTC)", "REASON"],
    ...letters.map((letter) => [
      letter.message.id,
      letter.message.type,
      letter.message.domain,
      String(letter.attempts),
      letter.failedAt.slice(0, 19).replace("T", " "),
      letter.reason,
    ]),
  ];
  return textTable(rows);
}

/**
 * `domain-intel webhooks ...`: the dead letters of the webhook queue `serve` keeps in Redis,
 * listed or queued again. Resolves the exit code: 0, 1 when an id is not a dead letter, 2 for
 * bad usage.
 */
export async function webhooksCommand(options: WebhooksCommandOptions): Promise<number> {
  const stdout = options.stdout ?? ((text: string) => process.stdout.write(text));
  const stderr = options.stderr ?? ((text: string) => process.stderr.write(text));
  const env = options.env ?? process.env;
  const { positionals, values } = parseArgs({
    args: [...options.argv],
    allowPositionals: true,
    options: {
      limit: { type: "string" },
      all: { type: "boolean" },
      json: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  const [action, ...ids] = positionals;
  if (values.help) {
    stdout(`${webhooksUsage}\n`);
    return 0;
  }
  if (action !== "list" && action !== "retry") {
    stderr(
      `${action === undefined ? "webhooks needs a command" : `Unknown webhooks command "${action}"`}\n${webhooksUsage}\n`,
    );
    return 2;
  }
  if (action === "list" && (ids.length > 0 || values.all))
    throw new TypeError("webhooks list takes no ids and no --all");
  if (action === "retry" && (values.limit !== undefined || values.json))
    throw new TypeError("webhooks retry takes no --limit and no --json");
  if (action === "retry" && ids.length > 0 === Boolean(values.all))
    throw new TypeError("webhooks retry needs ids or --all (not both)");
  const limit = values.limit === undefined ? 20 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 10_000)
    throw new TypeError(`--limit: "${values.limit}" is not a number from 1 to 10000`);
  const url = env.REDIS_URL?.trim();
  if (!url)
    throw new TypeError(
      "webhooks needs REDIS_URL: without Redis, deliveries live in the serving process and those given up on are only logged",
    );
  // Fails fast when Redis is unreachable; BullMQ's own connections would wait for it forever.
  await closeRedis(await connectRedis({ url: parseRedisUrl(url) }));
  const queue: DeliveryQueue = bullmqDeliveryQueue({ connection: url });
  try {
    if (action === "list") {
      const letters = await queue.deadLetters({ limit });
      if (values.json) stdout(`${JSON.stringify(letters, null, 2)}\n`);
      else if (letters.length === 0)
        stderr(`No deliveries given up on in ${redactRedisUrl(url)}.\n`);
      else stdout(`${table(letters)}\n`);
      return 0;
    }
    const chosen = values.all
      ? (await queue.deadLetters({ limit: 10_000 })).map((letter) => letter.message.id)
      : ids;
    let missing = 0;
    for (const id of chosen) {
      if (await queue.retry(id)) stderr(`Queued ${id} again.\n`);
      else {
        missing += 1;
        stderr(`${id} is not a delivery given up on.\n`);
      }
    }
    if (chosen.length === 0) stderr("No deliveries given up on.\n");
    return missing > 0 ? 1 : 0;
  } finally {
    await queue.close();
  }
}
