/**
 * The one method the stores need: send a command, get its reply. ioredis clients have it
 * (`client.call`); for node-redis pass `{ call: (...args) => client.sendCommand(args.map(String)) }`.
 */
export interface RedisCommandClient {
  call(command: string, ...args: (string | number)[]): Promise<unknown>;
}

export function checkClient(
  factory: string,
  client: unknown,
): asserts client is RedisCommandClient {
  if (
    typeof client !== "object" ||
    client === null ||
    typeof (client as RedisCommandClient).call !== "function"
  ) {
    throw new TypeError(
      `${factory}: options.client must be a Redis client with call(command, ...args) (ioredis)`,
    );
  }
}

export function checkPrefix(factory: string, prefix: unknown): string {
  if (prefix === undefined) return "domain-intel:";
  if (typeof prefix !== "string" || prefix.length === 0 || prefix.length > 128) {
    throw new TypeError(
      `${factory}: options.prefix must be a non-empty string of at most 128 characters`,
    );
  }
  return prefix;
}
