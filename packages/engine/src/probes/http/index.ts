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
export { type HttpProbeOptions, httpProbe } from "./http-probe.js";
export { httpDataSchema } from "./schema.js";
export { type ParsedSecurityTxt, parseSecurityTxt } from "./security-txt.js";
