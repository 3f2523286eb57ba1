import { createEngine } from "@domain-intel/engine";
import { type ContractPeers, startContractPeers } from "@domain-intel/test-kit/contract-suite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keyFacts } from "./report-facts.js";
import { reportView } from "./report-view.js";
import { plain, textSummary } from "./text-summary.js";

let peers: ContractPeers;

beforeAll(async () => {
  peers = await startContractPeers();
});
afterAll(() => peers?.close());

describe("the key facts of the http and mail sections", () => {
  it("show where the site answers, its redirects and HSTS, and each MX host's STARTTLS state", async () => {
    const engine = createEngine({
      ...peers.options,
      probes: {
        ...peers.options.probes,
        whois: false,
        dns: false,
        ssl: false,
        echo: false,
        upstream: false,
      },
    });
    try {
      const view = reportView(await engine.lookup("example.test"));
      const text = textSummary(view, { paint: plain, verbose: false });
      const https = /^ {2}HTTPS: (https:\/\/example\.test:\d+\/) 200$/m.exec(text);
      expect(https).not.toBeNull();
      expect(text).toMatch(
        new RegExp(`^  from http: http://example\\.test:\\d+/ 301 -> ${https![1]} 200$`, "m"),
      );
      expect(text).toContain("  HSTS: max-age=31536000\n");
      expect(text).toContain("  SMTP: mx.example.test (STARTTLS TLSv1.3)\n");
    } finally {
      await engine.close();
    }
  });
});

describe("the key facts of the hosting section", () => {
  it("show each network, the providers per role and the RPKI states", () => {
    const facts = keyFacts("hosting", {
      hosts: [
        {
          addresses: [
            { asn: 13335, asName: "Cloudflare, Inc.", country: "US", rpki: { state: "valid" } },
            { asn: 13335, asName: "Cloudflare, Inc.", country: "US", rpki: { state: "valid" } },
          ],
        },
        { addresses: [{ asn: 64500, asName: null, country: null, rpki: { state: "not-found" } }] },
      ],
      providers: {
        dns: [{ name: "Amazon Web Services" }],
        mail: [{ name: "Google Workspace" }, { name: "SendGrid (Twilio)" }],
        web: [],
        cdn: [{ name: "Cloudflare" }],
        certificate: [{ name: "Let's Encrypt" }],
        registrar: [],
      },
    });
    expect(facts).toEqual([
      ["networks", "AS13335 Cloudflare, Inc. (US), AS64500"],
      ["DNS", "Amazon Web Services"],
      ["mail", "Google Workspace, SendGrid (Twilio)"],
      ["cdn", "Cloudflare"],
      ["certificate", "Let's Encrypt"],
      ["RPKI", "2 valid, 1 not-found"],
    ]);
  });
});
