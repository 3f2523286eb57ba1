import type { Finding } from "@domain-intel/engine";
import { assessInLab, type LabWorldContext, type LabWorldOptions } from "../dns/dns-lab-world.js";
import { applyDnsRecords, applyRegistrar, changesOf } from "./apply-changes.js";
import { type FixProof, remediationOf } from "./fix-proof.js";
import { inNamespaceVariable, proveInNamespace } from "./namespace-proof.js";
import { type SignerRun, signerRunOf } from "./signer-run.js";
import { expectStepNamed, type StepProof, stepRemediationOf } from "./step-proof.js";

type DnsWorld = LabWorldOptions &
  Pick<Parameters<typeof assessInLab>[0] & {}, "name" | "probe" | "network">;

/**
 * A budget and a time a try (UDP, or a TCP exchange) that hold at a load of 20: the lab's 5 s
 * and the probe's 2 s a try at the most do not. Cases with a silent server set shorter tries.
 */
const roomy = { timeoutMs: 12_000 };
const roomyTries = { tryTimeoutMs: 4000 };

const isAtOrBelow = (name: string, apex: string) => {
  const bare = name.toLowerCase().replace(/\.$/, "");
  return bare === apex.toLowerCase() || bare.endsWith(`.${apex.toLowerCase()}`);
};

/**
 * The world after the signer's run: the zone signed again from its records with the run's
 * window and denial, and that one signed copy loaded on every server (what was changed after
 * signing, on one server or all, is gone; each server's behaviour stays).
 */
function resigned(world: DnsWorld, run: SignerRun): DnsWorld {
  const servers = Object.fromEntries(
    Object.entries(world.servers ?? {}).map(([index, variant]) => [
      index,
      { behaviour: variant?.behaviour },
    ]),
  );
  const { childSigned: _dropped, ...rest } = world;
  return { ...rest, servers, signatureWindow: run.signatureWindow, denial: run.denial };
}

/** A broken DNS world for one check: the lab world's hooks break it, `parameters` fill the fix. */
export interface DnsProofCase {
  readonly world: DnsWorld;
  /** The values the user would supply, from the broken world (a server the lab runs...). */
  readonly parameters?:
    | Readonly<Record<string, string>>
    | ((world: LabWorldContext) => Readonly<Record<string, string>>);
  /**
   * For a fix in words: the world once its steps are carried out on the name servers, signer or
   * parent (then served again with the same addresses; with the same keys unless `newKeys`), and
   * the words that must name that change.
   */
  readonly step?: StepProof<DnsWorld> & { readonly newKeys?: boolean };
  /** The fix is a run of the signer: the proof runs the command its steps carry. */
  readonly signer?: boolean;
  /** Addresses the worlds need beyond loopback's: the proof runs in a network namespace. */
  readonly namespace?: readonly string[];
}

/**
 * Serves the broken world, takes the dns section's remediation of `id`, applies its record
 * changes to the zone (re-signed by the lab) and its registrar changes to the parent zone (or,
 * for a fix in words, serves the world its steps make), and serves the world again (same
 * addresses, same keys).
 */
export async function proveDnsFix(id: string, proof: DnsProofCase): Promise<FixProof> {
  if (proof.namespace && !process.env[inNamespaceVariable])
    return proveInNamespace("dns", id, proof.namespace);
  const first = await assessInLab({
    ...proof.world,
    network: { ...roomy, ...proof.world.network },
    probe: { ...roomyTries, ...proof.world.probe },
  });
  const before: Finding[] = first.data.health.checks;
  // A signer's run is steps only, but mechanical: its command is read and run.
  const remediation =
    proof.step || proof.signer ? stepRemediationOf(before, id) : remediationOf(before, id);
  if (proof.step) expectStepNamed(id, remediation, proof.step.names);
  const values =
    typeof proof.parameters === "function"
      ? proof.parameters(first.world)
      : (proof.parameters ?? {});
  const records = changesOf(remediation, "dns-record", values);
  const registrar = changesOf(remediation, "registrar", values);
  const unapplied = remediation.changes.filter(
    (change) =>
      change.kind !== "dns-record" && change.kind !== "registrar" && change.kind !== "file",
  );
  if (unapplied.length > 0) throw new Error(`${id}: no DNS applier for ${unapplied[0]!.kind}`);
  const { world } = first;
  const run = proof.signer ? signerRunOf(remediation, world.domain) : null;
  if (proof.signer && !run) throw new Error(`${id}: the remediation carries no signer command`);
  const next = proof.step?.world ?? (run ? resigned(proof.world, run) : proof.world);
  const zone = next.child;
  const parent = next.parentZone;
  // A change owned in one of the extra zones (a report service's...) is made there.
  const extraZones = (next.extraZones ?? []).map((extra) => ({
    ...extra,
    records: applyDnsRecords(
      extra.records,
      records.filter((change) => isAtOrBelow(change.owner, extra.apex)),
    ),
  }));
  const own = records.filter(
    (change) => !extraZones.some((extra) => isAtOrBelow(change.owner, extra.apex)),
  );
  const second = await assessInLab({
    ...next,
    network: { ...roomy, ...next.network },
    probe: { ...roomyTries, ...next.probe },
    block: world.block,
    keys: proof.step?.newKeys ? undefined : world,
    extraZones,
    child: (served, context) => applyDnsRecords(zone ? zone(served, context) : served, own),
    parentZone: (served, context) =>
      applyRegistrar(parent ? parent(served, context) : served, registrar, world.domain),
    // The registry publishes a registrar change on every server of the parent.
    ...(next.secondParent
      ? {
          secondParent: (
            served: Parameters<NonNullable<DnsWorld["secondParent"]>>[0],
            context: LabWorldContext,
          ) => applyRegistrar(next.secondParent!(served, context), registrar, world.domain),
        }
      : {}),
  });
  return { id, before, remediation, after: second.data.health.checks };
}
