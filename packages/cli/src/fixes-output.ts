import type { FixEntry, FixGroup, Remediation, ServerSnippets } from "@domain-intel/engine";

/** The servers a `--server` choice names. */
export const serverKinds = ["nginx", "apache", "caddy", "iis", "haproxy"] as const;
export type ServerKind = (typeof serverKinds)[number];

// `#` starts a comment in a zone file and in nginx, Apache, Caddy and HAProxy configurations.
const comment = (text: string) =>
  text
    .split("\n")
    .map((line) => `# ${line}`)
    .join("\n");

function snippetLines(servers: ServerSnippets, only: ServerKind | undefined): string[] {
  const kinds = only ? [only] : serverKinds;
  return kinds.flatMap((kind) => {
    const line = servers[kind];
    if (line === undefined) return [];
    return only ? [line] : [`# ${kind}:`, line];
  });
}

/** The server kind a `Server` header names (nginx/1.25, Apache/2.4, Microsoft-IIS/10.0...). */
export function serverKindOf(header: string | null | undefined): ServerKind | undefined {
  const name = header?.toLowerCase() ?? "";
  if (name.includes("microsoft-iis")) return "iis";
  return serverKinds.find((kind) => name.includes(kind));
}

/** The lines of one change, ready to paste where it goes (zone, server, file, registrar). */
export function changeLines(
  change: Remediation["changes"][number],
  server: ServerKind | undefined,
): string[] {
  const stage = change.stage === undefined ? [] : [`# stage ${change.stage}`];
  switch (change.kind) {
    case "dns-record":
      return [
        ...stage,
        ...(change.action === "remove" ? [`# remove from the zone:`] : []),
        ...(change.action === "replace" && change.replaces?.length
          ? [`# in place of: ${change.replaces.join(" | ")}`]
          : []),
        change.action === "remove" ? comment(change.zoneLine) : change.zoneLine,
      ];
    case "http-header":
      return [...stage, ...snippetLines(change.servers, server)];
    case "tls-config":
      return [
        ...stage,
        `# Mozilla ${change.profile} profile: ${change.why}`,
        ...snippetLines(change.servers, server),
      ];
    case "file":
      return [
        ...stage,
        `# file ${change.path} (${change.url}, ${change.contentType}):`,
        change.content.replace(/\n$/, ""),
      ];
    case "registrar":
      return [...stage, `# at the registrar: ${change.action} ${change.what} ${change.value}`];
  }
}

/**
 * The fixes as text to paste: per finding a comment line naming it and its summary, the
 * parameters to fill in, each change's zone-file or server lines, then the steps as comments.
 */
export function fixesText(entries: readonly FixEntry[], server?: ServerKind): string {
  if (entries.length === 0) return "# No failing or warning finding has a fix.\n";
  const blocks = entries.map((entry) => {
    const { remediation } = entry;
    return [
      `# ${entry.domain} ${entry.id} (${entry.status}): ${remediation.summary}`,
      ...(remediation.parameters ?? []).map(
        (parameter) => `# fill in {{${parameter.name}}}: ${parameter.description}`,
      ),
      ...remediation.changes.flatMap((change) => changeLines(change, server)),
      ...(remediation.steps ?? []).map((step) => comment(step)),
    ].join("\n");
  });
  return `${blocks.join("\n\n")}\n`;
}

/** A fleet's grouped fixes as text: each group once, headed by how many domains and which. */
export function fixGroupsText(groups: readonly FixGroup[], server?: ServerKind): string {
  return fixesText(
    groups.map((group) => ({
      domain: `${group.domains.length} domain${group.domains.length === 1 ? "" : "s"} (${group.domains.join(", ")}):`,
      section: group.section,
      id: group.id,
      status: group.status,
      message: "",
      remediation: group.remediation,
    })),
    server,
  );
}
