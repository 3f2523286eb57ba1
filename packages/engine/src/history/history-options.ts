import { Methods, type Static, Type } from "../contract/schema.js";
import type { HistoryLimits, HistoryStore } from "./history-store.js";

const day = 86_400_000;

const limit = (maximum: number, description: string) =>
  Type.Optional(Type.Integer({ minimum: 1, maximum, description }));

export const HistoryOptionsSchema = Type.Union(
  [
    Type.Literal(false),
    Type.Object(
      {
        store: Type.Optional(
          Methods<HistoryStore>(["latest", "append", "read", "remember"], {
            expect: "a HistoryStore with latest, append, read and remember",
            description:
              "Where snapshots and changes are kept. Default: in memory (`memoryHistory()`).",
          }),
        ),
        maxSnapshots: limit(
          100_000,
          "Snapshots kept per domain, all sections together. Default 200.",
        ),
        maxChanges: limit(1_000_000, "Changes kept per domain. Default 1000."),
        maxAgeMs: limit(
          3650 * day,
          "Snapshots and changes older than this are dropped. Default 90 days.",
        ),
      },
      { additionalProperties: false },
    ),
  ],
  {
    expect: "false or an object",
    description:
      "Snapshots of each section a probe run produced and what changed between them (`GET /history/{domain}`). On by default, in memory; `false` keeps none.",
  },
);

/** `history`: on by default, in memory unless a store is given. `false` keeps none. */
export type HistoryOptions = Exclude<Static<typeof HistoryOptionsSchema>, false>;

export function historyLimits(options: HistoryOptions): HistoryLimits {
  return {
    maxSnapshots: options.maxSnapshots ?? 200,
    maxChanges: options.maxChanges ?? 1000,
    maxAgeMs: options.maxAgeMs ?? 90 * day,
  };
}
