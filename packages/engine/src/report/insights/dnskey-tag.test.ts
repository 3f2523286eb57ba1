import { describe, expect, it } from "vitest";
import { dnskeyTag } from "./dnskey-tag.js";

// RFC 4034 section 5.4: the DNSKEY of dskey.example.com and its DS, key tag 60485.
const rfc4034Key =
  "AQOeiiR0GOMYkDshWoSKz9XzfwJr1AYtsmx3TGkJaNXVbfi/2pHm822aJ5iI9BMzNXxeYCmZDRD99WYwYqUSdjMmmAphXdvxegXd/M5+X7OrzKBaMbCVdFLUUh6DhweJBjEVv5f2wwjM9XzcnOf+EPbtG9DMBmADjFDc2w/rljwvFw==";

describe("dnskeyTag", () => {
  it("computes the RFC 4034 key tag", () => {
    const publicKey = Buffer.from(rfc4034Key, "base64");
    expect(dnskeyTag({ flags: 256, protocol: 3, algorithm: 5, publicKey })).toBe(60485);
    // The flags are part of the checksum: the same key as a KSK has another tag.
    expect(dnskeyTag({ flags: 257, protocol: 3, algorithm: 5, publicKey })).not.toBe(60485);
  });
});
