import { createEngine, type Engine, memoryHistory } from "@domain-intel/engine";
import { engineGet, startWatchLab, type WatchLab, watchLabKey } from "@domain-intel/test-kit";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

describe("history of a domain's sections", () => {
  let lab: WatchLab;
  let engine: Engine;

  beforeAll(async () => {
    lab = await startWatchLab();
    engine = createEngine(lab.options);
  }, 30_000);
  afterAll(() => lab?.close());

  it("keeps a snapshot only when the meaningful content changes, and types the changes", async () => {
    const { domain } = lab;
    for (const section of ["whois", "dns"]) await engine.lookup(domain, section);
    // A probe run with nothing new (timings and fetch time differ) is no new snapshot.
    for (const section of ["whois", "dns"]) await engine.lookup(domain, section, { refresh: true });
    const quiet = await engine.history(domain);
    expect(quiet.snapshots.map((snapshot) => snapshot.section).sort()).toEqual(["dns", "whois"]);
    expect(quiet.changes).toEqual([]);

    lab.setNameservers(["ns1.moved.test", "ns2.moved.test"]);
    const dns = await engine.lookup(domain, "dns", { refresh: true });
    const whois = await engine.lookup(domain, "whois", { refresh: true });
    // A cache hit records nothing.
    await engine.lookup(domain, "dns");

    const history = await engine.history(domain);
    expect(history.snapshots).toHaveLength(4);
    expect(history.snapshots.at(-2)).toMatchObject({ section: "dns", fetchedAt: dns.fetchedAt });
    expect(history.snapshots.at(-1)).toMatchObject({
      section: "whois",
      fetchedAt: whois.fetchedAt,
    });
    expect(history.snapshots.at(-1)!.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    const nameservers = history.changes.filter((change) => change.kind === "nameservers");
    expect(nameservers).toEqual([
      {
        at: dns.fetchedAt,
        section: "dns",
        kind: "nameservers",
        path: "records.NS",
        before: [{ host: "ns1.watched.test" }, { host: "ns2.watched.test" }],
        after: [{ host: "ns1.moved.test" }, { host: "ns2.moved.test" }],
      },
      {
        at: whois.fetchedAt,
        section: "whois",
        kind: "nameservers",
        path: "nameservers",
        before: ["a.iana-servers.net", "b.iana-servers.net"],
        after: ["ns1.moved.test", "ns2.moved.test"],
      },
    ]);

    const answer = await engineGet(engine, `/api/v1/history/${domain.toUpperCase()}`, watchLabKey);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ domain, ...history });
  }, 30_000);

  it("keeps at most maxSnapshots per domain, the newest", async () => {
    const bounded = createEngine({ ...lab.options, history: { maxSnapshots: 2 } });
    lab.setNameservers(["ns1.a.test"]);
    await bounded.lookup(lab.domain, "dns");
    lab.setNameservers(["ns1.b.test"]);
    const second = await bounded.lookup(lab.domain, "dns", { refresh: true });
    lab.setNameservers(["ns1.c.test"]);
    const third = await bounded.lookup(lab.domain, "dns", { refresh: true });
    const { snapshots, changes } = await bounded.history(lab.domain);
    expect(snapshots.map((snapshot) => snapshot.fetchedAt)).toEqual([
      second.fetchedAt,
      third.fetchedAt,
    ]);
    expect(changes.map((change) => change.after)).toEqual([
      [{ host: "ns1.b.test" }],
      [{ host: "ns1.c.test" }],
    ]);
  }, 30_000);

  it("drops snapshots, changes and remembered thresholds older than maxAgeMs (fake clock)", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.parse("2026-11-01T00:00:00Z") });
    try {
      const store = memoryHistory();
      const limits = { maxSnapshots: 10, maxChanges: 10, maxAgeMs: 86_400_000 };
      const snapshot = (fetchedAt: string) => ({
        section: "dns",
        fetchedAt,
        digest: `sha256:${fetchedAt}`,
        content: {},
      });
      const change = (at: string) => ({
        at,
        section: "dns",
        kind: "field",
        path: "a",
        before: 1,
        after: 2,
      });
      await store.append("a.test", snapshot("2026-11-01T00:00:00.000Z"), [], limits);
      expect(await store.remember("a.test", "mark", 3_600_000)).toBe(true);
      expect(await store.remember("a.test", "mark", 3_600_000)).toBe(false);
      vi.setSystemTime(Date.parse("2026-11-01T12:00:00Z"));
      await store.append(
        "a.test",
        snapshot("2026-11-01T12:00:00.000Z"),
        [change("2026-11-01T12:00:00.000Z")],
        limits,
      );
      expect((await store.read("a.test", limits)).snapshots).toHaveLength(2);
      expect(await store.remember("a.test", "mark", 3_600_000)).toBe(true);
      vi.setSystemTime(Date.parse("2026-11-02T06:00:00Z"));
      expect(await store.read("a.test", limits)).toEqual({
        snapshots: [
          {
            section: "dns",
            fetchedAt: "2026-11-01T12:00:00.000Z",
            digest: "sha256:2026-11-01T12:00:00.000Z",
          },
        ],
        changes: [change("2026-11-01T12:00:00.000Z")],
      });
      vi.setSystemTime(Date.parse("2026-11-03T00:00:00Z"));
      expect(await store.read("a.test", limits)).toEqual({ snapshots: [], changes: [] });
      expect(await store.latest("a.test", "dns")).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps nothing with history: false, and has no history route then", async () => {
    const off = createEngine({ ...lab.options, history: false });
    await off.lookup(lab.domain, "dns");
    expect(await off.history(lab.domain)).toEqual({ snapshots: [], changes: [] });
    const answer = await engineGet(off, `/api/v1/history/${lab.domain}`, watchLabKey);
    expect(answer.status).toBe(404);
  });

  it("names the bad history option", () => {
    expect(() => createEngine({ ...lab.options, history: { maxSnapshots: 0 } })).toThrow(
      /options\.history\.maxSnapshots/,
    );
    expect(() => createEngine({ ...lab.options, history: { store: {} as never } })).toThrow(
      /options\.history\.store/,
    );
    // The route is the engine's own: a plugin cannot take its path.
    const route = {
      path: "/history",
      handle: () => ({ status: 204, headers: {}, body: new Uint8Array() }),
    };
    expect(() => createEngine({ ...lab.options, routes: [route] })).toThrow(/"\/history" is taken/);
  });
});
