import net from "node:net";
import { type ProbeContext, ProbeError } from "../../contract/probe.js";
import type { HostRole } from "./declaration.js";
import { askHosting, type HostingAnswer } from "./hosting-dns.js";
import { spfIncludes } from "./spf-includes.js";

export interface GatheredHost {
  name: string;
  roles: HostRole[];
  addresses: { address: string; family: 4 | 6 }[];
  error: string | null;
}

export interface GatheredHosts {
  nameservers: string[];
  mxHosts: string[];
  spfIncludes: string[];
  cnameTargets: string[];
  hosts: GatheredHost[];
}

/** Most zone levels climbed for the NS set of a name below its zone apex. */
const maxClimb = 4;

/**
 * The names that serve the domain and their addresses: the domain and `www.` (web), the name
 * servers of its zone (dns), its MX hosts (mail), at most `maxHosts` of each of the last two.
 * Throws a ProbeError only when no question about the domain itself got an answer.
 */
export async function gatherHosts(options: {
  context: ProbeContext;
  domain: string;
  maxHosts: number;
}): Promise<GatheredHosts> {
  const { context, domain, maxHosts } = options;
  const www = `www.${domain}`;
  const [ns, mx, txt, apex, wwwAddresses] = await Promise.all([
    zoneNameservers(context, domain),
    askHosting(context, domain, "MX"),
    askHosting(context, domain, "TXT"),
    addressesOf(context, domain),
    addressesOf(context, www),
  ]);
  const own = [ns.answer, mx, txt, apex.answers[0], apex.answers[1]];
  if (own.every((answer) => !answer.ok)) {
    const reasons = own.map((answer) => (answer.ok ? "" : answer.reason)).join("; ");
    throw new ProbeError(
      context.signal.aborted ? "timeout" : "upstream_error",
      `No DNS question about ${domain} was answered: ${reasons}.`,
    );
  }
  const mxHosts = mx.ok ? mx.values.filter((host) => host !== ".").slice(0, maxHosts) : [];
  const nameservers = ns.names.slice(0, maxHosts);
  const hosts = new Map<string, GatheredHost>();
  // A name serving several roles (the domain as its own MX) is one host with each role.
  const add = (
    name: string,
    role: HostRole,
    found: Awaited<ReturnType<typeof addressesOf>> | null,
  ) => {
    const known = hosts.get(name);
    if (known && !known.roles.includes(role)) known.roles.push(role);
    if (!known && found)
      hosts.set(name, { name, roles: [role], addresses: found.addresses, error: found.error });
  };
  add(domain, "web", apex);
  add(www, "web", wwwAddresses);
  const others = await Promise.all(
    [
      ...nameservers.map((name) => ({ name, role: "dns" as const })),
      ...mxHosts.map((name) => ({ name, role: "mail" as const })),
    ].map(async (entry) => ({
      ...entry,
      found: hosts.has(entry.name) ? null : await addressesOf(context, entry.name),
    })),
  );
  for (const entry of others) add(entry.name, entry.role, entry.found);
  return {
    nameservers,
    mxHosts,
    spfIncludes: txt.ok ? spfIncludes(txt.values) : [],
    cnameTargets: [...new Set([...apex.aliases, ...wwwAddresses.aliases])],
    hosts: [...hosts.values()],
  };
}

/** The A and AAAA addresses of a name, the aliases met, and why none when both failed. */
async function addressesOf(context: ProbeContext, name: string) {
  const answers = await Promise.all([
    askHosting(context, name, "A"),
    askHosting(context, name, "AAAA"),
  ]);
  const addresses = answers.flatMap((answer) =>
    answer.ok
      ? answer.values
          .filter((value) => net.isIP(value) !== 0)
          .map((address) => ({ address, family: net.isIP(address) as 4 | 6 }))
      : [],
  );
  const failed = answers.filter(
    (answer): answer is Extract<HostingAnswer, { ok: false }> => !answer.ok,
  );
  return {
    answers,
    addresses,
    aliases: answers.flatMap((answer) => (answer.ok ? answer.aliases : [])),
    error: failed.length === 2 ? failed.map((answer) => answer.reason).join("; ") : null,
  };
}

/** The NS set of the domain's zone: the domain's own, else the nearest enclosing name's. */
async function zoneNameservers(context: ProbeContext, domain: string) {
  let name = domain;
  let first: HostingAnswer | null = null;
  for (let level = 0; level < maxClimb; level++) {
    const answer = await askHosting(context, name, "NS");
    first ??= answer;
    if (answer.ok && answer.values.length > 0)
      return { answer: first, names: answer.values.sort() };
    const dot = name.indexOf(".");
    // Never the TLD's servers: they serve the registry, not the domain.
    if (dot < 0 || !name.slice(dot + 1).includes(".")) break;
    name = name.slice(dot + 1);
  }
  return { answer: first!, names: [] as string[] };
}
