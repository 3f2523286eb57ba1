import { stepTimeoutMs } from "../../contract/budget.js";
import type { ProbeContext } from "../../contract/probe.js";
import { connectTcp } from "../../network/connect-tcp.js";

/** Whether a TCP connection to `address:port` opens: true, false, or null when not tried. */
export type Reachability =
  | { reachable: boolean; reason: string | null }
  | { reachable: null; reason: string };

const maxStepMs = 3000;

/**
 * Opens (and closes) one TCP connection through the network layer: refused by the address
 * policy is "not tried", never "unreachable".
 */
export async function tcpReachable(options: {
  context: ProbeContext;
  address: string;
  port: number;
}): Promise<Reachability> {
  const { context, address, port } = options;
  const timeoutMs = stepTimeoutMs(context, { maxMs: maxStepMs });
  if (timeoutMs <= 0) return { reachable: null, reason: "no time was left to connect" };
  return context.limit(async () => {
    let socket: ReturnType<typeof connectTcp>;
    try {
      socket = connectTcp({
        address,
        port,
        allowPrivateAddresses: context.network.allowPrivateAddresses,
      });
    } catch (error) {
      return { reachable: null, reason: (error as Error).message };
    }
    return new Promise<Reachability>((resolve) => {
      const done = (outcome: Reachability) => {
        clearTimeout(timer);
        socket.destroy();
        resolve(outcome);
      };
      const timer = setTimeout(
        () => done({ reachable: false, reason: `no answer within ${timeoutMs} ms` }),
        timeoutMs,
      );
      socket.once("connect", () => done({ reachable: true, reason: null }));
      socket.once("error", (error) => done({ reachable: false, reason: error.message }));
    });
  });
}
