import type { Finding } from "./finding.js";
import type { ProbeErrorCode } from "./probe.js";

export type CacheStatus = "hit" | "miss" | "stale";

/** The envelope of one section, alone or inside the full report. */
export interface SectionResult<TData = unknown> {
  domain: string;
  section: string;
  status: "ok" | "error";
  fetchedAt: string;
  expiresAt: string;
  cache: CacheStatus;
  durationMs: number;
  data?: TData;
  error?: { code: ProbeErrorCode; message: string };
}

export interface Report {
  domain: string;
  generatedAt: string;
  sections: Record<string, SectionResult>;
  insights: Finding[];
}
