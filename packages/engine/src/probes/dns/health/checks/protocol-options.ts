import type { Finding } from "../../../../contract/finding.js";
import { isFailure } from "../../../../protocols/dns/session.js";
import type { DnsResponse } from "../../../../protocols/dns/wire/query.js";
import type { HealthFacts } from "../facts.js";
import { check, listText, plural, skipped, withZone } from "../finding.js";
import { cookieOptionCode, nsidOptionCode } from "../gather/compliance.js";
import { notAsked, perServer, received } from "./compliance.js";

const optionOf = (response: DnsResponse, code: number) =>
  response.edns?.options.find((option) => option.code === code) ?? null;

/**
 * `dns.ns.cookies`: a server answering a client cookie (RFC 7873 4.2) echoes it and adds a
 * server cookie of 8 to 32 bytes; one that does not speak cookies answers without the option,
 * which is allowed. A dropped or refused query fails, as for any unknown option.
 */
export const nsCookies = (facts: HealthFacts): Finding =>
  perServer({
    facts,
    id: "dns.ns.cookies",
    sent: "SOA with an 8-byte client cookie (EDNS option 10)",
    shown: ({ cookie }) => {
      const option = isFailure(cookie.response)
        ? null
        : optionOf(cookie.response, cookieOptionCode);
      return {
        client: cookie.client,
        received: received(cookie.response),
        cookie: option?.data ? Buffer.from(option.data).toString("hex") : null,
      };
    },
    judge: ({ cookie: { client, response } }) => {
      if (isFailure(response)) {
        return notAsked.has(response.code)
          ? null
          : { status: "fail", what: `did not answer a query with a cookie (${response.message})` };
      }
      if (response.rcode !== "NOERROR" && response.rcode !== "BADCOOKIE")
        return { status: "fail", what: `answered ${response.rcode} to a query with a cookie` };
      const option = optionOf(response, cookieOptionCode);
      if (option === null) return { status: "pass", what: "does not use cookies" };
      const data = Buffer.from(option.data ?? []);
      if (data.length < 16 || data.length > 40)
        return {
          status: "fail",
          what: `answered a cookie of ${data.length} bytes (16 to 40: the client's 8 and 8 to 32 of its own)`,
        };
      if (data.subarray(0, 8).toString("hex") !== client)
        return { status: "fail", what: "answered a cookie that does not echo the client cookie" };
      return { status: "pass", what: "answered a well-formed server cookie" };
    },
    passed: (count) =>
      `${plural(count, "name server")} answer${count === 1 ? "s" : ""} a client cookie with a well-formed server cookie or without one (RFC 7873).`,
    failed: (problems) =>
      `DNS cookies are mishandled: ${problems}. Resolvers sending cookies discard such answers or retry without them.`,
  });

/** `dns.ns.nsid`: what each server answers when asked for its identifier (RFC 5001); info only. */
export const nsNsid = (facts: HealthFacts): Finding =>
  withZone(facts, "dns.ns.nsid", (zone) => {
    const servers = zone.servers.flatMap((server) => {
      const response = server.compliance.nsid;
      if (isFailure(response)) return [];
      const option = optionOf(response, nsidOptionCode);
      const data = option?.data ? Buffer.from(option.data) : null;
      // NSID is opaque bytes; most servers put printable text there.
      const text =
        data && /^[\x20-\x7e]*$/.test(data.toString("latin1")) ? data.toString("latin1") : null;
      return [{ server: server.server, nsid: data ? (text ?? data.toString("hex")) : null }];
    });
    if (servers.length === 0)
      return skipped("dns.ns.nsid", "no name server answered the NSID query", {
        query: "SOA with NSID",
      });
    const named = servers.filter((entry) => entry.nsid !== null);
    const details = { query: "SOA with an empty NSID option (EDNS option 3)", servers };
    return check(
      "dns.ns.nsid",
      "info",
      named.length === 0
        ? `No name server gives an NSID (RFC 5001): nothing tells which instance behind an address answered.`
        : `NSID: ${listText(named.map((entry) => `${entry.server} is "${entry.nsid}"`))}${named.length < servers.length ? `; ${plural(servers.length - named.length, "other server")} give${servers.length - named.length === 1 ? "s" : ""} none` : ""}.`,
      details,
    );
  });
