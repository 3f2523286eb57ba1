import type * as packet from "dns-packet";
import { aliasChain, normalizeName, txtRecord } from "../../../../protocols/dns/records.js";
import { type HealthSession, isFailure } from "../../../../protocols/dns/session.js";
import type { QueryType } from "../../../../protocols/dns/wire/query.js";
import {
  hasMacro,
  isSpfRecord,
  parseSpf,
  queryingTerms,
  type SpfMechanism,
  type SpfModifier,
} from "../../../../protocols/spf/parse-spf.js";
import type { SpfFacts } from "./spf-facts.js";

/** RFC 7208 4.6.4 limits. */
export const maxLookups = 10;
export const maxVoidLookups = 2;
const maxMxNames = 10;
/** Beyond the limits an evaluation is a permerror anyway; stop reading there. */
const maxDepth = 12;
/** Policies read at most, past the lookup limit, for a rewrite. */
const maxPoliciesRead = 32;

/**
 * Evaluates the domain's SPF policy the way a receiver would count it, without a sender:
 * every DNS-querying term counts, include and redirect targets are fetched and evaluated in
 * turn, `a`, `mx` and `exists` targets are looked up to count void answers, and a chain that
 * comes back to a domain on its path is a loop. Terms with macros count but cannot be looked up.
 * Independent lookups of one record go out together, so the depth is the number of rounds.
 */
export async function expandSpf(options: {
  session: HealthSession;
  domain: string;
  txt: readonly string[];
}): Promise<SpfFacts> {
  const { session, domain } = options;
  const records = options.txt.filter(isSpfRecord);
  const facts: SpfFacts = {
    records,
    syntaxErrors: [],
    lookups: 0,
    voidLookups: 0,
    loops: [],
    problems: [],
    cutShort: [],
    all: null,
    allUnread: null,
    visited: [],
    policies: {},
  };
  if (records.length !== 1) return facts;

  /** The answers, or `impossible` (a name that cannot exist), or `unread` (failed, cut short). */
  const lookup = async (
    name: string,
    type: QueryType,
  ): Promise<packet.Answer[] | "impossible" | "unread"> => {
    const response = await session.recursive({ name, type });
    if (isFailure(response)) {
      // A target that cannot exist is the record's mistake, a permanent error for receivers;
      // a lookup the budget cut short says nothing about the policy.
      if (response.code === "impossible-name") {
        facts.problems.push(response.message);
        return "impossible";
      }
      if (response.code === "deadline" || response.code === "aborted") {
        facts.cutShort.push(`${name}/${type}`);
      } else {
        facts.problems.push(`lookup of ${name}/${type} failed: ${response.message}`);
      }
      return "unread";
    }
    const owners = aliasChain({ name, answers: response.answers });
    const answers = response.answers.filter(
      (record) => record.type === type && owners.has(normalizeName(record.name)),
    );
    if (answers.length === 0) facts.voidLookups += 1;
    return answers;
  };

  /** Evaluates one record; returns its terminal policy (its `all`, else its redirect's). */
  const evaluate = async (
    current: string,
    record: string,
    path: readonly string[],
  ): Promise<SpfFacts["all"]> => {
    facts.visited.push(current);
    facts.policies[current] = record;
    const parsed = parseSpf(record);
    if (parsed.errors.length > 0)
      facts.syntaxErrors.push({ domain: current, errors: parsed.errors });
    if (path.length > maxDepth) {
      facts.problems.push(`include chain deeper than ${maxDepth} at ${current}`);
      return null;
    }
    const mechanisms = parsed.terms.filter(
      (term): term is SpfMechanism => term.kind === "mechanism",
    );
    const redirect = parsed.terms.find(
      (term): term is SpfModifier => term.kind === "modifier" && term.name === "redirect",
    );
    for (const term of parsed.terms) if (queryingTerms.has(term.name)) facts.lookups += 1;
    // Past the limit the evaluation is a permerror; the included policies are still read (a
    // bounded number) for the rewrite the remediation proposes, nothing else is looked up.
    const over = facts.lookups > maxLookups;
    if (over && Object.keys(facts.policies).length >= maxPoliciesRead) {
      return terminal(mechanisms, current);
    }

    const follow = async (target: string, how: string): Promise<SpfFacts["all"]> => {
      const name = normalizeName(target);
      if (path.includes(name)) {
        facts.loops.push([...path, name].join(" → "));
        return null;
      }
      const answers = await lookup(name, "TXT");
      if (answers === "unread" && how === "redirect=") {
        facts.allUnread = `the redirect to ${name} could not be read`;
      }
      if (!Array.isArray(answers)) return null;
      const spf = (answers as packet.TxtAnswer[])
        .map((answer) => txtRecord(answer).value)
        .filter(isSpfRecord);
      if (spf.length === 0) facts.policies[name] = null;
      if (spf.length !== 1) {
        facts.problems.push(
          `${how} ${name} has ${spf.length === 0 ? "no SPF record" : `${spf.length} SPF records`}`,
        );
        return null;
      }
      return evaluate(name, spf[0]!, [...path, name]);
    };

    await Promise.all(
      mechanisms.map(async (term) => {
        const target = term.value ?? current;
        if (!queryingTerms.has(term.name) || term.name === "ptr" || hasMacro(target)) return;
        if (term.name === "include") return void (await follow(target, "include:"));
        if (over) return;
        if (term.name === "mx") {
          const names = await lookup(normalizeName(target), "MX");
          if (Array.isArray(names) && names.length > maxMxNames) {
            facts.problems.push(
              `mx:${target} has ${names.length} MX names (at most ${maxMxNames})`,
            );
          }
          return;
        }
        await lookup(normalizeName(target), "A");
      }),
    );
    const all = terminal(mechanisms, current);
    if (all || !redirect || over) return all;
    if (hasMacro(redirect.value)) {
      // Where it leads depends on each message: no "all" can be found or missed here.
      facts.allUnread = `the redirect to ${redirect.value} expands macros per message`;
      return null;
    }
    return follow(redirect.value, "redirect=");
  };

  facts.all = await evaluate(normalizeName(domain), records[0]!, [normalizeName(domain)]);
  return facts;
}

function terminal(mechanisms: readonly SpfMechanism[], domain: string): SpfFacts["all"] {
  const all = mechanisms.find((term) => term.name === "all");
  return all ? { qualifier: all.qualifier, domain } : null;
}
