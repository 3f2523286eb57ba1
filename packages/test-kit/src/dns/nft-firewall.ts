/**
 * A minimal nftables input chain in front of a lab name server: `nft add|insert rule inet
 * filter input udp|tcp dport 53 accept|drop|reject ...` lines, read in order as nft does
 * (`insert` puts a rule first, `add` last; the first rule that matches decides; no rule:
 * accept). Any other line is an error, so a fix line the lab cannot read fails its proof.
 */
export type Transport = "udp" | "tcp";

interface Rule {
  transport: Transport;
  port: number;
  verdict: "accept" | "drop" | "reject";
}

const rulePattern =
  /^nft (add|insert) rule inet filter input (udp|tcp) dport (\d+) (accept|drop|reject(?: with tcp reset)?)$/;

/** The chain after each of `lines`, in order. */
export function readFirewall(lines: readonly string[]): Rule[] {
  const chain: Rule[] = [];
  for (const line of lines) {
    const match = rulePattern.exec(line.trim());
    if (!match) throw new Error(`nft: the lab reads no "${line}"`);
    const rule: Rule = {
      transport: match[2] as Transport,
      port: Number(match[3]),
      verdict: match[4]!.split(" ")[0] as Rule["verdict"],
    };
    if (match[1] === "insert") chain.unshift(rule);
    else chain.push(rule);
  }
  return chain;
}

/** Whether DNS queries over `transport` on port 53 get through `chain`. */
export const letsDnsThrough = (chain: readonly Rule[], transport: Transport): boolean =>
  (chain.find((rule) => rule.transport === transport && rule.port === 53)?.verdict ?? "accept") ===
  "accept";
