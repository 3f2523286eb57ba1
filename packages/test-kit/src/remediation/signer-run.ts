import type { Remediation } from "@domain-intel/engine";
import type { DenialMode } from "../dnssec/denial-chain.js";

/**
 * Reads the `dnssec-signzone` command a remediation's steps carry (between backticks) and turns
 * its options into the test kit signer's: signature window, denial of existence. An option the
 * reader does not know, or a zone other than `zone`, throws, so a command we could not run as
 * written fails its proof.
 */
export interface SignerRun {
  /** Signature validity relative to now, in seconds. */
  readonly signatureWindow: { from: number; to: number };
  readonly denial: DenialMode;
}

/** `now+N` / `now-N` (seconds from now), as dnssec-signzone reads -s and -e. */
function offset(text: string | undefined, option: string): number {
  const match = /^now([+-])(\d+)$/.exec(text ?? "");
  if (!match) throw new Error(`dnssec-signzone ${option} ${text}: not now+N or now-N`);
  return (match[1] === "-" ? -1 : 1) * Number(match[2]);
}

export function signerRunOf(remediation: Remediation, zone: string): SignerRun | null {
  const command = (remediation.steps ?? [])
    .map((step) => /`(dnssec-signzone [^`]+)`/.exec(step)?.[1])
    .find((found) => found !== undefined);
  if (!command) return null;
  const words = command.split(/\s+/).slice(1);
  let from: number | undefined;
  let to: number | undefined;
  let salt: string | undefined;
  let iterations: number | undefined;
  let origin: string | undefined;
  for (let at = 0; at < words.length; at++) {
    const word = words[at]!;
    const value = () => {
      at++;
      return words[at];
    };
    if (word === "-S") continue;
    else if (word === "-K" || word === "-N") value();
    else if (word === "-o") origin = value();
    else if (word === "-s") from = offset(value(), word);
    else if (word === "-e") to = offset(value(), word);
    else if (word === "-3") salt = value();
    else if (word === "-H") iterations = Number(value());
    else if (word.startsWith("-")) throw new Error(`dnssec-signzone: unknown option ${word}`);
    else if (at !== words.length - 1) throw new Error(`dnssec-signzone: stray ${word}`);
  }
  if (origin !== zone) throw new Error(`dnssec-signzone -o ${origin}: the zone is ${zone}`);
  if (from === undefined || to === undefined)
    throw new Error(`dnssec-signzone: ${command} sets no -s and -e`);
  // BIND's default iterations differ between versions: a command for NSEC3 must say.
  if (salt !== undefined && !Number.isInteger(iterations))
    throw new Error(`dnssec-signzone -3 without a numeric -H in ${command}`);
  const denial: DenialMode =
    salt === undefined
      ? "nsec"
      : {
          nsec3: {
            iterations: iterations!,
            ...(salt === "-" ? {} : { salt: Buffer.from(salt, "hex") }),
          },
        };
  return { signatureWindow: { from, to }, denial };
}
