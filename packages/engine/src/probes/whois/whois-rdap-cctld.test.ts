import {
  engineGet,
  type RdapCcTldAnswer,
  type RdapTestServer,
  rdapCcTldAnswers,
  startRdapServer,
} from "@domain-intel/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEngine, type Engine } from "../../engine.js";
import { silentLogger } from "../../logging/logger.js";

const key = "whois-rdap-cctld-key";
const answers = rdapCcTldAnswers();
let rdap: RdapTestServer;
let engine: Engine;

beforeAll(async () => {
  const byDomain = new Map(answers.map((answer) => [answer.domain, answer.json]));
  rdap = await startRdapServer((path) => {
    const json = byDomain.get(decodeURIComponent(path.replace(/^\/domain\//, "")));
    return json ? { status: 200, json } : { status: 404, json: { errorCode: 404 } };
  });
  engine = createEngine({
    keys: [key],
    rateLimit: false,
    network: { allowPrivateAddresses: true, timeoutMs: 3000 },
    probes: { dns: false, ssl: false },
    logger: silentLogger,
    rdap: {
      bootstrap: {
        version: "1.0",
        publication: "2026-11-01T00:00:00Z",
        services: [[["cz", "fr", "us"], [rdap.baseUrl]]],
      },
    },
  });
});

afterAll(async () => {
  await rdap?.close();
});

const none = {
  registrar: null,
  statuses: [],
  createdAt: null,
  updatedAt: null,
  expiresAt: null,
  nameservers: [],
  dnssec: { delegationSigned: null, dsData: [] },
  registrant: null,
};

/** Each answer's fields as its JSON gives them, read by hand. */
const expected: Record<string, Record<string, unknown>> = {
  // FRED: the registrar and registrant are handles without a vCard; `active` is EPP `ok`
  // (RFC 8056 section 2); no `last changed` event; no secureDNS.
  "example.cz": {
    ...none,
    registrar: { name: "REG-INTERNET-CZ", ianaId: null, url: null },
    statuses: ["ok"],
    createdAt: "2004-08-30T22:55:00.000Z",
    expiresAt: "2019-08-30T12:00:00.000Z",
    nameservers: ["ns.pipni.cz", "ns2.pipni.cz", "ns3.pipni.cz"],
  },
  // FRED: DNSSEC by keyData, no dsData.
  "nic.cz": {
    ...none,
    registrar: { name: "REG-CZNIC", ianaId: null, url: null },
    statuses: ["serverTransferProhibited"],
    createdAt: "1997-10-30T00:00:00.000Z",
    updatedAt: "2016-11-22T14:07:40.000Z",
    expiresAt: "2027-03-15T13:00:00.000Z",
    nameservers: ["a.ns.nic.cz", "b.ns.nic.cz", "d.ns.nic.cz"],
    dnssec: { delegationSigned: true, dsData: [] },
  },
  // AFNIC: `secureDns` for `secureDNS`; the holder, an organization (its `contact type`
  // remark), named in `fn` with `org` empty.
  "afnic.fr": {
    registrar: { name: "Registry Operations", ianaId: "9999", url: "https://www.afnic.fr" },
    statuses: ["ok"],
    createdAt: "2001-12-10T23:00:00.000Z",
    updatedAt: "2022-09-28T11:21:02.000Z",
    expiresAt: "2029-07-18T08:26:59.000Z",
    nameservers: ["ns1.nic.fr", "ns2.nic.fr", "ns3.nic.fr"],
    dnssec: {
      delegationSigned: true,
      dsData: [
        {
          keyTag: 53080,
          algorithm: 13,
          digestType: 2,
          digest: "EF2DC0C8CF1FDF2994E8C771E0F871949B83AF41A1BF594B484677F5A85A657B",
        },
      ],
    },
    registrant: { organization: "ASS FRANC NOMMAGE INTERNET EN COOP", country: "FR" },
  },
  // The registrant's country only as the `adr` property's `cc` parameter; its `fn` a person's.
  "test-handle.us": { ...none, registrant: { organization: null, country: "US" } },
};

describe("ccTLD registries' RDAP answers through GET /whois/{domain}", () => {
  it.each(answers.map((answer) => [`${answer.domain} (${answer.source})`, answer] as const))(
    "%s: every field as the JSON gives it",
    async (_name, answer: RdapCcTldAnswer) => {
      const { status, body } = await engineGet(engine, `/api/v1/whois/${answer.domain}`, key);
      expect(status, JSON.stringify(body)).toBe(200);
      const data = body.data;
      const want = expected[answer.domain]!;
      expect(data).toMatchObject({ source: "rdap", registered: true, raw: null });
      expect({
        registrar: data.registrar && {
          name: data.registrar.name,
          ianaId: data.registrar.ianaId,
          url: data.registrar.url,
        },
        statuses: data.statuses.map((s: { code: string }) => s.code),
        createdAt: data.createdAt,
        updatedAt: data.updatedAt,
        expiresAt: data.expiresAt,
        nameservers: [...data.nameservers].sort(),
        dnssec: data.dnssec,
        registrant: data.registrant,
      }).toEqual(want);
    },
  );
});
