import { Type } from "../../contract/schema.js";
import { parseBootstrapOption } from "./bootstrap.js";

/**
 * The RDAP bootstrap: data, a file path or a URL, read once into where to load it from. Any
 * value reaches the reader, which says what is wrong with it better than a schema can.
 */
export const BootstrapOption = Type.Transform(
  Type.Unsafe<object | string>(
    Type.Unknown({
      expect: "RFC 9224 bootstrap data, a file path or an http(s) URL",
      description:
        "IANA RDAP bootstrap (RFC 9224 `dns.json`) as data, a file path or an http(s) URL. Loaded once and kept 24 h. Default: IANA's https://data.iana.org/rdap/dns.json.",
    }),
  ),
)
  .Decode((value) => {
    try {
      return parseBootstrapOption(value, "");
    } catch (error) {
      throw new Error((error as Error).message.trim());
    }
  })
  .Encode((): never => {
    throw new Error("a bootstrap source is read, never written back");
  });
