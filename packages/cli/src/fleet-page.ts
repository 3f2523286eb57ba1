import { pageHtml } from "./page-assets.js";

/*
 * The fleet page at `{basePath}/fleet`. Every URL on it is relative, so it works wherever the
 * API is mounted: `fleet/x` is `{basePath}/fleet/x`, `watch` the JSON summary of the watch list
 * and `view?domain=d` the report page.
 */
export const fleetPageHtml = pageHtml({
  title: "domain-intel fleet",
  styles: ["fleet/report.css", "fleet/fleet.css"],
  script: "fleet/fleet-page.js",
  mainClass: "fleet",
  main: `<h1>Fleet</h1>
<form id="source" autocomplete="off">
<label>API key <input id="key" name="key" type="password" required placeholder="di_..." autocomplete="off"></label>
<label>Batch id <input id="batch" name="batch" placeholder="empty: the watch list" spellcheck="false"></label>
<button type="submit" disabled>Load</button>
</form>
<p id="state" role="status"></p>
<form id="filters" hidden>
<label>Expiring within <input id="within" type="number" min="0" max="3650" step="1" placeholder="days"></label>
<label>Failing <select id="failing"><option value="">any or none</option></select></label>
<label>Changed since <input id="since" type="date"></label>
</form>
<p id="counts"></p>
<div role="table" class="fleet-grid" aria-label="Domains" hidden><div role="rowgroup" id="fleet-head"></div><div role="rowgroup" id="fleet-body"></div></div>
<section id="timeline" hidden><h2>Changes across the fleet <small class="quiet">(UTC)</small></h2><div id="timeline-list"></div></section>
<footer><small id="generated"></small></footer>`,
});

/** What the fleet page adds to the report page's style. */
export const fleetStyle = `
main.fleet{max-width:1280px}
form#source,form#filters{display:flex;flex-wrap:wrap;gap:10px;align-items:end;margin:8px 0}
form#source input,form#filters input,form#filters select{display:block;padding:4px 6px;font:inherit}
.fleet-grid{background:#fff;border:1px solid #e2e5ea;margin:6px 0}
.fleet-grid .row{display:grid;grid-template-columns:minmax(10em,1.1fr) repeat(var(--marks,6),5.2em) 7.4em 7.4em minmax(12em,1.4fr);border-top:1px solid #e2e5ea}
.fleet-grid .row>*{padding:3px 8px;font-size:.9em;overflow-wrap:anywhere}
.fleet-grid .head{position:sticky;top:0;z-index:1;background:#eef0f4;border-top:0}
.fleet-grid .head>*{overflow-wrap:normal}.fleet-grid .head .c-mark{text-align:center}.fleet-grid .head .c-days{text-align:right}
.fleet-grid .head button{all:unset;cursor:pointer;font-weight:600}
.fleet-grid .head button:focus-visible{outline:2px solid #6b8fd6}
.fleet-grid [aria-sort=ascending] button::after{content:" \\25B2"}
.fleet-grid [aria-sort=descending] button::after{content:" \\25BC"}
#fleet-body .row{content-visibility:auto;contain-intrinsic-size:auto 1.9em;cursor:pointer}
#fleet-body .row:hover{background:#eef2fb}
.m{text-align:center;font-weight:700}
.m.fail{background:#fbe9e7;color:#b3261e}.m.warn{background:#fff4e0;color:#a05a00}.m.ok{color:#11763a}
.none{color:#8a909c;text-align:center}
.days{text-align:right;font-variant-numeric:tabular-nums}
.days.soon{color:#a05a00;font-weight:700}.days.over{color:#fff;background:#b3261e;font-weight:700}
.change time,#timeline time{font-variant-numeric:tabular-nums;color:#5a6272}
#timeline ol{list-style:none;padding-left:0;margin:0}#timeline h3{font-size:1em;margin:.8em 0 .2em}
#timeline li li{padding:2px 0}#timeline .before{color:#8a2b22}#timeline .after{color:#11763a}
.quiet{color:#5a6272}
@media print{
*{-webkit-print-color-adjust:exact;print-color-adjust:exact}
form#source,form#filters,#state{display:none}
main.fleet{max-width:none;padding:0}
.fleet-grid{font-size:10px}#fleet-body .row{content-visibility:visible;break-inside:avoid}
.fleet-grid .head{position:static}.fleet-grid .head button::after{content:none}
a{color:inherit;text-decoration:none}#fleet-body .row:hover{background:none}
}
`;

// A file rather than an inline script, so the page's CSP forbids inline code altogether. The
// key lives in sessionStorage only (shared with the report page in this tab): never in the URL,
// localStorage or a cookie. performance marks time the first paint and each sort.
export const fleetPageScript = `import {
  ariaSort,
  filterFleetRows,
  fleetCounts,
  fleetHeadHtml,
  fleetRowHtml,
  fleetTimelineHtml,
  sortFleetRows,
} from "./fleet-view.js";
const byId = (id) => document.getElementById(id);
const source = byId("source");
const keyInput = byId("key");
const batchInput = byId("batch");
const state = byId("state");
const filters = byId("filters");
const within = byId("within");
const failing = byId("failing");
const since = byId("since");
const table = document.querySelector("div.fleet-grid");
let summary;
let rowElements = new Map();
let timelineSince;
let sort = { key: "registration", direction: "asc" };
keyInput.value ||= sessionStorage.getItem("domain-intel.key") ?? "";
batchInput.value ||= new URLSearchParams(location.search).get("batch") ?? "";
const painted = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

function filterNow() {
  const filter = {};
  if (within.value !== "" && Number.isFinite(Number(within.value)))
    filter.expiringWithinDays = Number(within.value);
  if (failing.value !== "") filter.failing = failing.value;
  if (since.value !== "") filter.changedSince = new Date(since.value + "T00:00:00Z");
  return filter;
}

// Rows are parsed once; a sort or a filter puts the same elements in another order.
function draw() {
  const filter = filterNow();
  const rows = sortFleetRows(filterFleetRows(summary.domains, filter), sort);
  for (const header of byId("fleet-head").querySelectorAll("[role=columnheader]"))
    header.setAttribute("aria-sort", ariaSort(sort, header.querySelector("button").dataset.sort));
  byId("fleet-body").replaceChildren(...rows.map((row) => rowElements.get(row.domain)));
  const all = fleetCounts(summary.domains);
  byId("counts").textContent = rows.length + " of " + all.domains + " domains shown; " +
    all.expiring + " expire within 30 days, " + all.failing + " have a failing section.";
  if (timelineSince !== since.value) {
    timelineSince = since.value;
    byId("timeline-list").innerHTML = fleetTimelineHtml(summary.changes, filter.changedSince);
  }
}

function sectionChoices(sections) {
  const option = (value, label) => {
    const element = document.createElement("option");
    element.value = value;
    element.textContent = label;
    return element;
  };
  failing.replaceChildren(
    option("", "any or none"),
    option("*", "any section"),
    ...sections.map((section) => option(section, section)),
  );
}

async function load() {
  const key = keyInput.value.trim();
  const batch = batchInput.value.trim();
  sessionStorage.setItem("domain-intel.key", key);
  state.textContent = "Loading...";
  performance.mark("fleet-request");
  try {
    const response = await fetch(batch ? "batch/" + encodeURIComponent(batch) + "/summary" : "watch", {
      headers: { authorization: "Bearer " + key, accept: "application/json" },
    });
    const body = await response.json();
    if (!response.ok) {
      state.textContent = (body.title ?? "Error") + ": " + (body.detail ?? response.status);
      return;
    }
    summary = body;
    const rowGroup = byId("fleet-body");
    rowGroup.innerHTML = summary.domains.map((row) => fleetRowHtml(row, summary.sections)).join("");
    rowElements = new Map([...rowGroup.children].map((row) => [row.dataset.domain, row]));
    byId("fleet-head").innerHTML = fleetHeadHtml(summary.sections, sort);
    // The grid's columns, one a section: the style's custom property, set through the CSSOM.
    table.style.setProperty("--marks", String(summary.sections.length));
    timelineSince = undefined;
    sectionChoices(summary.sections);
    draw();
    filters.hidden = false;
    table.hidden = false;
    byId("timeline").hidden = false;
    byId("generated").textContent = (batch ? "Batch " + batch : "Watch list") + ", " + summary.generatedAt;
    state.textContent = summary.domains.length === 0 ? "No domain in this list." : "";
    await painted();
    performance.measure("fleet-first-paint", "fleet-request", performance.mark("fleet-painted").name);
  } catch (error) {
    state.textContent = "The API could not be reached: " + error.message;
  }
}

source.addEventListener("submit", (event) => {
  event.preventDefault();
  load();
});
filters.addEventListener("input", () => draw());
filters.addEventListener("submit", (event) => event.preventDefault());
byId("fleet-head").addEventListener("click", async (event) => {
  const button = event.target.closest("button[data-sort]");
  if (!button) return;
  const key = button.dataset.sort;
  sort = { key, direction: sort.key === key && sort.direction === "asc" ? "desc" : "asc" };
  performance.mark("fleet-sort-start");
  draw();
  await painted();
  performance.measure("fleet-sort", "fleet-sort-start", performance.mark("fleet-sort-end").name);
});
// A row opens the domain's report page, in this tab (which keeps the key).
byId("fleet-body").addEventListener("click", (event) => {
  if (event.target.closest("a")) return;
  const link = event.target.closest("[role=row]")?.querySelector("a");
  if (link) location.href = link.href;
});
// Enabled only now: a form sent before this script ran would be the browser's own GET.
source.querySelector("button").disabled = false;
if (keyInput.value) load();
`;
