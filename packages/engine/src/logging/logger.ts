/** Where the engine reports trouble it recovered from. Never receives key material. */
export interface Logger {
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export const consoleLogger: Logger = {
  warn: (message, fields) => console.warn(`[domain-intel] ${message}`, fields ?? ""),
  error: (message, fields) => console.error(`[domain-intel] ${message}`, fields ?? ""),
};

export const silentLogger: Logger = { warn: () => undefined, error: () => undefined };

export function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
