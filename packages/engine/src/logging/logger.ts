/** Where the engine reports trouble it recovered from. Never receives key material. */
export interface Logger {
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** A pino logger, as far as the engine can tell: fields come first in its calls. */
interface PinoLike {
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
  child(bindings: object): unknown;
  levels: object;
}

function isPinoLike(logger: Logger): logger is Logger & PinoLike {
  const candidate = logger as unknown as Partial<PinoLike>;
  return typeof candidate.child === "function" && typeof candidate.levels === "object";
}

/**
 * The logger as the engine calls it. A pino logger is taken as it is: pino reads
 * `warn(message, fields)` as a format string and drops the fields, so its calls are turned
 * into `warn(fields, message)`.
 */
export function engineLogger(logger: Logger): Logger {
  if (!isPinoLike(logger)) return logger;
  return {
    warn: (message, fields) => logger.warn(fields ?? {}, message),
    error: (message, fields) => logger.error(fields ?? {}, message),
  };
}

export const consoleLogger: Logger = {
  warn: (message, fields) => console.warn(`[domain-intel] ${message}`, fields ?? ""),
  error: (message, fields) => console.error(`[domain-intel] ${message}`, fields ?? ""),
};

export const silentLogger: Logger = { warn: () => undefined, error: () => undefined };

export function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
