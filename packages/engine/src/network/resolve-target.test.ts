import {
  startDnsServer,
  type TestDnsServer,
  testProbeContext,
  zoneHandler,
} from "@domain-intel/test-kit";
import type * as packet from "dns-packet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveTarget, TargetResolutionError } from "./resolve-target.js";

const a = (name: string, data: string): packet.Answer => ({ type: "A", name, ttl: 60, data });
const aaaa = (name: string, data: string): packet.Answer => ({ type: "AAAA", name, ttl: 60, data });

let dns: TestDnsServer;

beforeAll(async () => {
  const zone = zoneHandler({
    // One public and one private address: a rebinding setup, or a leaked internal record.
    "mixed.test": [a("mixed.test", "93.184.215.14"), a("mixed.test", "10.0.0.1")],
    "mixed6.test": [
      aaaa("mixed6.test", "fd00::1"),
      aaaa("mixed6.test", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"),
    ],
    "dual.test": [aaaa("dual.test", "::1"), a("dual.test", "127.0.0.1")],
    "metadata.test": [a("metadata.test", "169.254.169.254")],
    "mapped.test": [aaaa("mapped.test", "::ffff:127.0.0.1"), aaaa("mapped.test", "64:ff9b::a00:1")],
    "public.test": [a("public.test", "1.1.1.1"), aaaa("public.test", "2606:4700:4700::1111")],
    "twice.test": [a("twice.test", "1.1.1.1"), a("twice.test", "1.1.1.1")],
  });
  dns = await startDnsServer((query, transport) =>
    query.questions?.[0]?.name === "broken.test"
      ? { type: "response", rcode: "SERVFAIL" }
      : zone(query, transport),
  );
});
afterAll(() => dns.close());

function context(allowPrivateAddresses: boolean) {
  return testProbeContext({ resolvers: [dns.address], allowPrivateAddresses });
}

describe("resolveTarget", () => {
  it("splits a name with one public and one private IPv4 address", async () => {
    const target = await resolveTarget({ host: "mixed.test", context: context(false) });

    expect(target.allowed.map((entry) => entry.address)).toEqual(["93.184.215.14"]);
    expect(target.refused).toEqual([
      { address: "10.0.0.1", family: 4, range: "private", public: false, embeddedIPv4: null },
    ]);
    expect(target.addresses.map((entry) => entry.address)).toEqual(["93.184.215.14", "10.0.0.1"]);
  });

  it("splits a name with one public and one private IPv6 address", async () => {
    const target = await resolveTarget({ host: "mixed6.test", context: context(false) });

    expect(target.allowed.map((entry) => entry.address)).toEqual([
      "2606:2800:21f:cb07:6820:80da:af6b:8b2c",
    ]);
    expect(target.refused).toMatchObject([{ address: "fd00::1", range: "uniqueLocal" }]);
  });

  it("refuses loopback in both families, IPv4 first", async () => {
    const target = await resolveTarget({ host: "dual.test", context: context(false) });

    expect(target.allowed).toEqual([]);
    expect(target.refused).toMatchObject([
      { address: "127.0.0.1", family: 4, range: "loopback" },
      { address: "::1", family: 6, range: "loopback" },
    ]);
  });

  it("allows every address when private addresses are allowed", async () => {
    const target = await resolveTarget({ host: "dual.test", context: context(true) });

    expect(target.allowed.map((entry) => entry.address)).toEqual(["127.0.0.1", "::1"]);
    expect(target.refused).toEqual([]);
  });

  it("refuses the cloud metadata address and IPv6 forms that embed private IPv4", async () => {
    const metadata = await resolveTarget({ host: "metadata.test", context: context(false) });
    const mapped = await resolveTarget({ host: "mapped.test", context: context(false) });

    expect(metadata.refused).toMatchObject([{ address: "169.254.169.254", range: "linkLocal" }]);
    expect(mapped.allowed).toEqual([]);
    expect(mapped.refused).toMatchObject([
      { address: "::ffff:127.0.0.1", range: "loopback", embeddedIPv4: "127.0.0.1" },
      { address: "64:ff9b::a00:1", range: "private", embeddedIPv4: "10.0.0.1" },
    ]);
  });

  it("keeps public addresses of both families and drops duplicates", async () => {
    const target = await resolveTarget({ host: "public.test", context: context(false) });
    const twice = await resolveTarget({ host: "twice.test", context: context(false) });

    expect(target.allowed.map((entry) => [entry.address, entry.family])).toEqual([
      ["1.1.1.1", 4],
      ["2606:4700:4700::1111", 6],
    ]);
    expect(twice.addresses.map((entry) => entry.address)).toEqual(["1.1.1.1"]);
  });

  it("judges an IP literal without a lookup", async () => {
    const before = dns.queries.length;
    const v4 = await resolveTarget({ host: "127.0.0.1", context: context(false) });
    const v6 = await resolveTarget({ host: "[::1]", context: context(true) });

    expect(v4).toMatchObject({ allowed: [], refused: [{ address: "127.0.0.1" }] });
    expect(v6).toMatchObject({ allowed: [{ address: "::1", family: 6 }], refused: [] });
    expect(dns.queries.length).toBe(before);
  });

  it("answers empty lists for a name without addresses", async () => {
    const target = await resolveTarget({ host: "missing.test", context: context(false) });

    expect(target).toEqual({ host: "missing.test", addresses: [], allowed: [], refused: [] });
  });

  it("rejects when the resolver fails, and on a bad host", async () => {
    await expect(resolveTarget({ host: "broken.test", context: context(false) })).rejects.toThrow();
    await expect(resolveTarget({ host: "", context: context(false) })).rejects.toThrow(TypeError);
  });
});

describe("resolveTarget within its time", () => {
  let silent: TestDnsServer;
  beforeAll(async () => {
    silent = await startDnsServer(() => ({ drop: true }));
  });
  afterAll(() => silent.close());

  it("leaves a silent resolver for the next one, inside its timeout", async () => {
    const started = performance.now();
    const target = await resolveTarget({
      host: "public.test",
      context: testProbeContext({ resolvers: [silent.address, dns.address], timeoutMs: 3000 }),
      timeoutMs: 800,
    });

    expect(target.addresses.map((entry) => entry.address)).toEqual([
      "1.1.1.1",
      "2606:4700:4700::1111",
    ]);
    expect(silent.queries.some((query) => query.name === "public.test")).toBe(true);
    // The silent one had half of the 800 ms, then the other answered at once.
    expect(performance.now() - started).toBeLessThan(700);
  });

  it("says what each resolver did when none answers, before the budget runs out", async () => {
    const started = performance.now();
    const attempt = resolveTarget({
      host: "broken.test",
      context: testProbeContext({ resolvers: [silent.address, dns.address], timeoutMs: 3000 }),
      timeoutMs: 600,
    });

    const error = await attempt.catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(TargetResolutionError);
    expect(error).toMatchObject({
      host: "broken.test",
      timedOut: false,
      attempts: [
        { resolver: silent.address, outcome: "timeout" },
        { resolver: dns.address, outcome: "ESERVFAIL" },
      ],
    });
    const [first] = (error as TargetResolutionError).attempts;
    // Half of the 600 ms each, give or take the millisecond spent before the first began.
    expect(first?.timeoutMs).toBeGreaterThan(290);
    expect(first?.timeoutMs).toBeLessThanOrEqual(300);
    expect((error as Error).message).toBe(
      `broken.test could not be resolved: ${silent.address} did not answer within ${first?.timeoutMs} ms; ${dns.address} answered SERVFAIL.`,
    );
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("takes no more than the budget leaves, less the answer reserve", async () => {
    const started = performance.now();
    const error = await resolveTarget({
      host: "public.test",
      context: testProbeContext({ resolvers: [silent.address], timeoutMs: 1000 }),
    }).catch((reason: unknown) => reason);

    expect(error).toMatchObject({ name: "TargetResolutionError", timedOut: true });
    // 1000 ms less the 100 ms answer reserve, less what passed before the lookup began.
    const [only] = (error as TargetResolutionError).attempts;
    expect(only?.timeoutMs).toBeGreaterThan(850);
    expect(only?.timeoutMs).toBeLessThanOrEqual(900);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
