// The MDN HTTP Observatory's scanner (npm @mdn/mdn-http-observatory) over the bench's sites, in
// its own process (it trusts the sites' test root through NODE_EXTRA_CA_CERTS, read at start).
// argv: concurrency; stdin: the host names as JSON. Prints, as JSON, the wall and CPU time of
// the scans alone and each site's outcomes by test, score and grade (or the error it threw).
import { scan } from "@mdn/mdn-http-observatory";

const concurrency = Number(process.argv[2] ?? "1");
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const hosts = JSON.parse(Buffer.concat(chunks).toString("utf8"));

const results = {};
let next = 0;
async function worker() {
  while (next < hosts.length) {
    const host = hosts[next++];
    try {
      const { scan: summary, tests } = await scan(host);
      results[host] = {
        score: summary.score,
        grade: summary.grade,
        tests: Object.fromEntries(Object.entries(tests).map(([name, test]) => [name, test.result])),
      };
    } catch (error) {
      results[host] = { error: error instanceof Error ? error.message : String(error) };
    }
  }
}
const cpu = process.cpuUsage();
const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, worker));
const wallMs = performance.now() - started;
const used = process.cpuUsage(cpu);
process.stdout.write(JSON.stringify({ wallMs, cpuMs: (used.user + used.system) / 1000, results }));
