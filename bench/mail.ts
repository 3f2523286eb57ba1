/**
 * The cold mail section of a domain with three MX hosts whose loopback SMTP peers delay every
 * reply (banner included) by 50 ms. The MX hosts are probed in parallel, so the section should
 * take little more than its slowest MX's conversation: prints the wall time, that conversation
 * and their ratio (target <= 1.3). Run with `pnpm bench:mail`.
 */

import {
  createTestPki,
  labBlock,
  startDnsServer,
  startSmtpServer,
  type TestSmtpServer,
  type ZoneRecords,
  zoneHandler,
} from "@domain-intel/test-kit";
import {
  createEngine,
  type MailData,
  mailProbe,
  type SectionResult,
} from "../packages/engine/dist/index.js";
import { assertBenchTsconfig } from "./support/bench-process.js";

assertBenchTsconfig();

const replyDelayMs = 50;
const runs = 5;
const target = 1.3;
const domain = "three-mx.test";

async function main(): Promise<void> {
  const pki = await createTestPki({ name: "Mail Bench" });
  const block = labBlock();
  const records: ZoneRecords = { [domain]: [] };
  const servers: TestSmtpServer[] = [];
  let port = 0;
  for (let index = 1; index <= 3; index++) {
    const host = `mx${index}.${domain}`;
    const address = `127.${block}.0.${index}`;
    const leaf = await pki.issueLeaf({ commonName: host, subjectAltNames: [host] });
    const server = await startSmtpServer({
      mode: "starttls",
      host: address,
      port,
      name: host,
      replyDelayMs,
      certificate: { keyPem: leaf.keyPem, certPem: leaf.chainPem },
    });
    port = server.port;
    servers.push(server);
    records[domain]!.push({
      type: "MX",
      name: domain,
      ttl: 300,
      data: { preference: index, exchange: host },
    });
    records[host] = [{ type: "A", name: host, ttl: 300, data: address }];
  }
  const dns = await startDnsServer(zoneHandler(records));
  const results: { wallMs: number; slowestMs: number }[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      // A fresh engine per run: nothing cached.
      const engine = createEngine({
        keys: ["bench"],
        network: { resolvers: [dns.address], allowPrivateAddresses: true },
        probes: {
          whois: false,
          dns: false,
          ssl: false,
          mail: mailProbe({ smtpPort: port, ca: pki.root.certPem }),
        },
      });
      const started = performance.now();
      const section = (await engine.lookup(domain, "mail")) as SectionResult;
      const wallMs = performance.now() - started;
      if (section.status !== "ok")
        throw new Error(`the mail section failed: ${section.error?.message}`);
      const data = section.data as MailData;
      const endpoints = data.hosts.flatMap((host) => host.endpoints);
      if (endpoints.length !== 3 || endpoints.some((endpoint) => endpoint.tls === null)) {
        throw new Error("not every MX completed STARTTLS");
      }
      results.push({
        wallMs,
        slowestMs: Math.max(...endpoints.map((endpoint) => endpoint.durationMs)),
      });
    }
  } finally {
    await Promise.all([dns.close(), ...servers.map((server) => server.close())]);
  }
  const sorted = [...results].sort((a, b) => a.wallMs - b.wallMs);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const ratio = median.wallMs / median.slowestMs;
  console.log(
    `Mail section of ${domain}: 3 MX, ${replyDelayMs} ms added to every SMTP reply, ${runs} cold runs`,
  );
  console.log(
    `  wall time              median ${median.wallMs.toFixed(0)} ms (min ${sorted[0]!.wallMs.toFixed(0)}, max ${sorted.at(-1)!.wallMs.toFixed(0)})`,
  );
  console.log(
    `  slowest conversation   ${median.slowestMs} ms (banner, EHLO, STARTTLS, handshake, QUIT)`,
  );
  console.log(`  ratio                  ${ratio.toFixed(2)}x (target <= ${target}x)`);
  if (ratio > target) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
