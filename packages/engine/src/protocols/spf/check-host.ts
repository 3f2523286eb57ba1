import net from "node:net";
import type * as packet from "dns-packet";
import ipaddr from "ipaddr.js";
import { txtRecord } from "../dns/records.js";
import { reversedAddress } from "../ip-network/reversed-address.js";
import {
  isSpfRecord,
  parseSpf,
  type SpfMechanism,
  type SpfModifier,
  type SpfQualifier,
} from "./parse-spf.js";
import type { SpfDns, SpfQueryType } from "./spf-dns.js";
import { expandMacros, MacroError, type MacroValues } from "./spf-macros.js";

export type SpfResult =
  | "pass"
  | "fail"
  | "softfail"
  | "neutral"
  | "none"
  | "permerror"
  | "temperror";

/** What check_host() concluded, and how. */
export interface SpfVerdict {
  result: SpfResult;
  /** Why, in a sentence: the mechanism that matched, or the error. */
  reason: string;
  /** The matching mechanism as written; null when none matched. */
  mechanism: string | null;
  /** The domain's own explanation (`exp=`) of a fail; null when it gives none. */
  explanation: string | null;
  /** DNS-querying terms evaluated, and lookups that found nothing (RFC 7208 4.6.4). */
  lookups: number;
  voidLookups: number;
}

/** RFC 7208 4.6.4. */
export const spfLimits = { lookups: 10, voidLookups: 2, mxNames: 10, ptrNames: 10 } as const;

const qualifierResults: Record<SpfQualifier, SpfResult> = {
  "+": "pass",
  "-": "fail",
  "~": "softfail",
  "?": "neutral",
};

/** A permerror or temperror: evaluation stops where it is raised (RFC 7208 4.6). */
class Stop extends Error {
  constructor(
    readonly result: "permerror" | "temperror",
    message: string,
  ) {
    super(message);
  }
}

interface Outcome {
  result: SpfResult;
  mechanism: string | null;
  reason: string;
  /** The `exp=` of the record that decided, with the domain its macros expand for. */
  exp: { spec: string; domain: string } | null;
}

/**
 * check_host() of RFC 7208 (sections 4 to 6): whether `ip` may send mail for `domain` (by default
 * the sender's domain, or the HELO name when the sender is empty). Mechanisms are evaluated in
 * order, include and redirect recursively, macros expanded (section 7), and the evaluation stops
 * with a permerror past 10 DNS-querying terms or 2 void lookups; a DNS failure is a temperror.
 */
export async function checkHost(options: {
  ip: string;
  /** The MAIL FROM address; empty for a bounce. */
  sender: string;
  helo: string;
  domain?: string;
  dns: SpfDns;
}): Promise<SpfVerdict> {
  const { dns } = options;
  if (typeof options.ip !== "string" || net.isIP(options.ip) === 0) {
    throw new TypeError("checkHost: options.ip must be an IPv4 or IPv6 address");
  }
  if (typeof options.sender !== "string") {
    throw new TypeError("checkHost: options.sender must be a string");
  }
  if (typeof options.helo !== "string") {
    throw new TypeError("checkHost: options.helo must be a string");
  }
  if (typeof dns !== "function") throw new TypeError("checkHost: options.dns must be a function");

  const ip = unmapped(options.ip);
  const family = net.isIPv4(ip) ? 4 : 6;
  // RFC 7208 2.4: an empty reverse-path is checked as postmaster at the HELO name.
  const sender = options.sender === "" ? `postmaster@${options.helo}` : options.sender;
  const at = sender.lastIndexOf("@");
  const local = at > 0 ? sender.slice(0, at) : "postmaster";
  const senderDomain = at >= 0 ? sender.slice(at + 1) : sender;
  const counts = { lookups: 0, voidLookups: 0 };
  let validated: Promise<string[]> | undefined;

  const ask = async (name: string, type: SpfQueryType, voidCounts = true) => {
    const answer = await dns({ name, type });
    if (!answer.ok)
      throw new Stop("temperror", `the ${type} lookup of ${name} failed: ${answer.reason}`);
    const records = answer.records.filter((record) => record.type === type);
    if (records.length === 0 && voidCounts && ++counts.voidLookups > spfLimits.voidLookups) {
      throw new Stop("permerror", `more than ${spfLimits.voidLookups} lookups found nothing`);
    }
    return records;
  };
  const countLookup = (term: string) => {
    if (++counts.lookups > spfLimits.lookups) {
      throw new Stop(
        "permerror",
        `${term} is DNS-querying term ${counts.lookups}, more than ${spfLimits.lookups}`,
      );
    }
  };
  const addressesOf = async (name: string) =>
    (await ask(name, family === 4 ? "A" : "AAAA")).map((record) => stringData(record));

  /** Names of the client's PTR records whose addresses include it (RFC 7208 5.5). */
  const validatedNames = (): Promise<string[]> => {
    validated ??= (async () => {
      const reverse = reversedAddress(ip)!;
      const arpa = `${reverse.labels}.${family === 4 ? "in-addr" : "ip6"}.arpa`;
      const answer = await dns({ name: arpa, type: "PTR" });
      if (!answer.ok) return [];
      const names = answer.records
        .filter((record) => record.type === "PTR")
        .map((record) => stringData(record).replace(/\.$/, ""))
        .slice(0, spfLimits.ptrNames);
      const checked = await Promise.all(
        names.map(async (name) => {
          const addresses = await dns({ name, type: family === 4 ? "A" : "AAAA" });
          const found = addresses.ok ? addresses.records.map((record) => stringData(record)) : [];
          return found.some((address) => sameAddress(address, ip)) ? name : null;
        }),
      );
      return checked.filter((name): name is string => name !== null);
    })();
    return validated;
  };

  const macroValues = (domain: string): MacroValues => ({
    sender,
    local,
    senderDomain,
    domain,
    ip,
    helo: options.helo,
    validatedName: async () => {
      const names = await validatedNames();
      const lower = domain.toLowerCase();
      return (
        names.find((name) => name.toLowerCase() === lower) ??
        names.find((name) => name.toLowerCase().endsWith(`.${lower}`)) ??
        names[0] ??
        "unknown"
      );
    },
  });

  /** A domain-spec expanded for `domain`, cut to 253 characters from the left (RFC 7208 7.3). */
  const targetName = async (spec: string | null, domain: string): Promise<string> => {
    if (spec === null) return domain;
    let name: string;
    try {
      name = await expandMacros({ text: spec, values: macroValues(domain) });
    } catch (error) {
      if (error instanceof MacroError) throw new Stop("permerror", error.message);
      throw error;
    }
    name = name.replace(/\.$/, "");
    while (name.length > 253 && name.includes(".")) name = name.slice(name.indexOf(".") + 1);
    return name;
  };

  const matches = async (term: SpfMechanism, domain: string): Promise<boolean> => {
    switch (term.name) {
      case "all":
        return true;
      case "ip4":
      case "ip6":
        return inNetwork(
          ip,
          term.value!,
          term.name === "ip4" ? (term.cidr4 ?? 32) : (term.cidr6 ?? 128),
        );
      case "include": {
        countLookup(term.text);
        const target = await targetName(term.value, domain);
        const included = await evaluate(target);
        if (included.result === "none") {
          throw new Stop("permerror", `${term.text}: ${target} publishes no SPF record`);
        }
        return included.result === "pass";
      }
      case "a":
      case "mx": {
        countLookup(term.text);
        const target = await targetName(term.value, domain);
        const prefix = family === 4 ? (term.cidr4 ?? 32) : (term.cidr6 ?? 128);
        const hosts = term.name === "a" ? [target] : await mailExchangers(target, term.text);
        for (const host of hosts) {
          const addresses = await addressesOf(host);
          if (addresses.some((address) => inNetwork(ip, address, prefix))) return true;
        }
        return false;
      }
      case "ptr": {
        countLookup(term.text);
        const target = (await targetName(term.value, domain)).toLowerCase();
        return (await validatedNames()).some((name) => {
          const lower = name.toLowerCase();
          return lower === target || lower.endsWith(`.${target}`);
        });
      }
      case "exists": {
        countLookup(term.text);
        // RFC 7208 5.7: always an A lookup, whatever the client's address family.
        return (await ask(await targetName(term.value, domain), "A")).length > 0;
      }
    }
  };

  const mailExchangers = async (target: string, term: string): Promise<string[]> => {
    const records = await ask(target, "MX");
    if (records.length > spfLimits.mxNames) {
      throw new Stop(
        "permerror",
        `${term}: ${target} has ${records.length} MX names, more than ${spfLimits.mxNames}`,
      );
    }
    return records
      .map((record) => (record as packet.MxAnswer).data.exchange.replace(/\.$/, ""))
      .filter((exchange) => exchange !== "");
  };

  /** check_host() for one domain: its record found, then evaluated (RFC 7208 4.3 to 4.7). */
  const evaluate = async (domain: string): Promise<Outcome> => {
    const none = (reason: string): Outcome => ({
      result: "none",
      mechanism: null,
      reason,
      exp: null,
    });
    const problem = domainProblem(domain);
    if (problem) return none(`${domain} ${problem}`);
    const answer = await dns({ name: domain, type: "TXT" });
    if (!answer.ok)
      throw new Stop("temperror", `the TXT lookup of ${domain} failed: ${answer.reason}`);
    const records = answer.records
      .filter((record) => record.type === "TXT")
      .map((record) => txtRecord(record as packet.TxtAnswer).value)
      .filter(isSpfRecord);
    if (records.length === 0) return none(`${domain} publishes no SPF record`);
    if (records.length > 1)
      throw new Stop("permerror", `${domain} publishes ${records.length} SPF records`);
    const record = records[0]!;
    if (!/^[\x20-\x7e]*$/.test(record)) {
      throw new Stop(
        "permerror",
        `the SPF record of ${domain} holds characters other than printable ASCII`,
      );
    }
    const parsed = parseSpf(record);
    if (parsed.errors.length > 0) {
      throw new Stop(
        "permerror",
        `the SPF record of ${domain} is invalid: ${parsed.errors.join("; ")}`,
      );
    }
    const modifier = (name: string) =>
      parsed.terms.find(
        (term): term is SpfModifier => term.kind === "modifier" && term.name === name,
      );
    const exp = modifier("exp");
    for (const term of parsed.terms) {
      if (term.kind !== "mechanism" || !(await matches(term, domain))) continue;
      return {
        result: qualifierResults[term.qualifier],
        mechanism: term.text,
        reason: `${term.text} in the SPF record of ${domain} matched`,
        exp: exp ? { spec: exp.value, domain } : null,
      };
    }
    const redirect = modifier("redirect");
    if (!redirect) {
      return {
        result: "neutral",
        mechanism: null,
        reason: `nothing in the SPF record of ${domain} matched`,
        exp: null,
      };
    }
    countLookup(redirect.text);
    const target = await targetName(redirect.value, domain);
    const redirected = await evaluate(target);
    if (redirected.result === "none") {
      throw new Stop("permerror", `${redirect.text}: ${target} publishes no SPF record`);
    }
    return redirected;
  };

  /** The explanation of a fail (RFC 7208 6.2); any trouble leaves it unset, never the result. */
  const explain = async (exp: Outcome["exp"]): Promise<string | null> => {
    if (!exp) return null;
    try {
      const name = await targetName(exp.spec, exp.domain);
      if (domainProblem(name)) return null;
      const answer = await dns({ name, type: "TXT" });
      if (!answer.ok || answer.records.length !== 1) return null;
      const text = txtRecord(answer.records[0] as packet.TxtAnswer).value;
      if (!/^[\x20-\x7e]*$/.test(text)) return null;
      return await expandMacros({ text, values: macroValues(exp.domain), explanation: true });
    } catch {
      return null;
    }
  };

  const domain = (options.domain ?? senderDomain).replace(/\.$/, "");
  try {
    const outcome = await evaluate(domain);
    const explanation = outcome.result === "fail" ? await explain(outcome.exp) : null;
    return {
      result: outcome.result,
      reason: outcome.reason,
      mechanism: outcome.mechanism,
      explanation,
      ...counts,
    };
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    return {
      result: error.result,
      reason: error.message,
      mechanism: null,
      explanation: null,
      ...counts,
    };
  }
}

/** RFC 7208 4.3: a name check_host() cannot look up gives "none". */
function domainProblem(domain: string): string | null {
  if (domain.length > 253) return "is longer than 253 characters";
  const labels = domain.split(".");
  if (labels.length < 2) return "is not a multi-label domain name";
  if (labels.some((label) => label.length === 0 || label.length > 63)) {
    return "has an empty or over-long label";
  }
  if (!/^[\x21-\x7e]+$/.test(domain) || /[[\]]/.test(domain)) return "is not a domain name";
  return null;
}

/** An IPv4-mapped IPv6 address is the IPv4 address it carries (RFC 7208 5.6). */
function unmapped(ip: string): string {
  if (!net.isIPv6(ip)) return ip;
  const parsed = ipaddr.IPv6.parse(ip);
  return parsed.isIPv4MappedAddress() ? parsed.toIPv4Address().toString() : ip;
}

function sameAddress(a: string, b: string): boolean {
  return net.isIP(a) === net.isIP(b) && inNetwork(b, a, net.isIPv4(a) ? 32 : 128);
}

/** Whether `ip` is in `network`/`prefix`; an address of the other family never is. */
function inNetwork(ip: string, network: string, prefix: number): boolean {
  const family = net.isIP(network);
  if (family === 0 || family !== net.isIP(ip)) return false;
  const list = new net.BlockList();
  list.addSubnet(network, prefix, family === 4 ? "ipv4" : "ipv6");
  return list.check(ip, family === 4 ? "ipv4" : "ipv6");
}

/** The data of an A, AAAA or PTR record: an address or a name. */
const stringData = (record: packet.Answer) => String((record as packet.StringAnswer).data);
