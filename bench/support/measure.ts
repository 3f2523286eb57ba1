import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import autocannon from "autocannon";

export interface Measured {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

export const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const seconds = Number(process.env.BENCH_SECONDS ?? 5);

export function urlOf(server: Server, path: string): string {
  const { port } = server.address() as AddressInfo;
  return `http://127.0.0.1:${port}${path}`;
}

/** One autocannon run after a short warm-up; loopback only, bounded in time. */
export async function measure(
  name: string,
  url: string,
  headers: Record<string, string>,
): Promise<Measured> {
  await autocannon({ url, connections, duration: 1, headers });
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export function printRatio(
  label: string,
  subject: Measured,
  baseline: Measured,
  target: number,
): boolean {
  const ratio = subject.requestsPerSecond / baseline.requestsPerSecond;
  const ok = ratio >= target;
  console.log(
    `${label}: ${subject.name} ${subject.requestsPerSecond} req/s vs ${baseline.name} ${baseline.requestsPerSecond} req/s = ${ratio.toFixed(2)}x (target >= ${target}x) ${ok ? "ok" : "BELOW TARGET"}`,
  );
  return ok;
}
