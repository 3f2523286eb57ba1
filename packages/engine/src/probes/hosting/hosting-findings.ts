import { type Finding, type FindingStatus, makeFinding } from "../../contract/finding.js";
import type { HostingHost, HostRole } from "./declaration.js";
import type { Reachability } from "./reachability.js";

/** The hosting section's checks (DESIGN.md, fourth plan): closed, each listed every run. */
export const hostingFindingIds = [
  "hosting.rpki.valid",
  "hosting.ipv6.web",
  "hosting.ipv6.mail",
  "hosting.network.single-provider",
] as const;
export type HostingFindingId = (typeof hostingFindingIds)[number];

/** What the checks judge: gathered by the probe, judged here without I/O. */
export interface HostingFacts {
  readonly domain: string;
  readonly hosts: readonly HostingHost[];
  /** The RTR cache's state: null when none is configured. */
  readonly rpki: {
    readonly cache: string;
    readonly synchronised: boolean;
    readonly error: string | null;
  } | null;
  /** A TCP connection to port 443 of each IPv6 address of the domain and `www.`. */
  readonly webIpv6: readonly { readonly address: string; readonly outcome: Reachability }[];
}

const finding = (
  id: HostingFindingId,
  status: FindingStatus,
  message: string,
  details?: Record<string, unknown>,
): Finding => makeFinding(id, status, message, details);

const skipped = (id: HostingFindingId, reason: string, details: Record<string, unknown> = {}) =>
  finding(id, "skipped", `Not checked: ${reason}.`, { ...details, reason });

const list = (items: readonly string[]) =>
  items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

const hostsIn = (facts: HostingFacts, role: HostRole) =>
  facts.hosts.filter((host) => host.roles.includes(role));

/** RFC 6811 validity of every address's route (internet.nl's "Route Origin Validation"). */
function rpkiValid(facts: HostingFacts): Finding {
  const id = "hosting.rpki.valid";
  if (!facts.rpki) return skipped(id, "no RTR cache is configured (rpki.rtr)");
  if (!facts.rpki.synchronised) {
    return skipped(id, `the RTR cache ${facts.rpki.cache} gave no complete set of VRPs in time`, {
      error: facts.rpki.error,
    });
  }
  const judged = facts.hosts.flatMap((host) =>
    host.addresses
      .filter((entry) => entry.rpki !== null)
      .map((entry) => ({ host: host.name, ...entry })),
  );
  if (judged.length === 0) return skipped(id, "no address's route (prefix and origin AS) is known");
  const routes = judged.map((entry) => ({
    host: entry.host,
    address: entry.address,
    prefix: entry.rpki!.route.prefix,
    asn: entry.rpki!.route.asn,
    state: entry.rpki!.state,
  }));
  const describe = (state: string) =>
    routes
      .filter((route) => route.state === state)
      .map((route) => `${route.address} (${route.prefix} from AS${route.asn})`);
  const invalid = describe("invalid");
  if (invalid.length > 0) {
    return finding(
      id,
      "fail",
      `The route of ${list(invalid)} is RPKI-invalid: a ROA covers the prefix but names another origin AS or a shorter maximum length, so networks that validate routes drop it.`,
      { routes },
    );
  }
  const missing = describe("not-found");
  if (missing.length > 0) {
    return finding(
      id,
      "warn",
      `No ROA covers the route of ${list(missing)}: its origin cannot be validated, so a hijack of the prefix would not be filtered.`,
      { routes },
    );
  }
  return finding(id, "pass", `Every route (${routes.length}) is RPKI-valid.`, { routes });
}

/** The web site over IPv6: an AAAA for the domain or `www.` that answers on 443. */
function ipv6Web(facts: HostingFacts): Finding {
  const id = "hosting.ipv6.web";
  const web = hostsIn(facts, "web");
  if (web.every((host) => host.addresses.length === 0))
    return skipped(id, `${facts.domain} and www. have no address`);
  const v6 = web.flatMap((host) =>
    host.addresses.filter((entry) => entry.family === 6).map((entry) => entry.address),
  );
  if (v6.length === 0) {
    return finding(
      id,
      "warn",
      `Neither ${facts.domain} nor www.${facts.domain} has an IPv6 address (AAAA).`,
    );
  }
  const details = { addresses: facts.webIpv6 };
  const reached = facts.webIpv6.filter((entry) => entry.outcome.reachable === true);
  if (reached.length > 0) {
    return finding(
      id,
      "pass",
      `The web site answers over IPv6 at ${list(reached.map((entry) => entry.address))}.`,
      details,
    );
  }
  const tried = facts.webIpv6.filter((entry) => entry.outcome.reachable === false);
  if (tried.length === 0)
    return skipped(id, "no IPv6 address of the web site could be tried", details);
  return finding(
    id,
    "fail",
    `The web site publishes IPv6 addresses but none answers on port 443: ${list(tried.map((entry) => `${entry.address} (${entry.outcome.reason})`))}.`,
    details,
  );
}

/** The MX hosts over IPv6: each with an AAAA (internet.nl's "IPv6 addresses for mail server"). */
function ipv6Mail(facts: HostingFacts): Finding {
  const id = "hosting.ipv6.mail";
  const mail = hostsIn(facts, "mail");
  if (mail.length === 0) return skipped(id, `${facts.domain} has no MX host`);
  const without = mail
    .filter((host) => !host.addresses.some((entry) => entry.family === 6))
    .map((host) => host.name);
  if (without.length === 0)
    return finding(id, "pass", `Every MX host has an IPv6 address (${mail.length}).`);
  const message =
    without.length === mail.length
      ? `No MX host has an IPv6 address: mail from IPv6-only senders cannot reach ${facts.domain}.`
      : `${list(without)} ${without.length === 1 ? "has" : "have"} no IPv6 address.`;
  return finding(id, "warn", message, { withoutIpv6: without });
}

const roleName = (role: HostRole) => (role === "dns" ? "DNS" : role);

/** DNS, mail and web all announced by one autonomous system: one network's outage takes all. */
function singleProvider(facts: HostingFacts): Finding {
  const id = "hosting.network.single-provider";
  const roles = (["dns", "mail", "web"] as const).filter((role) =>
    hostsIn(facts, role).some((host) => host.addresses.length > 0),
  );
  const byRole = roles.map((role) => ({
    role,
    asns: [
      ...new Set(hostsIn(facts, role).flatMap((host) => host.addresses.map((entry) => entry.asn))),
    ],
  }));
  if (byRole.length < 2) return skipped(id, "fewer than two of DNS, mail and web have addresses");
  if (byRole.some((entry) => entry.asns.includes(null))) {
    return skipped(id, "the network of some addresses is unknown", { roles: byRole });
  }
  const all = [...new Set(byRole.flatMap((entry) => entry.asns))];
  if (all.length === 1) {
    const name = facts.hosts
      .flatMap((host) => host.addresses)
      .find((entry) => entry.asn === all[0])?.asName;
    return finding(
      id,
      "info",
      `${list(roles.map(roleName))} are all in AS${all[0]}${name ? ` (${name})` : ""}: one network's outage takes all of them down.`,
      { roles: byRole },
    );
  }
  return finding(
    id,
    "pass",
    `${list(roles.map(roleName))} are spread over ${all.length} autonomous systems.`,
    {
      roles: byRole,
    },
  );
}

/** The check table, in the order findings are listed. */
const checks: Readonly<Record<HostingFindingId, (facts: HostingFacts) => Finding>> = {
  "hosting.rpki.valid": rpkiValid,
  "hosting.ipv6.web": ipv6Web,
  "hosting.ipv6.mail": ipv6Mail,
  "hosting.network.single-provider": singleProvider,
};

export const hostingFindings = (facts: HostingFacts): Finding[] =>
  hostingFindingIds.map((id) => checks[id](facts));
