import type { Finding } from "../../../contract/finding.js";
import type { HttpFacts } from "../declaration.js";
import { refusedAtStart } from "./transport-findings.js";
import { finding, privateSkip } from "./verdict.js";

function unreachable(
  facts: HttpFacts,
  id: "http.security-txt.present" | "http.security-txt.valid",
) {
  const why = refusedAtStart(facts.https) ? privateSkip : "Skipped: HTTPS does not answer.";
  return finding(id, "skipped", why);
}

/** `http.security-txt.present`: RFC 9116's file at `/.well-known/security.txt`. */
export function securityTxtPresent(facts: HttpFacts): Finding {
  const id = "http.security-txt.present";
  if (!facts.https.reachable) return unreachable(facts, id);
  const file = facts.securityTxt;
  if (!file.found || !file.fields) {
    return finding(id, "warn", `No security.txt at ${file.url}.`, { status: file.status });
  }
  return finding(id, "pass", `security.txt found at ${file.url}.`);
}

/** `http.security-txt.valid`: Contact and a future Expires (fail), the rest of RFC 9116 (warn). */
export function securityTxtValid(facts: HttpFacts): Finding {
  const id = "http.security-txt.valid";
  if (!facts.https.reachable) return unreachable(facts, id);
  const file = facts.securityTxt;
  if (!file.found || !file.fields) return finding(id, "skipped", "Skipped: no security.txt.");
  const { fields } = file;
  if (fields.contact.length === 0 || fields.expires === null || file.expired !== false) {
    return finding(id, "fail", "security.txt lacks a Contact, a valid Expires, or has expired.", {
      errors: file.errors,
    });
  }
  if (file.errors.length > 0) {
    return finding(id, "warn", "security.txt departs from RFC 9116.", { errors: file.errors });
  }
  return finding(id, "pass", "security.txt is valid.");
}
