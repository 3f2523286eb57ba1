import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import pLimit from "p-limit";
import { parseAllDocuments } from "yaml";
import { startDnsServer } from "../dns/dns-server.js";
import { spfSuiteHandler } from "./spf-suite-handler.js";

/**
 * The openspf test suites kept in pyspf (`sdgathman/pyspf`, `test/rfc7208-tests.yml` and
 * `test/rfc4408-tests.yml`, BSD licences beside them): each scenario's zone data and the
 * results a check_host() must reach for its tests.
 */
export type SpfSuiteName = "rfc7208" | "rfc4408";

/** One record of a scenario's zone data, as the suite writes it. */
export type SpfSuiteRecord =
  | { type: "A" | "AAAA" | "MX" | "PTR" | "CNAME"; value: string | [number, string] }
  | { type: "TXT" | "SPF"; value: string[] | "NONE" | "TIMEOUT" }
  /** A name whose every question goes unanswered, unless a record of the type comes first. */
  | { type: "TIMEOUT" };

export interface SpfSuiteTest {
  /** `<scenario description>/<test name>`: unique across a suite. */
  id: string;
  name: string;
  scenario: string;
  spec: string;
  description: string;
  helo: string;
  host: string;
  mailfrom: string;
  /** The result expected, or the results accepted when the suite lists several. */
  results: string[];
  explanation: string | null;
}

export interface SpfSuiteScenario {
  description: string;
  /** Names in lower case, without the trailing dot. */
  zone: Map<string, SpfSuiteRecord[]>;
  tests: SpfSuiteTest[];
}

const suiteDirectory = fileURLToPath(new URL(".", import.meta.url));

/** The scenarios of one suite, read from its YAML file. */
export function spfSuite(name: SpfSuiteName): SpfSuiteScenario[] {
  const text = readFileSync(`${suiteDirectory}${name}-tests.yml`, "utf8");
  return parseAllDocuments(text).map((document) => {
    const data = document.toJS() as {
      description: string;
      tests: Record<string, Record<string, unknown>>;
      zonedata?: Record<string, unknown[]>;
    };
    const zone = new Map<string, SpfSuiteRecord[]>();
    for (const [owner, records] of Object.entries(data.zonedata ?? {})) {
      zone.set(owner.toLowerCase().replace(/\.$/, ""), (records ?? []).map(suiteRecord));
    }
    const tests = Object.entries(data.tests).map(([testName, test]) => ({
      id: `${data.description}/${testName}`,
      name: testName,
      scenario: data.description,
      spec: String(test.spec ?? ""),
      description: String(test.description ?? ""),
      helo: String(test.helo ?? ""),
      host: String(test.host ?? ""),
      mailfrom: String(test.mailfrom ?? ""),
      results: ([] as unknown[]).concat(test.result).map(String),
      explanation: test.explanation === undefined ? null : String(test.explanation),
    }));
    return { description: data.description, zone, tests };
  });
}

function suiteRecord(entry: unknown): SpfSuiteRecord {
  if (entry === "TIMEOUT") return { type: "TIMEOUT" };
  const [[type, value]] = Object.entries(entry as Record<string, unknown>) as [[string, unknown]];
  if (type === "TXT" || type === "SPF") {
    if (value === "NONE" || value === "TIMEOUT") return { type, value };
    return { type, value: ([] as unknown[]).concat(value).map(String) };
  }
  return { type, value } as SpfSuiteRecord;
}

/**
 * Runs `run` for every test of a suite, each scenario's zone data served by its own loopback
 * resolver (`spfSuiteHandler`), at most `concurrency` tests at once so a loaded machine does
 * not turn answers into timeouts; the servers are closed at the end.
 */
export async function replaySpfSuite<T>(options: {
  suite: SpfSuiteName;
  run: (test: SpfSuiteTest, resolver: string) => Promise<T>;
  concurrency?: number;
}): Promise<{ test: SpfSuiteTest; outcome: T }[]> {
  const scenarios = spfSuite(options.suite);
  const servers = await Promise.all(
    scenarios.map((scenario) => startDnsServer(spfSuiteHandler(scenario.zone))),
  );
  const limit = pLimit(options.concurrency ?? 8);
  try {
    const rounds = scenarios.flatMap((scenario, index) =>
      scenario.tests.map((test) =>
        limit(async () => ({ test, outcome: await options.run(test, servers[index]!.address) })),
      ),
    );
    return await Promise.all(rounds);
  } finally {
    await Promise.all(servers.map((server) => server.close()));
  }
}
