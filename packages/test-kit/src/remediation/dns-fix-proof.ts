import type { Finding } from "@domain-intel/engine";
import { assessInLab, type LabWorldOptions } from "../dns/dns-lab-world.js";
import { applyDnsRecords, applyRegistrar, changesOf } from "./apply-changes.js";
import { type FixProof, remediationOf } from "./fix-proof.js";

const isAtOrBelow = (name: string, apex: string) => {
  const bare = name.toLowerCase().replace(/\.$/, "");
  return bare === apex.toLowerCase() || bare.endsWith(`.${apex.toLowerCase()}`);
};

/** A broken DNS world for one check: the lab world's hooks break it, `parameters` fill the fix. */
export interface DnsProofCase {
  readonly world: LabWorldOptions & { name?: string };
  readonly parameters?: Readonly<Record<string, string>>;
}

/**
 * Serves the broken world, takes the dns section's remediation of `id`, applies its record
 * changes to the zone (re-signed by the lab) and its registrar changes to the parent zone, and
 * serves the same world (same keys, same addresses) again.
 */
export async function proveDnsFix(id: string, proof: DnsProofCase): Promise<FixProof> {
  const first = await assessInLab(proof.world);
  const before: Finding[] = first.data.health.checks;
  const remediation = remediationOf(before, id);
  const values = proof.parameters ?? {};
  const records = changesOf(remediation, "dns-record", values);
  const registrar = changesOf(remediation, "registrar", values);
  const unapplied = remediation.changes.filter(
    (change) =>
      change.kind !== "dns-record" && change.kind !== "registrar" && change.kind !== "file",
  );
  if (unapplied.length > 0) throw new Error(`${id}: no DNS applier for ${unapplied[0]!.kind}`);
  const { world } = first;
  const zone = proof.world.child;
  const parent = proof.world.parentZone;
  // A change owned in one of the extra zones (a report service's...) is made there.
  const extraZones = (proof.world.extraZones ?? []).map((extra) => ({
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
    ...proof.world,
    block: world.block,
    keys: world,
    extraZones,
    child: (served, context) => applyDnsRecords(zone ? zone(served, context) : served, own),
    parentZone: (served, context) =>
      applyRegistrar(parent ? parent(served, context) : served, registrar, world.domain),
  });
  return { id, before, remediation, after: second.data.health.checks };
}
