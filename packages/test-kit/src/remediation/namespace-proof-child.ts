import { proveDnsFix } from "./dns-fix-proof.js";
import { dnsProofCases } from "./dns-proof-cases.js";

// Run by namespace-proof.ts inside the network namespace: one case's proof, as JSON on stdout.
const [section, id] = process.argv.slice(2);
if (section !== "dns" || !id || !dnsProofCases[id]) throw new Error(`no dns case ${id}`);
process.stdout.write(JSON.stringify(await proveDnsFix(id, dnsProofCases[id])));
