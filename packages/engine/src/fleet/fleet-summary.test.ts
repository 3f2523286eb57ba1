import { createEngine, type Engine, type Finding } from "@domain-intel/engine";
import {
  daysFromNow,
  engineGet,
  openApiResponseValidator,
  startWatchLab,
  type WatchLab,
  watchLabKey,
} from "@domain-intel/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const otherKey = "fleet-other-key-0002";

/** What the section's own findings say: ids failing and warning, each once at its worst. */
function countsOf(findings: readonly Finding[]) {
  const rank: Record<string, number> = { warn: 1, fail: 2 };
  const worst = new Map<string, number>();
  for (const { id, status } of findings)
    worst.set(id, Math.max(worst.get(id) ?? 0, rank[status] ?? 0));
  const values = [...worst.values()];
  return {
    fail: values.filter((value) => value === 2).length,
    warn: values.filter((value) => value === 1).length,
  };
}

function findingsIn(value: unknown, found: Finding[] = []): Finding[] {
  if (Array.isArray(value)) {
    for (const item of value) {
      if (item && typeof item === "object" && "id" in item && "status" in item && "message" in item)
        found.push(item as Finding);
      else findingsIn(item, found);
    }
  } else if (value && typeof value === "object") {
    for (const child of Object.values(value)) findingsIn(child, found);
  }
  return found;
}

describe("the fleet summary: GET /watch and GET /batch/{id}/summary", () => {
  let lab: WatchLab;
  let engine: Engine;

  beforeAll(async () => {
    lab = await startWatchLab();
    engine = createEngine({
      ...lab.options,
      keys: [watchLabKey, otherKey],
      // gone.test is in no zone and no registry: rows without a certificate or an expiry.
      watch: { domains: [lab.domain, "gone.test"] },
    });
  }, 30_000);
  afterAll(async () => {
    await engine?.close();
    await lab?.close();
  });

  it("answers a row a watched domain from history, and what changed between sweeps", async () => {
    const before = await engineGet(engine, "/api/v1/watch", watchLabKey);
    expect(before.status).toBe(200);
    expect(before.body.domains).toEqual([
      expect.objectContaining({ domain: lab.domain, certificate: null, latestChange: null }),
      expect.objectContaining({ domain: "gone.test", registration: null }),
    ]);
    // Nothing probed yet: nothing recorded.
    expect(before.body.domains[0].sections).toEqual({ whois: null, dns: null, ssl: null });

    await engine.sweep();
    const first = await engineGet(engine, "/api/v1/watch", watchLabKey);
    const row = first.body.domains[0];
    expect(first.body.sections).toEqual(["whois", "dns", "ssl"]);
    // The certificate the lab serves runs 200 days; its registration ends in 2099.
    expect(row.certificate.daysLeft).toBe(199);
    expect(row.registration).toMatchObject({ expiresAt: "2099-08-13T04:00:00.000Z" });
    // Each mark agrees with the findings of the section's own answer.
    for (const [index, domain] of [lab.domain, "gone.test"].entries()) {
      for (const section of ["whois", "dns", "ssl"]) {
        const answer = await engine.lookup(domain, section);
        const counts = countsOf(findingsIn(answer.data));
        const mark = first.body.domains[index].sections[section];
        expect(mark, `${domain} ${section}`).toMatchObject(counts);
        expect(mark.mark).toBe(counts.fail > 0 ? "fail" : counts.warn > 0 ? "warn" : "ok");
      }
    }
    expect(first.body.domains[1]).toMatchObject({ certificate: null, registration: null });
    expect(first.body.domains[1].sections.dns.mark).toBe("fail");
    expect(row.sections.dns.grade).toMatch(/^[A-F]$/);
    expect(row.latestChange).toBeNull();
    expect(first.body.changes).toEqual([]);

    const sweptAt = new Date().toISOString();
    await lab.issueCertificate({ notAfter: daysFromNow(20) });
    lab.setRegistrationExpiry(daysFromNow(10));
    await engine.sweep();
    const second = await engineGet(engine, "/api/v1/watch", watchLabKey);
    const changed = second.body.domains[0];
    expect(changed.certificate.daysLeft).toBe(19);
    expect(changed.registration.daysLeft).toBe(9);
    // Both expiring soon: each section's mark now warns.
    expect(changed.sections.ssl.mark).toBe("warn");
    expect(changed.sections.whois.mark).toBe("warn");
    expect(changed.sections.whois.recordedAt >= sweptAt).toBe(true);
    // The timeline holds exactly the history's changes, newest first, each with its domain.
    const { changes } = await engine.history(lab.domain);
    expect(second.body.changes).toHaveLength(changes.length);
    expect(second.body.changes.map((change: { at: string }) => change.at)).toEqual(
      changes
        .map((change) => change.at)
        .sort()
        .reverse(),
    );
    expect(
      second.body.changes.every((change: { domain: string }) => change.domain === lab.domain),
    ).toBe(true);
    expect(changed.latestChange).toEqual(changes.at(-1));
    expect(second.body.changes.map((change: { kind: string }) => change.kind)).toEqual(
      expect.arrayContaining(["certificate", "expiry", "check"]),
    );

    // `since` narrows the timeline to what happened from then on, not the rows.
    const later = await engineGet(engine, "/api/v1/watch?since=2999-01-01", watchLabKey);
    expect(later.body.changes).toEqual([]);
    expect(later.body.domains).toHaveLength(2);

    const validate = openApiResponseValidator(engine.openApiDocument);
    expect(validate("/watch", 200, second.body)).toEqual([]);
  }, 60_000);

  it("refuses a bad since, a wrong key and other methods, as the other routes do", async () => {
    const bad = await engineGet(engine, "/api/v1/watch?since=yesterday", watchLabKey);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "bad_request" });
    expect(bad.body.detail).toContain("since");
    const unknown = await engineGet(engine, "/api/v1/watch", "not-a-key");
    expect(unknown.status).toBe(401);
    const posted = await engine.handle({
      method: "POST",
      url: "/api/v1/watch",
      headers: { authorization: `Bearer ${watchLabKey}` },
    });
    expect(posted.status).toBe(405);
    expect(posted.headers.allow).toBe("GET, HEAD");
    expect((await engineGet(engine, "/api/v1/watch/x", watchLabKey)).status).toBe(404);
  });

  it("summarises a batch's domains for the key that made it, and for no other", async () => {
    const created = await engine.handle({
      method: "POST",
      url: "/api/v1/batch",
      headers: { authorization: `Bearer ${watchLabKey}`, "content-type": "application/json" },
      body: Buffer.from(JSON.stringify({ domains: [lab.domain], sections: ["ssl", "whois"] })),
    });
    expect(created.status).toBe(202);
    const { id } = JSON.parse(Buffer.from(created.body).toString("utf8"));
    for (let polls = 0; ; polls += 1) {
      const job = await engineGet(engine, `/api/v1/batch/${id}`, watchLabKey);
      if (job.body.status === "done") break;
      expect(polls, "the batch ends").toBeLessThan(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const summary = await engineGet(engine, `/api/v1/batch/${id}/summary`, watchLabKey);
    expect(summary.status).toBe(200);
    expect(summary.body.sections).toEqual(["ssl", "whois"]);
    expect(summary.body.domains.map((row: { domain: string }) => row.domain)).toEqual([lab.domain]);
    expect(Object.keys(summary.body.domains[0].sections)).toEqual(["ssl", "whois"]);
    expect(summary.body.domains[0].certificate.daysLeft).toBeGreaterThanOrEqual(0);
    const validate = openApiResponseValidator(engine.openApiDocument);
    expect(validate("/batch/{id}/summary", 200, summary.body)).toEqual([]);

    const other = await engineGet(engine, `/api/v1/batch/${id}/summary`, otherKey);
    expect(other.status).toBe(404);
    expect(other.body.code).toBe("not_found");
  }, 60_000);

  it("is not served without history, and documented with it", async () => {
    const off = createEngine({ ...lab.options, history: false, watch: { domains: [lab.domain] } });
    try {
      expect((await engineGet(off, "/api/v1/watch", watchLabKey)).status).toBe(404);
      expect(off.openApiDocument.paths?.["/watch"]).toBeUndefined();
      expect(off.openApiDocument.paths?.["/batch/{id}/summary"]).toBeUndefined();
    } finally {
      await off.close();
    }
    expect(engine.openApiDocument.paths?.["/watch"]?.get?.operationId).toBe("getWatchSummary");
    expect(engine.openApiDocument.paths?.["/batch/{id}/summary"]?.get?.operationId).toBe(
      "getBatchSummary",
    );
  });
});
