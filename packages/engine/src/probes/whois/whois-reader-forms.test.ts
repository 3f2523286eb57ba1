import {
  engineGet,
  startWhoisCorpusEngine,
  type WhoisCorpusSample,
  type WhoisCorpusWorld,
} from "@domain-intel/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Engine } from "../../engine.js";

/**
 * The generic reader's forms and "is it free?" phrases, one small answer each, asked through
 * `GET /whois/{domain}` of a loopback WHOIS server. The `.test` and `.example` names have no
 * registry profile: what is read here is the generic reader's.
 */
const key = "whois-reader-forms-key";

const answers: Record<string, string> = {
  // JWhoisServer: `Label#. . . . value`; a registrar after a colon and dot leaders.
  "leaders.test": [
    "Nom de domaine#. . . . . . . . . . . .leaders.test",
    "Registrar:..........CAFE INFORMATIQUE",
    "Date de creation#. . . . . . . . . . . .2007-01-10",
    "Serveur de noms#. . . . . . . . . . . .ns1.leaders.test",
  ].join("\n"),
  // Numbered form (gov.za): `7b.   Date : ...` needs a profile; `1a. Domain Name :` does not.
  "numbered.test": [
    "1a.        Domain Name : numbered.test",
    "4a.        Registrar : Numbered Registrar",
    "5a.        Primary NS : ns1.numbered.test",
    "5c.        Secondary NS : ns2.numbered.test",
    "6a.        Creation Date : 2012-09-03",
  ].join("\n"),
  // Values on the line after the label, weekday and ordinal dates (Jisc's .ac.uk).
  "nextline.test": [
    "Domain:",
    "\tnextline.test",
    "Registered By:",
    "\tJisc Services Limited",
    "Servers:",
    "\tns0.nextline.test\t192.0.2.1",
    "\tns1.nextline.test",
    "Renewal date:",
    "\tMonday 16th Jun 2031",
    "Entry created:",
    "\tFriday 7th November 2003",
  ].join("\n"),
  // RWhois (RFC 2167): `class:Attribute:value`.
  "rwhois.test": [
    "domain:Domain-Name:rwhois.test",
    "domain:Primary-Server;I:ns1.rwhois.test",
    "domain:Created:20090324",
    "domain:Updated:20100101",
  ].join("\n"),
  // Labels without a colon: a known label then spaces, a date label's words then a date.
  "spaced.test": [
    "Domain-name         spaced.test",
    "dns_name            ns1.spaced.test",
    "Valid-date          2031-07-23",
    "Record created on 22-Apr-2003",
  ].join("\n"),
  // A label in two languages with its date format noted; the order fixed by the note.
  "bilingual.test": [
    "Nome de domínio / Domain Name: bilingual.test",
    "Data de registo / Creation Date (dd/mm/yyyy): 09/02/2009",
    "Data de expiração / Expiration Date (dd/mm/yyyy): 01/03/2031",
    "Nameserver: ns1.bilingual.test",
  ].join("\n"),
  // One date with a day above 12 orders the answer's other dates; zone abbreviations.
  "order.test": [
    "Domain: order.test",
    "Registered: 27-05-1999 10:00 EAT",
    "Expires: 11-02-2031 10:02 WAT",
    "Name server: ns1.order.test",
  ].join("\n"),
  // Placeholders and zone-file lines are no name servers; the handle and id leave the name.
  "placeholders.test": [
    "Domain Name: placeholders.test",
    "Registrar: MarkMonitor, Inc. (R22-LRCC)",
    "Created by: dotASIA R4-ASIA (800046)",
    "Creation Date: 2001-02-03",
    "Nameserver: not.defined.",
    "Nameserver: placeholders.test NS ns4.example.net.",
  ].join("\n"),
  // A two-digit year no domain's date can have is no date (the order is the answer's own).
  "twodigit.test": [
    "Domain: twodigit.test",
    "Registrar: Two Digit",
    "Registered: 25/12/2001",
    "Expires: 16/09/50",
    "Name server: ns1.twodigit.test",
  ].join("\n"),
  // "Is it free?": each not-registered phrasing reads false...
  "available.test": "Available\nDomain: available.test\n",
  "notregistered.test": "Domain Information\nQuery: notregistered.test\nStatus: Not Registered\n",
  "noexiste.test": "noexiste.test: no existe\n",
  "glued.test": "glued.testNOT FOUND\n",
  "comment.test":
    "% Not Registered - The domain you have requested (comment.test) is not a registered domain name.\n",
  "purchase.test": "Domain purchase.test is available for purchase\n",
  // ...a reserved or not-registrable name is null, never false...
  "reserved.test": "Domain: reserved.test\nStatus: RESERVED\n",
  "secondlevel.test": "Not available for registration.\nSecond level domain name is reserved.\n",
  // ...a notice that mentions availability does not undo a record...
  "notice.test": [
    "Domain Name: notice.test",
    "Registrar: Notice Registrar",
    "Creation Date: 2001-02-03",
    "Name Server: ns1.notice.test",
    "% It allows persons to check whether a specific domain name is still available or not.",
    "% A not found message does not indicate that the name is available for registration.",
  ].join("\n"),
  // ...and an answer that says neither is null with the reason.
  "silent.test": "Welcome to the registry.\nThis server has moved.\n",
  // Refusals: 502 with the reason, even above a "not found" line (AFNIC).
  "throttled.test": "%% Too many requests...\n%%\n%% No entries found in the AFNIC Database.\n",
  "denied.test": "version: 5.00\ndomain_name: denied.test\nquery_status: 440 Request Denied\n",
  "down.test": "Whois Server Version 2.0\n*\n* Sorry, the Whois database is currently down.\n",
};

let world: WhoisCorpusWorld;
let engine: Engine;

beforeAll(async () => {
  const samples: WhoisCorpusSample[] = Object.entries(answers).map(([domain, raw]) => ({
    domain,
    raw,
    expected: {},
  }));
  ({ engine, world } = await startWhoisCorpusEngine(samples, key));
});

afterAll(async () => {
  await world?.close();
});

async function data(domain: string) {
  const answer = await engineGet(engine, `/api/v1/whois/${domain}`, key);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

describe("the generic reader's forms", () => {
  it.each([
    [
      "leaders.test",
      {
        registrar: { name: "CAFE INFORMATIQUE" },
        createdAt: "2007-01-10T00:00:00.000Z",
        nameservers: ["ns1.leaders.test"],
      },
    ],
    [
      "numbered.test",
      {
        registrar: { name: "Numbered Registrar" },
        createdAt: "2012-09-03T00:00:00.000Z",
        nameservers: ["ns1.numbered.test", "ns2.numbered.test"],
      },
    ],
    [
      "nextline.test",
      {
        createdAt: "2003-11-07T00:00:00.000Z",
        expiresAt: "2031-06-16T00:00:00.000Z",
        nameservers: ["ns0.nextline.test", "ns1.nextline.test"],
      },
    ],
    [
      "rwhois.test",
      {
        createdAt: "2009-03-24T00:00:00.000Z",
        updatedAt: "2010-01-01T00:00:00.000Z",
        nameservers: ["ns1.rwhois.test"],
      },
    ],
    [
      "spaced.test",
      {
        createdAt: "2003-04-22T00:00:00.000Z",
        expiresAt: "2031-07-23T00:00:00.000Z",
        nameservers: ["ns1.spaced.test"],
      },
    ],
    [
      "bilingual.test",
      { createdAt: "2009-02-09T00:00:00.000Z", expiresAt: "2031-03-01T00:00:00.000Z" },
    ],
    [
      "order.test",
      { createdAt: "1999-05-27T07:00:00.000Z", expiresAt: "2031-02-11T09:02:00.000Z" },
    ],
    [
      "placeholders.test",
      {
        registrar: { name: "MarkMonitor, Inc.", ianaId: null },
        nameservers: ["ns4.example.net"],
      },
    ],
  ])("%s", async (domain, want) => {
    expect(await data(domain)).toMatchObject({ registered: true, ...want });
  });

  it("leaves a two-digit year no domain's date can have null, saying why", async () => {
    const twoDigit = await data("twodigit.test");
    expect(twoDigit).toMatchObject({ createdAt: "2001-12-25T00:00:00.000Z", expiresAt: null });
    const incomplete = twoDigit.findings.find(
      (finding: { id: string }) => finding.id === "whois.parse.incomplete",
    );
    expect(incomplete.details.unreadDates).toEqual([
      'expires: "16/09/50" has a two-digit year no domain\'s date could have',
    ]);
  });
});

describe('"is it free?", never wrong in the dangerous direction', () => {
  it.each([
    "available.test",
    "notregistered.test",
    "noexiste.test",
    "glued.test",
    "comment.test",
    "purchase.test",
  ])("%s says it is not registered: false", async (domain) => {
    expect(await data(domain)).toMatchObject({ registered: false, registrar: null });
  });

  it.each(["reserved.test", "secondlevel.test", "silent.test"])(
    "%s says neither: null, with the reason",
    async (domain) => {
      const found = await data(domain);
      expect(found.registered).toBeNull();
      const skipped = found.findings.find(
        (finding: { id: string }) => finding.id === "whois.domain.not-registered",
      );
      expect(skipped.status).toBe("skipped");
      expect(skipped.details.reason).toMatch(
        domain === "silent.test" ? /neither says/ : /cannot be registered/,
      );
    },
  );

  it("a notice mentioning availability does not undo a record", async () => {
    expect(await data("notice.test")).toMatchObject({
      registered: true,
      registrar: { name: "Notice Registrar" },
    });
  });

  it.each([
    ["throttled.test", /rate limited/],
    ["denied.test", /refuses queries/],
    ["down.test", /unavailable/],
  ])("%s is a refusal: 502 with the reason, never data", async (domain, reason) => {
    const answer = await engineGet(engine, `/api/v1/whois/${domain}`, key);
    expect(answer.status).toBe(502);
    expect(answer.body.code).toBe("upstream_error");
    expect(answer.body.detail).toMatch(reason);
  });
});
