import { query } from "../probes/dns/wire/query.js";
import { startDnsServer, type TestDnsServer } from "./dns-server.js";

/**
 * A resolver in front of another (`upstream`, `host:port`): it relays every question and its
 * answer, but never answers the questions `drop` picks, like a resolver timing out on some
 * names. Lets a test break one lookup of a lab world without touching its zones.
 */
export function startFilteringResolver(options: {
  upstream: string;
  drop: (question: { name: string; type: string }) => boolean;
}): Promise<TestDnsServer> {
  return startDnsServer(async (message) => {
    const question = message.questions?.[0];
    if (!question || options.drop({ name: question.name.toLowerCase(), type: question.type })) {
      return { drop: true };
    }
    const answer = await query({
      server: options.upstream,
      name: question.name,
      type: question.type,
      checkingDisabled: true,
    });
    const { rcode, answers, authorities, additionals } = answer;
    return { type: "response", flags: 0x180, rcode, answers, authorities, additionals };
  });
}
