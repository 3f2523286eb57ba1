/**
 * The engine's built-in sections turned off, for tests that serve only their own probes:
 * `probes: { ...noBuiltInProbes, echo: countingProbe().probe }`.
 */
export const noBuiltInProbes = {
  whois: false,
  dns: false,
  ssl: false,
  http: false,
  mail: false,
  hosting: false,
} as const;
