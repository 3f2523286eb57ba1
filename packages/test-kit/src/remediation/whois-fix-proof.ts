import { type Remediation, whoisProbe } from "@domain-intel/engine";
import { testProbeContext } from "../engine/probe-context.js";
import { rdapDomainExample, startRdapServer } from "../rdap/rdap-server.js";
import type { FixProof } from "./fix-proof.js";
import { expectStepNamed, stepRemediationOf } from "./step-proof.js";

/**
 * What a registry holds for a registration, as its RDAP server answers it: the statuses and the
 * expiry. A registrar's renewal or restore changes exactly this.
 */
export interface RegistryEntry {
  readonly statuses: readonly string[];
  readonly expiresAt: Date;
}

/** A broken registration: the registry's entry, from the time the proof starts. */
export interface WhoisProofCase {
  readonly entry: (now: number) => RegistryEntry;
}

const domain = "renewal.test";
/** A loopback address where nothing listens on port 43: WHOIS there is refused at once. */
const closedWhois = "127.0.43.9";
const registrar = "Example Registrar, Inc.";
const yearMs = 365 * 86_400_000;

/** The registry's RDAP answer for the entry (the example answer's registrar and contacts). */
const answer = (entry: RegistryEntry) => ({
  ...rdapDomainExample(),
  ldhName: domain.toUpperCase(),
  status: [...entry.statuses],
  events: [
    { eventAction: "registration", eventDate: "2016-10-05T14:22:31Z" },
    { eventAction: "expiration", eventDate: entry.expiresAt.toISOString() },
  ],
});

/**
 * The registry's entry after the registrar carried out the steps: a restore (RFC 3915) takes
 * the name out of redemption, a renewal adds a year to the expiry (ICANN's ERRP: from the
 * expiry date, not from today). Each step is read from the remediation's words, which must name
 * the registrar and the expiry the registry holds.
 */
export function carryOutRegistrarSteps(
  id: string,
  remediation: Remediation,
  entry: RegistryEntry,
): RegistryEntry {
  const steps = remediation.steps ?? [];
  let next = entry;
  if (
    steps.some((step) => step.startsWith(`Ask ${registrar}`) && /\brestore the name\b/.test(step))
  )
    next = {
      ...next,
      statuses: next.statuses.filter(
        (status) => status !== "pending delete" && status !== "redemption period",
      ),
    };
  const renewal = steps.some(
    (step) =>
      step.startsWith(`Renew at ${registrar}`) || /^After the restore, renew it\b/.test(step),
  );
  if (renewal) next = { ...next, expiresAt: new Date(next.expiresAt.getTime() + yearMs) };
  if (next === entry) throw new Error(`${id}: no step a registrar could carry out: ${steps}`);
  return next;
}

/**
 * Serves the registration from a loopback RDAP registry, takes the whois section's remediation
 * of `id` (steps at the registrar), carries them out on the registry's entry, and asks again.
 */
export async function proveWhoisFix(id: string, proof: WhoisProofCase): Promise<FixProof> {
  let entry = proof.entry(Date.now());
  const rdap = await startRdapServer((path) =>
    path === `/domain/${domain}`
      ? { status: 200, json: answer(entry) }
      : { status: 404, json: { errorCode: 404, title: "Not Found" } },
  );
  try {
    const probe = whoisProbe({
      bootstrap: {
        version: "1.0",
        publication: "2026-11-01T00:00:00Z",
        services: [[["test"], [rdap.baseUrl]]],
      },
      whoisHints: { test: closedWhois },
    });
    const ask = async () =>
      (await probe.run(domain, testProbeContext({ timeoutMs: 8000 }))).findings;
    const before = await ask();
    const remediation = stepRemediationOf(before, id);
    expectStepNamed(id, remediation, [registrar]);
    entry = carryOutRegistrarSteps(id, remediation, entry);
    return { id, before, remediation, after: await ask() };
  } finally {
    await rdap.close();
  }
}
