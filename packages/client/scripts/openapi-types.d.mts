/** TypeScript declarations (`paths`, `components`, `operations`) for `document`. */
export function typesOf(document: unknown): Promise<string>;
