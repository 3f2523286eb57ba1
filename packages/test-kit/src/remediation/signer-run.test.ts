import type { Remediation } from "@domain-intel/engine";
import { describe, expect, it } from "vitest";
import { signerRunOf } from "./signer-run.js";

const withStep = (command: string): Remediation => ({
  summary: "Re-sign.",
  changes: [],
  steps: [`Re-sign; with BIND's signer: \`${command}\` (then reload).`],
  references: [],
});
const base = "dnssec-signzone -S -K /etc/bind/keys -o example.test -N increment";

describe("signerRunOf", () => {
  it("reads the window and NSEC from the command", () => {
    expect(
      signerRunOf(withStep(`${base} -s now-3600 -e now+2592000 db.example.test`), "example.test"),
    ).toEqual({ signatureWindow: { from: -3600, to: 2_592_000 }, denial: "nsec" });
  });

  it("reads NSEC3 without salt and its iterations", () => {
    expect(
      signerRunOf(
        withStep(`${base} -s now-60 -e now+600 -3 - -H 0 db.example.test`),
        "example.test",
      )?.denial,
    ).toEqual({ nsec3: { iterations: 0 } });
    expect(
      signerRunOf(withStep(`${base} -s now-60 -e now+600 -3 ab -H 2 db`), "example.test")?.denial,
    ).toEqual({ nsec3: { iterations: 2, salt: Buffer.from("ab", "hex") } });
  });

  it("refuses a command it cannot run as written", () => {
    const zone = "example.test";
    expect(() => signerRunOf(withStep(`${base} -s now-60 -e now+600 -x db`), zone)).toThrow(
      /unknown option -x/,
    );
    expect(() => signerRunOf(withStep(`${base} -s now-60 -e now+600 -3 - db`), zone)).toThrow(/-H/);
    expect(() => signerRunOf(withStep(`${base} -e now+600 db`), zone)).toThrow(/-s and -e/);
    expect(() => signerRunOf(withStep(`${base} -s 20260101 -e now+600 db`), zone)).toThrow(
      /now\+N/,
    );
    expect(() => signerRunOf(withStep(`${base} -s now-60 -e now+600 db`), "other.test")).toThrow(
      /the zone is other.test/,
    );
  });

  it("is null without a command", () => {
    expect(signerRunOf({ summary: "x", changes: [], references: [] }, "example.test")).toBeNull();
  });
});
