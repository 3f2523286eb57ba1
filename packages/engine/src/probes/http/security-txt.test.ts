import { describe, expect, it } from "vitest";
import { parseSecurityTxt } from "./security-txt.js";

// The examples of RFC 9116, read on a date when their Expires (2021-12-31) is still ahead.
const before = Date.parse("2021-06-01T00:00:00Z");

const rfcFieldExamples = [
  "# This is a comment.",
  "Acknowledgments: https://example.com/hall-of-fame.html",
  "Canonical: https://www.example.com/.well-known/security.txt",
  "Canonical: https://someserver.example.com/.well-known/security.txt",
  "Contact: mailto:security@example.com",
  "Contact: mailto:security%2Buri%2Bencoded@example.com",
  "Contact: tel:+1-201-555-0123",
  "Contact: https://example.com/security-contact.html",
  "Encryption: https://example.com/pgp-key.txt",
  "Encryption: dns:5d2d37ab76d47d36._openpgpkey.example.com?type=OPENPGPKEY",
  "Encryption: openpgp4fpr:5f2de5521c63a801ab59ccb603d49de44b8e7bfa",
  "Expires: 2021-12-31T18:37:07.000Z",
  "Hiring: https://example.com/jobs.html",
  "Policy: https://example.com/disclosure.html",
  "Preferred-Languages: en, es, fr",
].join("\r\n");

const rfcSignedExample = `-----BEGIN PGP SIGNED MESSAGE-----
Hash: SHA256

# Canonical URI
Canonical: https://example.com/.well-known/security.txt

# Our security address
Contact: mailto:security@example.com

# Our OpenPGP key
Encryption: https://example.com/pgp-key.txt

# Our security policy
Policy: https://example.com/security-policy.html

# Our security acknowledgments page
Acknowledgments: https://example.com/hall-of-fame.html

Expires: 2021-12-31T18:37:07.000Z
-----BEGIN PGP SIGNATURE-----
Version: GnuPG v2.2

[signature]
-----END PGP SIGNATURE-----
`;

describe("parseSecurityTxt (RFC 9116)", () => {
  it("reads every field of the RFC's examples, CRLF lines and comments included", () => {
    const parsed = parseSecurityTxt(rfcFieldExamples, before);
    expect(parsed).toEqual({
      signed: false,
      expired: false,
      errors: [],
      fields: {
        acknowledgments: ["https://example.com/hall-of-fame.html"],
        canonical: [
          "https://www.example.com/.well-known/security.txt",
          "https://someserver.example.com/.well-known/security.txt",
        ],
        contact: [
          "mailto:security@example.com",
          "mailto:security%2Buri%2Bencoded@example.com",
          "tel:+1-201-555-0123",
          "https://example.com/security-contact.html",
        ],
        encryption: [
          "https://example.com/pgp-key.txt",
          "dns:5d2d37ab76d47d36._openpgpkey.example.com?type=OPENPGPKEY",
          "openpgp4fpr:5f2de5521c63a801ab59ccb603d49de44b8e7bfa",
        ],
        expires: "2021-12-31T18:37:07.000Z",
        hiring: ["https://example.com/jobs.html"],
        policy: ["https://example.com/disclosure.html"],
        preferredLanguages: ["en", "es", "fr"],
      },
    });
  });

  it("reads the RFC's signed example inside its signature", () => {
    const parsed = parseSecurityTxt(rfcSignedExample, before);
    expect(parsed.signed).toBe(true);
    expect(parsed.errors).toEqual([]);
    expect(parsed.fields).toMatchObject({
      canonical: ["https://example.com/.well-known/security.txt"],
      contact: ["mailto:security@example.com"],
      expires: "2021-12-31T18:37:07.000Z",
    });
  });

  it("undoes dash-escaping and notices a signature block that is missing", () => {
    const escaped = rfcSignedExample.replace("Contact:", "- Contact:");
    expect(parseSecurityTxt(escaped, before).fields.contact).toEqual([
      "mailto:security@example.com",
    ]);
    const cut = rfcSignedExample.slice(0, rfcSignedExample.indexOf("-----BEGIN PGP SIGNATURE"));
    expect(parseSecurityTxt(cut, before).errors).toContain(
      "The PGP signed message has no signature block.",
    );
  });

  it("says the RFC's example has expired once its date has passed", () => {
    const parsed = parseSecurityTxt(rfcFieldExamples, Date.parse("2022-01-01T00:00:00Z"));
    expect(parsed.expired).toBe(true);
    expect(parsed.errors).toEqual(["Expired on 2021-12-31T18:37:07.000Z."]);
  });

  it("lists what the RFC requires and a file breaks", () => {
    const parsed = parseSecurityTxt(
      [
        "Contact: http://example.com/report",
        "Expires: tomorrow",
        "Expires: 2021-12-31T18:37:07Z",
        "Preferred-Languages: en",
        "Preferred-Languages: fr",
        "this line is not a field",
      ].join("\n"),
      before,
    );
    expect(parsed.expired).toBeNull();
    expect(parsed.errors).toEqual([
      "Line 6 is neither a field nor a comment.",
      "Contact http://example.com/report is a web URI without https.",
      "Expires appears more than once.",
      "Preferred-Languages appears more than once.",
      "Expires tomorrow is not an RFC 3339 date-time.",
    ]);
    expect(parseSecurityTxt("", before).errors).toEqual(["No Contact field.", "No Expires field."]);
    expect(
      parseSecurityTxt("Contact: mailto:a@example.com\nExpires: 2030-01-01T00:00:00Z", before)
        .errors,
    ).toEqual(["Expires is more than a year ahead."]);
  });
});
