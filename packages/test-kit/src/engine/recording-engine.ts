import {
  createEngine,
  type Engine,
  type Logger,
  type Probe,
  silentLogger,
} from "@domain-intel/engine";

/**
 * An engine whose whois, dns and ssl sections answer at once and record every name a probe
 * was given, so abuse tests can prove that nothing invalid ever reaches a probe.
 */
const builtInSections = ["whois", "dns", "ssl", "http", "mail", "hosting"] as const;

export function recordingEngine(options: {
  key: string;
  /** Sections, each answered by the recording probe. Default: whois, dns, ssl. */
  sections?: readonly string[];
  logger?: Logger;
}): { engine: Engine; runs: string[] } {
  const sections = options.sections ?? ["whois", "dns", "ssl"];
  const runs: string[] = [];
  const probe: Probe<{ name: string }> = {
    run: (domain) => {
      runs.push(domain);
      return { name: domain };
    },
    ttlMs: () => 60_000,
  };
  const engine = createEngine({
    keys: [options.key],
    probes: {
      // The built-in sections not listed are off: a live probe would leave the loopback.
      ...Object.fromEntries(builtInSections.map((name) => [name, false])),
      ...Object.fromEntries(sections.map((name) => [name, probe])),
    },
    rateLimit: false,
    logger: options.logger ?? silentLogger,
  });
  return { engine, runs };
}
