// Key generation lives in the engine (the key-issuing route makes keys too); kept here so that
// `import { generateApiKey } from "@domain-intel/cli"` goes on working.
export { generateApiKey } from "@domain-intel/engine";
