/**
 * TXT records at `_smtp._tls` and what RFC 8460 section 3 makes of them: a policy senders use
 * (`valid`), a record they do not use (`invalid`), or no TLS-RPT record at all (`absent`). Each
 * record is its character-strings, joined without separator as TXT strings are.
 */
export interface TlsRptCase {
  title: string;
  records: string[][];
  verdict: "valid" | "invalid" | "absent";
  /** The rule of RFC 8460 3 the case stands for. */
  rule: string;
}

export const tlsRptCases: readonly TlsRptCase[] = [
  {
    title: "one mailto: reporting address",
    records: [["v=TLSRPTv1; rua=mailto:tls@rpt.test"]],
    verdict: "valid",
    rule: "tlsrpt-rua with a mailto: URI",
  },
  {
    title: "mailto: and https: addresses, spaces around the comma, no space after ;",
    records: [["v=TLSRPTv1;rua=mailto:tls@rpt.test , https://rpt.test/report"]],
    verdict: "valid",
    rule: 'tlsrpt-uri *(*WSP "," *WSP tlsrpt-uri)',
  },
  {
    title: "a trailing semicolon",
    records: [["v=TLSRPTv1; rua=https://rpt.test/report;"]],
    verdict: "valid",
    rule: "tlsrpt-record ends in an optional field-delim",
  },
  {
    title: "an unknown extension",
    records: [["v=TLSRPTv1; rua=mailto:tls@rpt.test; ext_1.x=some-value"]],
    verdict: "valid",
    rule: "unknown fields SHALL be ignored",
  },
  {
    title: "the record split over two character-strings",
    records: [["v=TLSRPTv1; rua=mai", "lto:tls@rpt.test"]],
    verdict: "valid",
    rule: "strings of one TXT record are joined (RFC 7208 3.3 does the same for SPF)",
  },
  {
    title: "another TXT record beside it",
    records: [["v=TLSRPTv1; rua=mailto:tls@rpt.test"], ["google-site-verification=abc"]],
    verdict: "valid",
    rule: "records not starting with v=TLSRPTv1 are discarded",
  },
  {
    title: "the version not first",
    records: [["rua=mailto:tls@rpt.test; v=TLSRPTv1"]],
    verdict: "absent",
    rule: "records that do not begin with v=TLSRPTv1 are discarded",
  },
  {
    title: "the version in other letter case",
    records: [["V=tlsrptv1; rua=mailto:tls@rpt.test"]],
    verdict: "absent",
    rule: 'tlsrpt-version = %s"v=TLSRPTv1" (case-sensitive)',
  },
  {
    title: "another version",
    records: [["v=TLSRPTv10; rua=mailto:tls@rpt.test"]],
    verdict: "absent",
    rule: "tlsrpt-version is v=TLSRPTv1, then a field-delim or the end",
  },
  {
    title: "two TLS-RPT records",
    records: [["v=TLSRPTv1; rua=mailto:a@rpt.test"], ["v=TLSRPTv1; rua=mailto:b@rpt.test"]],
    verdict: "invalid",
    rule: "if the number of resulting records is not one, senders assume no TLSRPT",
  },
  {
    title: "no rua",
    records: [["v=TLSRPTv1;"]],
    verdict: "invalid",
    rule: "the tlsrpt-rua field is required",
  },
  {
    title: "rua in capitals",
    records: [["v=TLSRPTv1; RUA=mailto:tls@rpt.test"]],
    verdict: "invalid",
    rule: 'tlsrpt-rua = %s"rua=" (case-sensitive; RUA= is an extension)',
  },
  {
    title: "an ftp: reporting address",
    records: [["v=TLSRPTv1; rua=ftp://rpt.test/"]],
    verdict: "invalid",
    rule: 'tlsrpt-uri is "mailto:" or "https:"',
  },
  {
    title: "a mailto: without an address",
    records: [["v=TLSRPTv1; rua=mailto:tls"]],
    verdict: "invalid",
    rule: "a mailto: URI names an addr-spec (RFC 6068)",
  },
  {
    title: "a field that is not name=value",
    records: [["v=TLSRPTv1; rua=mailto:tls@rpt.test; bogus"]],
    verdict: "invalid",
    rule: 'tlsrpt-extension = tlsrpt-ext-name "=" tlsrpt-ext-value',
  },
];
