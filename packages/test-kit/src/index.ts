// Loopback peers and helpers without vitest hooks, so bench/ can load them too. The parts that
// register hooks live on their own subpaths: `@domain-intel/test-kit/contract-suite` and
// `@domain-intel/test-kit/ssl-harness`.
export * from "./abuse/abuse-arbitraries.js";
export * from "./dns/dns-lab.js";
export * from "./dns/dns-lab-world.js";
export * from "./dns/dns-server.js";
export * from "./dns/dns-zone-handlers.js";
export * from "./dns/filtering-resolver.js";
export * from "./dns/svcb-encoder.js";
export * from "./dnssec/dnssec-signer.js";
export * from "./engine/counting-probe.js";
export * from "./engine/engine-get.js";
export * from "./engine/probe-context.js";
export * from "./engine/recording-engine.js";
export * from "./http/https-server.js";
export * from "./http/openapi-response-validator.js";
export * from "./http/raw-http.js";
export * from "./lambda/fixture-events.js";
export * from "./leaks/resource-leaks.js";
export * from "./processes/cli-process.js";
export * from "./processes/executables.js";
export * from "./processes/start-example.js";
export * from "./rdap/rdap-server.js";
export * from "./redis/redis-server.js";
export * from "./report/report-sections.js";
export * from "./smtp/smtp-server.js";
export * from "./tls/certificates.js";
export * from "./wait/until.js";
export * from "./whois/hop-policy.js";
export * from "./whois/whois-peers.js";
export * from "./whois/whois-server.js";
