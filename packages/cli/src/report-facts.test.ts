import { createEngine } from "@domain-intel/engine";
import { type ContractPeers, startContractPeers } from "@domain-intel/test-kit/contract-suite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
