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
    probes: Object.fromEntries(sections.map((name) => [name, probe])),
    rateLimit: false,
    logger: options.logger ?? silentLogger,
  });
  return { engine, runs };
}
