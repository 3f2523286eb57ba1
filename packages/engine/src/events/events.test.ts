import { randomBytes } from "node:crypto";
import { createEngine, type DomainEvent, type Engine } from "@domain-intel/engine";
import {
  daysFromNow,
  startWatchLab,
  startWebhookReceiver,
  until,
  type WatchLab,
  type WebhookReceiver,
} from "@domain-intel/test-kit";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const secret = `whsec_${randomBytes(32).toString("base64")}`;

describe("watch sweeps, events and signed webhooks", () => {
  let lab: WatchLab;
  let receiver: WebhookReceiver;
  let engine: Engine;
  const heard: DomainEvent[] = [];

  beforeAll(async () => {
    lab = await startWatchLab();
    // Every delivery fails twice before the endpoint takes it.
    receiver = await startWebhookReceiver({ statuses: [500, 500] });
    engine = createEngine({
      ...lab.options,
      watch: { domains: [lab.domain] },
      webhooks: { url: receiver.url, secret, backoffMs: 20 },
    });
    engine.on("*", (event) => {
      heard.push(event);
    });
  }, 30_000);
  afterAll(async () => {
    await engine?.close();
    await receiver?.close();
    await lab?.close();
  });

  it("emits exactly the changes and thresholds crossed between sweeps, once each", async () => {
    const first = await engine.sweep();
    expect(first).toMatchObject({ domains: 1, checked: 3, failed: 0 });
    expect(heard).toEqual([]);

    lab.setNameservers(["ns1.moved.test", "ns2.moved.test"]);
    const fingerprint = await lab.issueCertificate({ notAfter: daysFromNow(20) });
    lab.setRegistrationExpiry(daysFromNow(10));
    await engine.sweep();
    const types = heard.map((event) => `${event.type} ${event.data.section}`).sort();
    expect(types).toEqual([
      "certificate.changed ssl",
      "certificate.expiring ssl",
      "domain.expiring whois",
      "finding.changed ssl",
      "finding.changed whois",
      "nameservers.changed dns",
      "nameservers.changed whois",
    ]);
    const byType = (type: string) => heard.find((event) => event.type === type)!;
    expect(byType("certificate.changed").data.after).toBe(fingerprint);
    expect(byType("certificate.expiring").data).toMatchObject({ thresholdDays: 30, daysLeft: 19 });
    expect(byType("domain.expiring").data).toMatchObject({ thresholdDays: 14, daysLeft: 9 });
    expect(
      heard.filter((event) => event.type === "finding.changed").map((event) => event.data),
    ).toEqual(
      expect.arrayContaining([
        { section: "ssl", id: "ssl.cert.expiring-soon", before: "pass", after: "warn" },
        { section: "whois", id: "whois.domain.expiring-soon", before: "pass", after: "warn" },
      ]),
    );
    for (const event of heard) expect(event.domain).toBe(lab.domain);

    // The history of the second sweep: exactly these named changes; the rest of the new
    // certificate (serial, dates, chain and endpoint copies) as plain fields.
    const { changes } = await engine.history(lab.domain);
    const named = changes.filter((change) => change.kind !== "field");
    expect(named.map((change) => `${change.section} ${change.kind} ${change.path}`).sort()).toEqual(
      [
        "dns nameservers records.NS",
        "ssl certificate certificate.fingerprint256",
        "ssl check findings.ssl.cert.expiring-soon",
        "ssl expiry certificate.notAfter",
        "whois check findings.whois.domain.expiring-soon",
        "whois expiry expiresAt",
        "whois nameservers nameservers",
      ],
    );
    const fields = changes.filter((change) => change.kind === "field");
    expect(fields.map((change) => change.path)).toContain("certificate.serialNumber");
    for (const field of fields) {
      expect(field.section).toBe("ssl");
      expect(field.path).toMatch(/^(?:certificate|chain\.0|endpoints\.0)\./);
    }
    // Nothing changed, no threshold newly crossed: no event.
    await engine.sweep();
    expect(heard).toHaveLength(7);
    // The registration moving within 7 days crosses one more threshold.
    lab.setRegistrationExpiry(daysFromNow(6));
    await engine.sweep();
    expect(heard.slice(7).map((event) => [event.type, event.data.thresholdDays])).toEqual([
      ["domain.expiring", 7],
    ]);
  }, 60_000);

  it("signs every delivery, retries a 5xx with the same id, and delivers each event", async () => {
    const delivered = () => receiver.received.filter((r) => r.answered === 200);
    await until(() => delivered().length === heard.length, "every event delivered", 10_000);
    const verifier = new Webhook(secret);
    for (const request of receiver.received) {
      // An independent check of the signature: the standardwebhooks package's own verify.
      expect(verifier.verify(request.body, request.headers)).toEqual(JSON.parse(request.body));
      expect(request.headers["content-type"]).toBe("application/json");
    }
    // Each event: 500, 500, then 200, under one id.
    const answers = new Map<string, number[]>();
    for (const request of receiver.received) {
      const id = request.headers["webhook-id"]!;
      answers.set(id, [...(answers.get(id) ?? []), request.answered]);
    }
    expect([...answers.values()]).toEqual(Array.from({ length: 8 }, () => [500, 500, 200]));
    expect(heard).toHaveLength(8);
    expect(new Set(receiver.received.map((r) => r.headers["webhook-id"])).size).toBe(8);
    const bodies = delivered().map((r) => JSON.parse(r.body) as DomainEvent);
    expect(bodies.sort(byTypeAndSection)).toEqual([...heard].sort(byTypeAndSection));
  }, 20_000);

  it("re-reads the watch file when it changes", async () => {
    const { mkdtemp, writeFile } = await import("node:fs/promises");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const file = join(await mkdtemp(join(tmpdir(), "watch-")), "domains.txt");
    await writeFile(file, `# watched\n${lab.domain}\n`);
    const watching = createEngine({ ...lab.options, watch: { file, sections: ["dns"] } });
    expect(await watching.sweep()).toMatchObject({ domains: 1, checked: 1 });
    await writeFile(file, `${lab.domain}\nWATCHED.test.\nother.watched.test\n`);
    expect(await watching.sweep()).toMatchObject({ domains: 2, checked: 2 });
  }, 30_000);
});

const byTypeAndSection = (a: DomainEvent, b: DomainEvent) =>
  `${a.type} ${a.data.section} ${a.at}`.localeCompare(`${b.type} ${b.data.section} ${b.at}`);
