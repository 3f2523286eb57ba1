/** JSON Schema (2020-12) of the `http` section's `data`, its types, and the probe. */
export {
  type HttpCookie,
  type HttpData,
  HttpDataSchema,
  HttpDataSchema as httpDataSchema,
  type HttpFailureReason,
  type HttpFetch,
  type HttpHop,
  type HttpHsts,
  HttpOptions,
  type HttpProbeOptions,
  type HttpSecurityHeaders,
  type HttpSettings,
  httpDeclaration,
  type SecurityTxt,
} from "./declaration.js";
export { httpFindingIds } from "./http-findings.js";
export { createHttpProbe, httpProbe } from "./http-probe.js";
export { type ParsedSecurityTxt, parseSecurityTxt } from "./security-txt.js";
