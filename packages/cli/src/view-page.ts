import { pageHtml } from "./page-assets.js";

/*
 * The view page at `{basePath}/view`. Every URL on it is relative, so it works wherever the
 * API is mounted: `view/x` is `{basePath}/view/x` and `domain/d` the JSON API's report.
 */
export const viewPageHtml = pageHtml({
  title: "domain-intel report",
  styles: ["view/report.css"],
  script: "view/view-page.js",
  main: `<form id="lookup" autocomplete="off">
<label>Domain <input id="domain" name="domain" required placeholder="example.com" spellcheck="false"></label>
<label>API key <input id="key" name="key" type="password" required placeholder="di_..." autocomplete="off"></label>
<button type="submit" disabled>Report</button>
<p id="state" role="status"></p>
</form>
<div id="report"></div>`,
});

// A file rather than an inline script, so the page's CSP forbids inline code altogether. The
// key lives in sessionStorage only: gone when the tab closes, never in localStorage or a cookie.
export const viewPageScript = `import { reportArticles } from "./html-report.js";
const form = document.getElementById("lookup");
const domainInput = document.getElementById("domain");
const keyInput = document.getElementById("key");
const state = document.getElementById("state");
const target = document.getElementById("report");
keyInput.value ||= sessionStorage.getItem("domain-intel.key") ?? "";
// Copy buttons of the fixes: only a page with this script shows them (the class below).
target.classList.add("scripted");
target.addEventListener("click", async (event) => {
  const button = event.target.closest("button.copy");
  if (!button) return;
  const lines = button.parentElement.querySelector("pre").textContent;
  try {
    await navigator.clipboard.writeText(lines);
    button.textContent = "Copied";
  } catch {
    button.textContent = "Select and copy";
  }
});
form.addEventListener("submit", (event) => {
  event.preventDefault();
  show();
});
async function show() {
  const domain = domainInput.value.trim();
  const key = keyInput.value.trim();
  sessionStorage.setItem("domain-intel.key", key);
  state.textContent = "Probing " + domain + "...";
  target.replaceChildren();
  try {
    const response = await fetch("domain/" + encodeURIComponent(domain), {
      headers: { authorization: "Bearer " + key, accept: "application/json" },
    });
    const body = await response.json();
    if (!response.ok) {
      state.textContent = (body.title ?? "Error") + ": " + (body.detail ?? response.status);
      return;
    }
    state.textContent = "";
    target.innerHTML = reportArticles([body]);
  } catch (error) {
    state.textContent = "The API could not be reached: " + error.message;
  }
}
// Enabled only now: a form sent before this script ran would be the browser's own GET.
form.querySelector("button").disabled = false;
// From the fleet page: view?domain=example.com, shown at once when this tab holds a key.
const asked = new URLSearchParams(location.search).get("domain");
if (asked) {
  domainInput.value = asked;
  if (keyInput.value) show();
}
`;
