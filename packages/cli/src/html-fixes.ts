import type { Remediation } from "@domain-intel/engine";
import { changeLines, type ServerKind } from "./fixes-output.js";
import { escapeHtml } from "./html-escape.js";

/*
 * A finding's fix on the report page: its summary, each change as the lines to paste (zone-file
 * line, the site's server's line, a file's path and content) with a copy button, the values to
 * fill in, and the steps in words as a list. Runs in the browser too: types only from the engine.
 */

/** The style of a fix; copy buttons show only where a script makes them work (the view page). */
export const fixStyle = `
.fix{margin:6px 0 2px;padding:4px 8px;background:#f3f6fb;border:1px solid #dde3ee}
.fix .change{position:relative}.fix pre{margin:4px 0;padding:6px 8px;background:#fff;border:1px solid #e2e5ea;overflow-x:auto;white-space:pre-wrap}
.fix .steps,.fix .parameters{margin:4px 0;padding-left:1.4em}
button.copy{display:none;position:absolute;top:2px;right:2px;font:inherit;font-size:.8em}
.scripted button.copy{display:inline-block}
`;

export function fixHtml(remediation: Remediation, server: ServerKind | undefined): string {
  const parameters = remediation.parameters ?? [];
  const changes = remediation.changes.map(
    (change) =>
      `<div class="change ${escapeHtml(change.kind)}"><pre><code>${escapeHtml(changeLines(change, server).join("\n"))}</code></pre><button type="button" class="copy">Copy</button></div>`,
  );
  const steps = remediation.steps ?? [];
  return `<div class="fix"><p class="fix-summary"><b>Fix:</b> ${escapeHtml(remediation.summary)}</p>${
    parameters.length > 0
      ? `<ul class="parameters">${parameters.map((parameter) => `<li>fill in <code>{{${escapeHtml(parameter.name)}}}</code>: ${escapeHtml(parameter.description)}</li>`).join("")}</ul>`
      : ""
  }${changes.join("")}${
    steps.length > 0
      ? `<ol class="steps">${steps.map((step) => `<li>${escapeHtml(step)}</li>`).join("")}</ol>`
      : ""
  }</div>`;
}
