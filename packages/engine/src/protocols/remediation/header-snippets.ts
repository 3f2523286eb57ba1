import type { HttpHeaderChange, ServerSnippets } from "../../contract/remediation.js";

const quoted = (value: string) => `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`;
const xmlAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

/** The line that sets `name: value` on every answer, for each server. */
export function setHeaderSnippets(name: string, value: string): ServerSnippets {
  return {
    // `always`: on error answers too, which nginx leaves out otherwise.
    nginx: `add_header ${name} ${quoted(value)} always;`,
    apache: `Header always set ${name} ${quoted(value)}`,
    caddy: `header ${name} ${quoted(value)}`,
    iis: `<add name="${xmlAttribute(name)}" value="${xmlAttribute(value)}" /> <!-- system.webServer/httpProtocol/customHeaders -->`,
    haproxy: `http-response set-header ${name} ${quoted(value)}`,
  };
}

/** The line that drops `name` from every answer, for each server. */
export function removeHeaderSnippets(name: string): ServerSnippets {
  const nginx =
    name.toLowerCase() === "server"
      ? "server_tokens off;"
      : `proxy_hide_header ${name}; fastcgi_hide_header ${name};`;
  return {
    nginx,
    apache:
      name.toLowerCase() === "server"
        ? "ServerTokens Prod\nServerSignature Off"
        : `Header always unset ${name}`,
    caddy: `header -${name}`,
    iis: `<remove name="${xmlAttribute(name)}" /> <!-- system.webServer/httpProtocol/customHeaders -->`,
    haproxy: `http-response del-header ${name}`,
  };
}

/** An `http-header` change setting the header, with its snippets. */
export function setHeaderChange(name: string, value: string, stage?: number): HttpHeaderChange {
  return {
    kind: "http-header",
    action: "set",
    name,
    value,
    servers: setHeaderSnippets(name, value),
    ...(stage === undefined ? {} : { stage }),
  };
}

/** An `http-header` change removing the header, with its snippets. */
export function removeHeaderChange(name: string): HttpHeaderChange {
  return {
    kind: "http-header",
    action: "remove",
    name,
    value: "",
    servers: removeHeaderSnippets(name),
  };
}
