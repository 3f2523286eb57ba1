export * from "./client-cases.js";
export * from "./contract-peers.js";
export * from "./contract-suite.js";
export * from "./fetch-contract-app.js";
