import type { Finding } from "../../../contract/finding.js";
import { mozillaProfileNames, type SslProfiles } from "../data/profiles-schema.js";
import { finding, notScannedWhy, type SslFindingsInput } from "./finding.js";

/** How far down the list the best profile met is; none met is past the end. */
const rank = (profiles: SslProfiles) => {
  const best = profiles.mozilla.meets[0];
  return best ? mozillaProfileNames.indexOf(best) : mozillaProfileNames.length;
};

/**
 * `ssl.profile.mozilla`: pass when every address scanned meets Mozilla's modern or intermediate
 * profile; warn when one meets only old, or none, naming the closest profile and what stops it.
 * The address judged is the one furthest from the profiles.
 */
export function mozillaProfileFinding(input: SslFindingsInput): Finding {
  const id = "ssl.profile.mozilla";
  let worst: { address: string; profiles: SslProfiles } | undefined;
  let count = 0;
  for (const endpoint of input.data.endpoints) {
    if (!endpoint.profiles) continue;
    count += 1;
    if (!worst || rank(endpoint.profiles) > rank(worst.profiles)) {
      worst = { address: endpoint.address, profiles: endpoint.profiles };
    }
  }
  if (!worst) return finding(id, "skipped", `Not checked: ${notScannedWhy(input)}.`);
  const { mozilla } = worst.profiles;
  const at = count > 1 ? `At ${worst.address}: ` : "";
  const closest = mozilla.profiles.find((profile) => profile.name === mozilla.closest);
  const details = {
    address: worst.address,
    meets: mozilla.meets,
    closest: mozilla.closest,
    problems: closest?.problems ?? [],
  };
  const stops = closest ? ` What stops ${closest.name}: ${closest.problems.join(" ")}` : "";
  const best = mozilla.meets[0];
  if (best === "modern" || best === "intermediate") {
    return finding(id, "pass", `${at}Meets Mozilla's ${best} profile.${stops}`, details);
  }
  const head = best
    ? `Meets only Mozilla's old profile, for clients back to IE 8 and Java 6.`
    : "Meets none of Mozilla's profiles.";
  return finding(id, "warn", `${at}${head}${stops}`, details);
}
