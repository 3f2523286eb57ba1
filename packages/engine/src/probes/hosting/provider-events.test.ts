import { createEngine, type DomainEvent, silentLogger } from "@domain-intel/engine";
import { ipDataFromCsv } from "@domain-intel/ip-data";
import { noBuiltInProbes, startDnsServer, until, zoneHandler } from "@domain-intel/test-kit";
import type * as packet from "dns-packet";
import { afterEach, describe, expect, it } from "vitest";

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0)) await close();
});

const mx = (exchange: string): packet.Answer => ({
  type: "MX",
  name: "shop.test",
  ttl: 60,
  data: { preference: 10, exchange },
});

describe("provider.changed", () => {
  it("is emitted when a role's providers change, with the evidence, and not when nothing did", async () => {
    const zone: Record<string, packet.Answer[]> = {
      "shop.test": [mx("aspmx.l.google.com")],
    };
    const dns = await startDnsServer(zoneHandler(zone));
    cleanups.push(() => dns.close());
    const engine = createEngine({
      keys: ["k"],
      logger: silentLogger,
      probes: { ...noBuiltInProbes, hosting: undefined },
      network: { resolvers: [dns.address], allowPrivateAddresses: true, timeoutMs: 3000 },
      hosting: { asnSource: ipDataFromCsv({ source: "none", asn: [], country: [] }) },
    });
    cleanups.push(() => engine.close());
    const heard: DomainEvent[] = [];
    engine.on("provider.changed", (event) => {
      heard.push(event);
    });
    await engine.lookup("shop.test", "hosting", { refresh: true });
    await engine.lookup("shop.test", "hosting", { refresh: true });
    expect(heard).toEqual([]);

    zone["shop.test"] = [mx("shop-test.mail.protection.outlook.com")];
    await engine.lookup("shop.test", "hosting", { refresh: true });
    await until(() => heard.length > 0, "the provider.changed event");
    expect(heard).toEqual([
      {
        type: "provider.changed",
        domain: "shop.test",
        at: expect.any(String),
        data: {
          role: "mail",
          before: ["Google Workspace"],
          after: ["Microsoft 365"],
          evidence: {
            "Microsoft 365": [
              {
                kind: "mx-suffix",
                observed: "shop-test.mail.protection.outlook.com",
                rule: "mail.protection.outlook.com",
              },
            ],
          },
        },
      },
    ]);
    const history = await engine.history("shop.test");
    expect(history.changes.filter((change) => change.kind === "provider")).toMatchObject([
      { section: "hosting", path: "providers.mail" },
    ]);
  });
});
