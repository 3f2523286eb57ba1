export {
  HttpOptions,
  type HttpProbeOptions,
  type HttpSettings,
  httpDeclaration,
} from "./declaration.js";
export type {
  HttpCookie,
  HttpData,
  HttpFailureReason,
  HttpFetch,
  HttpHop,
  HttpHsts,
  HttpSecurityHeaders,
  SecurityTxt,
} from "./http-data.js";
export { httpFindingIds } from "./http-findings.js";
export { createHttpProbe, httpProbe } from "./http-probe.js";
export { httpDataSchema } from "./schema.js";
export { type ParsedSecurityTxt, parseSecurityTxt } from "./security-txt.js";
