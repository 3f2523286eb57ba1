import type * as packet from "dns-packet";
import type { ProbeContext } from "../../contract/probe.js";
import { aliasChain, normalizeName } from "../dns/records.js";
import { resolverAddresses } from "../dns/resolvers.js";
import { createHealthSession, type HealthSession, isFailure } from "../dns/session.js";
import type { QueryType } from "../dns/wire/query.js";
import { canonicalName } from "./canonical.js";
import { gatherChain } from "./chain.js";
import type { TrustAnchor } from "./trust-anchors.js";
import { verifyRrsig } from "./verify-rrsig.js";

export type AnswerSecurity = { secure: true } | { secure: false; reason: string };

/** The records of the asked type (at the name or the end of its aliases) and their standing. */
export interface SecuredAnswer {
  records: packet.Answer[];
  security: AnswerSecurity;
}

export interface AnswerValidator {
  /**
   * Whether the answer to `name`/`type` is DNSSEC-secure, by the dns section's own chain
   * validation (from the trust anchors down every zone cut to the signer's zone, as
   * `dns.dnssec.chain` does), then the RRset's signature by that zone's validated keys. Never
   * the resolver's AD bit. Not secure comes with the first break's reason.
   */
  security(name: string, type: QueryType): Promise<AnswerSecurity>;
  /** The answer itself with its security, for a caller without its own lookup. */
  answer(name: string, type: QueryType): Promise<SecuredAnswer>;
  /** Closes what is still in flight; call once the run no longer needs answers. */
  close(): Promise<void>;
}

const isAtOrBelow = (name: string, zone: string) =>
  zone === "." || name === zone || name.endsWith(`.${zone}`);

/**
 * One validator per probe run: its queries go through the first configured resolver on the dns
 * section's session (the run's budget, the engine's limit), and the levels of the chain shared
 * by several answers (the root, the TLD) are asked once.
 */
export function answerValidator(options: {
  context: ProbeContext;
  anchors: readonly TrustAnchor[];
}): AnswerValidator {
  const { context, anchors } = options;
  let session: HealthSession | null = null;
  const open = (): HealthSession | null => {
    if (session) return session;
    const [resolver] = resolverAddresses({
      configured: context.network.resolvers,
      defaultPort: 53,
    });
    if (!resolver) return null;
    session = createHealthSession({
      context,
      resolver,
      authoritativePort: 53,
      udpTries: 2,
      tryTimeoutMs: 2000,
      nowSeconds: Math.floor(Date.now() / 1000),
    });
    return session;
  };
  const answer = async (name: string, type: QueryType): Promise<SecuredAnswer> => {
    const current = open();
    if (!current)
      return { records: [], security: { secure: false, reason: "no resolver is configured" } };
    return judgeAnswer({ session: current, name: canonicalName(name), type, anchors });
  };
  return {
    answer,
    security: async (name, type) => (await answer(name, type)).security,
    async close() {
      await session?.close();
    },
  };
}

async function judgeAnswer(options: {
  session: HealthSession;
  name: string;
  type: QueryType;
  anchors: readonly TrustAnchor[];
}): Promise<SecuredAnswer> {
  const { session, name, type, anchors } = options;
  const response = await session.recursive({ name, type, dnssecOk: true });
  if (isFailure(response))
    return { records: [], security: { secure: false, reason: response.message } };
  const owners = aliasChain({ name, answers: response.answers });
  const rrset = response.answers.filter(
    (record) => record.type === type && owners.has(normalizeName(record.name)),
  );
  if (rrset.length === 0)
    return { records: [], security: { secure: false, reason: `${name}/${type} has no records` } };
  const owner = canonicalName(rrset[0]!.name);
  const records = rrset.filter((record) => canonicalName(record.name) === owner);
  const notSecure = (reason: string): SecuredAnswer => ({
    records,
    security: { secure: false, reason },
  });
  const rrsigs = response.answers
    .filter((record): record is packet.RrsigAnswer => record.type === "RRSIG")
    .filter((record) => canonicalName(record.name) === owner && record.data.typeCovered === type)
    .map((record) => record.data);
  // RFC 4035 5.3.1: the signer is the zone holding the RRset, so at or above its owner.
  const signers = [...new Set(rrsigs.map((rrsig) => canonicalName(rrsig.signersName)))].filter(
    (signer) => isAtOrBelow(owner, signer),
  );
  if (signers.length === 0) return notSecure(`${owner}/${type} is not signed`);
  const reasons: string[] = [];
  for (const signer of signers) {
    const chain = await gatherChain({ session, apex: signer, anchors });
    if (chain.anchor === null) {
      reasons.push(`no trust anchor covers ${signer}`);
      continue;
    }
    const broken = chain.levels.find((level) => level.status !== "secure");
    const last = chain.levels.at(-1);
    if (broken || last?.zone !== signer) {
      const level = broken ?? last;
      reasons.push(
        level ? `${level.zone}: ${level.reason ?? level.status}` : `${signer}: no chain of trust`,
      );
      continue;
    }
    // The secure level trusts the whole DNSKEY set; the session hands back the same answer.
    const keys = await session.recursive({ name: signer, type: "DNSKEY", dnssecOk: true });
    const dnskeys = isFailure(keys)
      ? []
      : keys.answers
          .filter((record): record is packet.DnskeyAnswer => record.type === "DNSKEY")
          .filter((record) => canonicalName(record.name) === signer)
          .map((record) => record.data);
    const valid = rrsigs
      .filter((rrsig) => canonicalName(rrsig.signersName) === signer)
      .some(
        (rrsig) =>
          verifyRrsig({
            rrsig,
            rrset: records,
            dnskeys,
            zone: signer,
            nowSeconds: session.nowSeconds,
          }).status === "valid",
      );
    if (valid) return { records, security: { secure: true } };
    reasons.push(`no valid signature of ${signer} covers ${owner}/${type}`);
  }
  return notSecure(reasons.join("; "));
}
