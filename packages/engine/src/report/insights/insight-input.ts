import type { SectionResult } from "../../contract/section-result.js";
import type { CertificateAuthority } from "./certificate-authorities.js";

/** What every insight is computed from: the report's domain and sections, nothing else. */
export interface InsightInput {
  /** The report's (normalised) domain. */
  readonly domain: string;
  readonly sections: Readonly<Record<string, SectionResult>>;
  /** The CA table of the CAA insight, built-in entries plus configured ones. */
  readonly certificateAuthorities: readonly CertificateAuthority[];
}
