import dgram from "node:dgram";
import * as packet from "dns-packet";
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
    const answer = await relay(options.upstream, question);
    const { rcode, answers, authorities, additionals } = answer;
    return { type: "response", flags: 0x180, rcode, answers, authorities, additionals };
  });
}

/** One question to `upstream` over UDP, with checking disabled and DNSSEC records asked for. */
type Answer = packet.DecodedPacket & { rcode?: string };

function relay(upstream: string, question: packet.Question): Promise<Answer> {
  const [host, port] = upstream.split(":") as [string, string];
  const socket = dgram.createSocket("udp4");
  const id = Math.floor(Math.random() * 65_536);
  const query = packet.encode({
    type: "query",
    id,
    flags: packet.RECURSION_DESIRED | packet.CHECKING_DISABLED,
    questions: [question],
    additionals: [
      {
        type: "OPT",
        name: ".",
        udpPayloadSize: 4096,
        extendedRcode: 0,
        ednsVersion: 0,
        flags: packet.DNSSEC_OK,
        flag_do: true,
        options: [],
      },
    ],
  });
  return new Promise<Answer>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${upstream} did not answer`)), 2000);
    socket.on("message", (bytes) => {
      const decoded: Answer = packet.decode(bytes);
      if (decoded.id !== id) return;
      clearTimeout(timer);
      resolve(decoded);
    });
    socket.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.send(query, Number(port), host);
  }).finally(() => socket.close());
}
