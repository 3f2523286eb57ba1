import { describe, expect, it } from "vitest";
import { eppStatusOf } from "./epp-status.js";

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
