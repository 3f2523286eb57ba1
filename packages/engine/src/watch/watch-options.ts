import { Methods, type Static, Type } from "../contract/schema.js";
import type { SweepScheduler } from "./sweep-scheduler.js";

export const WatchOptionsSchema = Type.Object(
  {
    domains: Type.Optional(
      Type.Array(Type.String(), {
        expect: "an array of domain names",
        description: "Domains to watch.",
      }),
    ),
    file: Type.Optional(
      Type.String({
        minLength: 1,
        expect: "a file path",
        description:
          "A file of domains, one a line (`#` comments); read at each sweep when it has changed.",
      }),
    ),
    intervalMs: Type.Optional(
      Type.Integer({
        minimum: 1000,
        maximum: 31 * 86_400_000,
        expect: "an integer from 1000 (1 s) to 31 days",
        description:
          "Time between sweeps; each sweep spreads its domains over it. Without it, only `engine.sweep()` runs sweeps.",
      }),
    ),
    sections: Type.Optional(
      Type.Array(Type.String(), { description: "Sections re-checked. Default: every section." }),
    ),
    scheduler: Type.Optional(
      Methods<SweepScheduler>(["start", "stop"], {
        expect: "a SweepScheduler with start and stop",
        description:
          "Runs one sweep at a time. Default: `memorySweepScheduler()` (this process only).",
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      "Domains re-checked every `intervalMs` (one sweep at a time) or when `engine.sweep()` is called.",
  },
);

/** `watch`: domains re-checked on a schedule (`intervalMs`) or by `engine.sweep()`. */
export type WatchOptions = Static<typeof WatchOptionsSchema>;
