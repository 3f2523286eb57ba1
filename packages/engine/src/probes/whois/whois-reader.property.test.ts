import {
  engineGet,
  startWhoisCorpusEngine,
  type WhoisCorpusWorld,
  whoisCorpus,
} from "@domain-intel/test-kit";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Engine } from "../../engine.js";
import { parseWhoisText } from "./whois-text.js";

const read = (domain: string, text: string) => {
  const { rawWhois: _raw, ...record } = parseWhoisText({
    domain,
    tld: domain.split(".").slice(1).join("."),
    text,
    server: "whois.example",
  });
  return record;
};

describe("the WHOIS reader's result does not depend on", () => {
  it("line endings (LF, CRLF, CR) of any corpus sample", () => {
    const samples = whoisCorpus();
    fc.assert(
      fc.property(
        fc.constantFrom(...samples),
        fc.constantFrom("\n", "\r\n", "\r"),
        (sample, ending) => {
          const lf = sample.raw.replace(/\r\n?/g, "\n");
          expect(read(sample.domain, lf.replace(/\n/g, ending))).toEqual(read(sample.domain, lf));
        },
      ),
      { numRuns: 100 },
    );
  });

  it("label padding or the order of the contact blocks after the domain's", () => {
    const padding = fc.constantFrom(": ", ":\t", "   : ", ".......: ", " ____: ", ":        ");
    const contacts = [
      ["Registrant", "  Organization: Holder Ltd", "  Created: 1990-01-01"],
      ["Admin Contact", "  Name: Admin Person", "  Last Update: 1991-01-01"],
      ["Technical Contacts", "  Name: Tech Person", "  Created: 1992-01-01"],
    ];
    fc.assert(
      fc.property(
        fc.array(padding, { minLength: 7, maxLength: 7 }),
        fc.shuffledSubarray(contacts, { minLength: 3, maxLength: 3 }),
        fc.constantFrom("\n", "\r\n"),
        (pads, order, ending) => {
          const domain = [
            `Domain${pads[0]}padded.test`,
            `Status${pads[1]}clientTransferProhibited`,
            `Created${pads[2]}2001-02-03 04:05:06`,
            `Last Update${pads[3]}2002-03-04`,
            `Expire Date${pads[4]}2030-02-03`,
            `Registrar${pads[5]}Padded Registrar`,
            `Name Server${pads[6]}ns1.padded.test`,
          ];
          const text = [domain.join("\n"), ...order.map((block) => block.join("\n"))].join("\n\n");
          const record = read("padded.test", text.replace(/\n/g, ending));
          expect(record).toMatchObject({
            registrar: { name: "Padded Registrar" },
            creationDate: "2001-02-03T04:05:06Z",
            updatedDate: "2002-03-04T00:00:00Z",
            expirationDate: "2030-02-03T00:00:00Z",
            nameservers: [{ host: "ns1.padded.test" }],
            statuses: [{ status: "clientTransferProhibited" }],
          });
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe("no registry answer makes GET /whois answer anything but 200 or a 502 with a reason", () => {
  const key = "whois-property-key";
  const blank = {
    registrar: null,
    createdAt: null,
    updatedAt: null,
    expiresAt: null,
    statuses: null,
  };
  const answers: Uint8Array[] = [
    Uint8Array.of(0),
    Buffer.from("Domain Name: random.test\u0000Registrar: X\n"),
    Buffer.alloc(1024 * 1024, "Registrar: flood\n"),
    ...fc.sample(fc.uint8Array({ minLength: 1, maxLength: 2048 }), 25),
    ...fc
      .sample(fc.string({ unit: "binary", maxLength: 2048 }), 25)
      .map((text) => Buffer.from(text.length > 0 ? text : "x")),
  ];
  const samples = answers.map((bytes, index) => ({
    domain: `random${index}.test`,
    raw: "",
    bytes,
    expected: blank,
  }));
  let world: WhoisCorpusWorld;
  let engine: Engine;

  beforeAll(async () => {
    ({ engine, world } = await startWhoisCorpusEngine(samples, key));
  });

  afterAll(async () => {
    await world?.close();
  });

  it("random bytes and text, a NUL, 1 MB of text", async () => {
    for (const sample of samples) {
      const answer = await engineGet(engine, `/api/v1/whois/${sample.domain}`, key);
      expect([200, 502], sample.domain).toContain(answer.status);
      if (answer.status === 502) expect(answer.body.detail).toMatch(/\S/);
    }
  });
});
