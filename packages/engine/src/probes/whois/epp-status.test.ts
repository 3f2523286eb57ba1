import { describe, expect, it } from "vitest";
import { eppStatusOf, statusMeaning } from "./epp-status.js";

describe("eppStatusOf", () => {
  it("maps RFC 8056 RDAP status values to EPP codes", () => {
    expect(eppStatusOf("client transfer prohibited")).toBe("clientTransferProhibited");
    expect(eppStatusOf("Server  Hold")).toBe("serverHold");
    expect(eppStatusOf("active")).toBe("ok");
    expect(eppStatusOf("associated")).toBe("linked");
    expect(eppStatusOf("redemption period")).toBe("redemptionPeriod");
  });

  it("keeps values without an EPP code, and EPP codes, as given", () => {
    expect(eppStatusOf(" locked ")).toBe("locked");
    expect(eppStatusOf("clientHold")).toBe("clientHold");
  });
});

describe("statusMeaning", () => {
  it("explains EPP codes and RDAP-only values, whatever their case or spacing", () => {
    expect(statusMeaning("clientHold")).toBe(
      "The registrar has taken the name out of the DNS: it does not resolve.",
    );
    expect(statusMeaning("CLIENTHOLD")).toBe(statusMeaning("clientHold"));
    expect(statusMeaning("redemptionPeriod")).toMatch(/restore/);
    expect(statusMeaning("transfer  prohibited")).toBe(
      "The name may not be transferred to another registrar.",
    );
  });

  it("gives null for a registry-specific code", () => {
    expect(statusMeaning("registryLockedForever")).toBeNull();
  });
});
