import { createEngine, type DomainEvent } from "@domain-intel/engine";
import {
  daysFromNow,
  type RedisClients,
  redisClients,
  startRedisServer,
  startWatchLab,
  type TestRedisServer,
  type WatchLab,
} from "@domain-intel/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisCache, redisHistory } from "./index.js";

let redis: TestRedisServer;
let lab: WatchLab;
let clients: RedisClients;
const client = () => clients.client();

beforeAll(async () => {
  [redis, lab] = await Promise.all([startRedisServer(), startWatchLab()]);
  clients = redisClients(redis);
}, 30_000);
afterAll(async () => {
  await clients?.closeAll();
  await Promise.all([redis?.stop(), lab?.close()]);
});

describe("redisHistory", () => {
  it("shares snapshots, changes and crossed thresholds between two engines", async () => {
    const make = async () => {
      const shared = await client();
      const engine = createEngine({
        ...lab.options,
        cache: redisCache({ client: shared, prefix: "h1:" }),
        history: { store: redisHistory({ client: shared, prefix: "h1:" }), maxSnapshots: 3 },
        watch: { domains: [lab.domain], sections: ["whois"] },
      });
      const heard: DomainEvent[] = [];
      engine.on("*", (event) => {
        heard.push(event);
      });
      return { engine, heard };
    };
    const first = await make();
    const second = await make();
    await first.engine.sweep();
    lab.setRegistrationExpiry(daysFromNow(20));
    // Each instance probes again; only one of them announces the threshold.
    await first.engine.sweep();
    await second.engine.sweep();
    const expiring = [...first.heard, ...second.heard].filter(
      (event) => event.type === "domain.expiring",
    );
    expect(expiring.map((event) => event.data.thresholdDays)).toEqual([30]);

    const history = await second.engine.history(lab.domain);
    expect(history).toEqual(await first.engine.history(lab.domain));
    expect(history.snapshots).toHaveLength(2);
    expect(history.changes.filter((change) => change.kind === "expiry")).toEqual([
      expect.objectContaining({
        section: "whois",
        path: "expiresAt",
        before: "2099-08-13T04:00:00.000Z",
      }),
    ]);
    // The count bound holds on Redis too.
    for (const days of [40, 50, 60]) {
      lab.setRegistrationExpiry(daysFromNow(days));
      await first.engine.sweep();
    }
    expect((await second.engine.history(lab.domain)).snapshots).toHaveLength(3);
  }, 30_000);
});
