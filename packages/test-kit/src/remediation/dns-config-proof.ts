import type { DnsProbeOptions, Finding } from "@domain-intel/engine";
import type * as packet from "dns-packet";
import {
  type BindOptions,
  bindBehaviour,
  notifiesSecondaries,
  readBindOptions,
  setBindOptions,
} from "../dns/bind-options.js";
import { assessInLab, type LabWorldContext, type ServerVariant } from "../dns/dns-lab-world.js";
import type { AuthoritativeBehaviour } from "../dns/dns-zone-handlers.js";
import { letsDnsThrough, readFirewall } from "../dns/nft-firewall.js";
import { configurationSteps } from "./configuration-steps.js";
import type { FixProof } from "./fix-proof.js";
import { stepRemediationOf } from "./step-proof.js";

type Records = packet.Answer[];

/** One lab name server as its operator configured it (BIND), and what its software does. */
export interface LabServerConfig {
  /** The body of `named.conf`'s `options { }`. */
  readonly named?: string;
  /** The `nft` lines run on the server, in order. */
  readonly firewall?: readonly string[];
  /** The version string the software answers unless `version` hides it. */
  readonly software?: string;
  /** What the software does wrong that no setting causes (truncating, broken cookies). */
  readonly faults?: AuthoritativeBehaviour;
  /** A secondary's own copy of the zone, until it transfers the primary's (server 0's). */
  readonly copy?: (records: Records, world: LabWorldContext) => Records;
}

/** A broken world made of configured servers: the fix's lines are set on them. */
export interface DnsConfigProofCase {
  readonly servers: Readonly<Partial<Record<number, LabServerConfig>>>;
  readonly probe?: Omit<DnsProbeOptions, "authoritativePort">;
}

/** The lab's servers: server 0 is the primary (the SOA's MNAME), 1 and 2 its secondaries. */
const indices = [0, 1, 2];

interface ServerState {
  named: BindOptions;
  firewall: string[];
  retransferred: boolean;
  config: LabServerConfig;
}

const serialOf = (records: Records) =>
  (records.find((record) => record.type === "SOA")?.data as packet.SoaData | undefined)?.serial ??
  0;

/** The lab world's server variants for the servers in `states`. */
function variants(states: ServerState[]): Record<number, ServerVariant> {
  const notify = notifiesSecondaries(states[0]!.named);
  return Object.fromEntries(
    states.map((state, index): [number, ServerVariant] => {
      const chain = readFirewall(state.firewall);
      const { copy } = state.config;
      return [
        index,
        {
          behaviour: {
            ...state.config.faults,
            ...bindBehaviour(state.named, state.config.software),
            dropUdp: !letsDnsThrough(chain, "udp"),
            closeTcp: !letsDnsThrough(chain, "tcp"),
          },
          // A secondary keeps its copy unless it transferred the primary's: retransferred by
          // hand, or NOTIFYed with a newer serial (RFC 1996 3.11).
          ...(copy && !state.retransferred
            ? {
                zone: (records: Records, world: LabWorldContext) => {
                  const own = copy(records, world);
                  return notify && serialOf(own) < serialOf(records) ? records : own;
                },
              }
            : {}),
        },
      ];
    }),
  );
}

/** Which servers a step's `where` names: the primary, the secondaries, or every server. */
const targets = (where: string) =>
  /\bprimary\b/.test(where) ? [0] : /\bsecondar(y|ies)\b/.test(where) ? indices.slice(1) : indices;

/** Carries out `rndc` commands on a lab server of `zone`; any other command is an error. */
function runRndc(state: ServerState, command: string, zone: string) {
  const match = /^rndc retransfer (\S+)$/.exec(command.trim());
  if (!match) throw new Error(`the lab runs no "${command}"`);
  if (match[1] !== zone) throw new Error(`rndc: no zone ${match[1]} on this server`);
  state.retransferred = true;
}

/**
 * Serves the world the configured servers make, takes the dns section's remediation of `id`,
 * sets its BIND lines and runs its BIND and nft commands on the servers each step names (the
 * lab's servers read BIND; the other servers' lines are left), and asks again.
 */
export async function proveDnsConfigFix(id: string, proof: DnsConfigProofCase): Promise<FixProof> {
  const states: ServerState[] = indices.map((index) => {
    const config = proof.servers[index] ?? {};
    return {
      config,
      named: readBindOptions(config.named ?? ""),
      firewall: [...(config.firewall ?? [])],
      retransferred: false,
    };
  });
  const probe = { tryTimeoutMs: 4000, ...proof.probe };
  const network = { timeoutMs: 12_000 };
  const first = await assessInLab({ servers: variants(states), probe, network });
  const before: Finding[] = first.data.health.checks;
  const remediation = stepRemediationOf(before, id);
  const steps = configurationSteps(remediation).filter(
    (step) => step.software === "BIND" || step.software === "nftables",
  );
  if (steps.length === 0) throw new Error(`${id}: no BIND or nft step in ${remediation.steps}`);
  for (const step of steps) {
    for (const index of targets(step.where)) {
      const state = states[index]!;
      if (step.software === "nftables") state.firewall.push(...step.lines.split("\n"));
      else if (/named\.conf/.test(step.where))
        state.named = setBindOptions(state.named, step.lines);
      else runRndc(state, step.lines, first.world.domain);
    }
  }
  const second = await assessInLab({
    servers: variants(states),
    probe,
    network,
    block: first.world.block,
    keys: first.world,
  });
  return { id, before, remediation, after: second.data.health.checks };
}
