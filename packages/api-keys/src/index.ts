export {
  type FileKeyStore,
  type FileKeyStoreOptions,
  fileKeyStore,
  type KeyFileFormat,
} from "./file-key-store.js";
export { keyIssuing } from "./key-issuing.js";
export type { KeyGrant, KeyIssuingAuthorize, KeyIssuingOptions } from "./key-issuing-options.js";
