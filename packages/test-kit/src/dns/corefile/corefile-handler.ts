import * as packet from "dns-packet";
import type { DnsHandler, DnsReply } from "../dns-server.js";
import { authoritativeHandler } from "../dns-zone-handlers.js";
import type { Directive, ServerBlock } from "./corefile.js";
import { parseRecord } from "./presentation.js";

/**
 * What a CoreDNS server answers, plugin by plugin in CoreDNS's own order (acl, chaos, header,
 * template, file), for the plugins Zonemaster's test zones use. Anything no plugin answers is
 * SERVFAIL, and a name outside every block's zones REFUSED, as CoreDNS does.
 */

const lower = (name: string) => {
  const trimmed = name.toLowerCase().replace(/\.$/, "");
  return trimmed === "" ? "." : trimmed;
};
const isAtOrBelow = (name: string, zone: string) =>
  zone === "." || name === zone || name.endsWith(`.${zone}`);
const deepest = (name: string, zones: readonly string[]) =>
  zones.filter((zone) => isAtOrBelow(name, zone)).sort((a, b) => b.length - a.length)[0];

type Step = (query: packet.DecodedPacket, transport: "udp" | "tcp") => DnsReply | undefined;

const rcodeOf = (text: string) => text.toUpperCase();

/** The OPT record CoreDNS adds to an answer when the query had one (DO echoed). */
function optOf(query: packet.DecodedPacket): packet.Answer[] {
  const opt = query.additionals?.find((record) => record.type === "OPT") as
    | packet.OptAnswer
    | undefined;
  if (!opt) return [];
  return [
    {
      type: "OPT",
      name: ".",
      udpPayloadSize: 1232,
      flags: (opt.flags ?? 0) & packet.DNSSEC_OK,
      options: [],
    } as unknown as packet.Answer,
  ];
}

const failure = (query: packet.DecodedPacket, rcode: string): DnsReply =>
  ({ type: "response", flags: 0, rcode, additionals: optOf(query) }) as DnsReply;

/** `acl ZONES { drop|block|filter [type TYPES] }`. */
function aclStep(directive: Directive, blockZones: readonly string[]): Step {
  const zones = directive.args.length > 0 ? directive.args.map(lower) : blockZones;
  const rules = (directive.block ?? []).map((rule) => {
    const typeAt = rule.args.indexOf("type");
    const types = typeAt < 0 ? null : rule.args.slice(typeAt + 1).map((t) => t.toUpperCase());
    return { action: rule.name, types };
  });
  return (query) => {
    const question = query.questions?.[0];
    if (!question || !deepest(lower(question.name), zones)) return undefined;
    const rule = rules.find(
      (candidate) => candidate.types === null || candidate.types.includes(question.type),
    );
    if (!rule || rule.action === "allow") return undefined;
    if (rule.action === "drop") return { drop: true };
    if (rule.action === "filter")
      return { type: "response", flags: 0, additionals: optOf(query) } as DnsReply;
    return failure(query, "REFUSED");
  };
}

/** `chaos VERSION`: CH TXT `version.bind` and `version.server` give the version. */
function chaosStep(directive: Directive): Step {
  const version = directive.args[0] ?? "CoreDNS";
  return (query) => {
    const question = query.questions?.[0];
    if (question?.class !== "CH" || question.type !== "TXT") return undefined;
    const name = lower(question.name);
    const text =
      name === "version.bind" || name === "version.server"
        ? version
        : name === "hostname.bind" || name === "id.server"
          ? "replay"
          : null;
    if (text === null) return undefined;
    return {
      type: "response",
      flags: packet.AUTHORITATIVE_ANSWER,
      answers: [{ type: "TXT", class: "CH", name: question.name, ttl: 0, data: [text] }],
      additionals: optOf(query),
    } as DnsReply;
  };
}

interface Template {
  zones: string[];
  qclass: string;
  qtype: string;
  regex: RegExp[];
  rcode: string;
  answer: packet.Answer[];
  authority: packet.Answer[];
  additional: packet.Answer[];
  fallthrough: boolean;
}

/** `template CLASS TYPE [ZONES] { answer|authority|additional "RR"; rcode; match; fallthrough }`. */
function parseTemplate(
  directive: Directive,
  blockZones: readonly string[],
  keep: (record: packet.Answer) => boolean,
): Template {
  const [qclass = "ANY", qtype = "ANY", ...zones] = directive.args;
  const parts = directive.block ?? [];
  const records = (section: string) =>
    parts
      .filter((part) => part.name === section)
      .map((part) => parseRecord(part.args.join(" "), { origin: "", ttl: 3600 }))
      .filter(keep);
  const rcode = parts.find((part) => part.name === "rcode")?.args[0] ?? "NOERROR";
  const regex = parts
    .filter((part) => part.name === "match")
    .flatMap((part) => part.args.map((source) => new RegExp(source)));
  return {
    zones: zones.length > 0 ? zones.map(lower) : [...blockZones],
    qclass: qclass.toUpperCase(),
    qtype: qtype.toUpperCase(),
    regex: regex.length > 0 ? regex : [/.*/],
    rcode: rcodeOf(rcode),
    answer: records("answer"),
    authority: records("authority"),
    additional: records("additional"),
    fallthrough: parts.some((part) => part.name === "fallthrough"),
  };
}

/** The template plugin: every `template` of the block in one handler, as CoreDNS builds it. */
function templateStep(templates: readonly Template[]): Step {
  const zones = templates.flatMap((template) => template.zones);
  return (query) => {
    const question = query.questions?.[0];
    if (!question) return undefined;
    const name = lower(question.name);
    if (!deepest(name, zones)) return undefined;
    const qclass = (question.class ?? "IN").toUpperCase();
    for (const template of templates) {
      if (!deepest(name, template.zones)) continue;
      if (template.qclass !== "ANY" && qclass !== "ANY" && qclass !== template.qclass) continue;
      const qtype = question.type as string;
      if (template.qtype !== "ANY" && qtype !== "ANY" && qtype !== template.qtype) continue;
      if (!template.regex.some((regex) => regex.test(`${name}.`))) {
        if (!template.fallthrough) return failure(query, "NXDOMAIN");
        continue;
      }
      if (template.rcode === "SERVFAIL") return failure(query, "SERVFAIL");
      return {
        type: "response",
        flags: packet.AUTHORITATIVE_ANSWER,
        rcode: template.rcode,
        answers: template.answer,
        authorities: template.authority,
        additionals: [...template.additional, ...optOf(query)],
      } as DnsReply;
    }
    return undefined;
  };
}

/** The file plugin: the zone files of the block, each answered as an authoritative server. */
function fileStep(zones: readonly { apex: string; records: packet.Answer[] }[]): Step {
  const handlers = zones.map((zone) => ({ apex: zone.apex, handle: authoritativeHandler(zone) }));
  return (query, transport) => {
    const question = query.questions?.[0];
    if (!question) return undefined;
    const name = lower(question.name);
    const zone = handlers
      .filter((candidate) => isAtOrBelow(name, candidate.apex))
      .sort((a, b) => b.apex.length - a.apex.length)[0];
    return zone ? (zone.handle(query, transport) as DnsReply) : undefined;
  };
}

/** `header { response set|clear FLAG... }`, applied to what the later plugins answer. */
function headerChange(directive: Directive): (reply: DnsReply) => DnsReply {
  const flagBits: Record<string, number> = {
    aa: packet.AUTHORITATIVE_ANSWER,
    ra: packet.RECURSION_AVAILABLE,
    rd: packet.RECURSION_DESIRED,
    ad: packet.AUTHENTIC_DATA,
    cd: packet.CHECKING_DISABLED,
  };
  const rules = (directive.block ?? []).filter((rule) => rule.name === "response");
  return (reply) => {
    if (!("type" in reply)) return reply;
    let flags = reply.flags ?? 0;
    for (const rule of rules) {
      const [action, ...names] = rule.args;
      for (const flag of names) {
        const bit = flagBits[flag.toLowerCase()] ?? 0;
        flags = action === "set" ? flags | bit : flags & ~bit;
      }
    }
    return { ...reply, flags } as DnsReply;
  };
}

/** `view NAME { expr type() in ['A', ...] }`: the block answers only those types. */
function viewFilter(directive: Directive | undefined): (query: packet.DecodedPacket) => boolean {
  if (!directive) return () => true;
  const expression = directive.block?.find((part) => part.name === "expr")?.args.join(" ") ?? "";
  const types = [...expression.matchAll(/'([A-Z0-9]+)'/g)].map((match) => match[1]!);
  return (query) => types.includes(query.questions?.[0]?.type ?? "");
}

export interface ServedBlock {
  readonly zones: readonly string[];
  readonly accepts: (query: packet.DecodedPacket) => boolean;
  readonly answer: DnsHandler;
}

/**
 * One server block as a handler. `zoneFile` reads the (kept) records of a `file ZONEFILE ZONE`
 * directive.
 */
export function serveBlock(options: {
  block: ServerBlock;
  zoneFile: (path: string, origin: string) => packet.Answer[];
  /** Which records of templates to serve (all by default). */
  keep?: (record: packet.Answer) => boolean;
}): ServedBlock {
  const keep = options.keep ?? (() => true);
  const { block } = options;
  const find = (name: string) => block.directives.filter((directive) => directive.name === name);
  // acl and chaos sit above header in CoreDNS's chain: only what template and file write
  // passes through header's changes.
  const before: Step[] = [
    ...find("acl").map((directive) => aclStep(directive, block.zones)),
    ...find("chaos").map((directive) => chaosStep(directive)),
  ];
  const after: Step[] = [];
  const templates = find("template").map((directive) =>
    parseTemplate(directive, block.zones, keep),
  );
  if (templates.length > 0) after.push(templateStep(templates));
  const files = find("file").map((directive) => {
    const apex = lower(directive.args[1] ?? block.zones[0] ?? ".");
    return { apex, records: options.zoneFile(directive.args[0]!, apex) };
  });
  if (files.length > 0) after.push(fileStep(files));
  const changes = find("header").map(headerChange);
  const answer: DnsHandler = (query, transport) => {
    for (const step of before) {
      const reply = step(query, transport);
      if (reply) return reply;
    }
    for (const step of after) {
      const reply = step(query, transport);
      if (!reply) continue;
      // A SERVFAIL no plugin wrote is the server's own, untouched by header.
      if ("rcode" in reply && reply.rcode === "SERVFAIL" && !("answers" in reply)) return reply;
      return changes.reduce((current, change) => change(current), reply);
    }
    return failure(query, "SERVFAIL");
  };
  return { zones: block.zones, accepts: viewFilter(find("view")[0]), answer };
}

/**
 * The handler of one address: the block whose zone is the longest match of the question (the
 * first whose view accepts it), REFUSED when none serves the name.
 */
export function addressHandler(blocks: readonly ServedBlock[]): DnsHandler {
  return (query, transport) => {
    const question = query.questions?.[0];
    if (!question) return failure(query, "FORMERR");
    const name = lower(question.name);
    const candidates = blocks
      .map((block) => ({ block, zone: deepest(name, block.zones) }))
      .filter((entry): entry is { block: ServedBlock; zone: string } => entry.zone !== undefined)
      .sort((a, b) => b.zone.length - a.zone.length);
    const best = candidates[0]?.zone;
    const chosen = candidates.find(
      (entry) => entry.zone === best && entry.block.accepts(query),
    )?.block;
    if (!chosen) return failure(query, "REFUSED");
    return chosen.answer(query, transport);
  };
}
