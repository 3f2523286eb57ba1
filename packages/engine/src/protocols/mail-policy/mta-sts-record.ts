/**
 * The `id=` of an `_mta-sts` TXT record when it is valid (RFC 8461 3.1: 1 to 32 letters and
 * digits), else null: without it senders ignore the record and fetch no policy. The dns and
 * mail sections both read the record through this, so they give it one verdict.
 */
export const mtaStsRecordId = (record: string): string | null =>
  /(?:^|;)\s*id=([A-Za-z0-9]{1,32})\s*(?:;|$)/.exec(record)?.[1] ?? null;
