import type { Probe } from "@domain-intel/engine";

/**
 * A custom section whose one check (`flip.check.state`) passes or fails as the test says, so
 * history sees it move and the engine emits `finding.changed` events.
 */
export function flippingProbe(): { probe: Probe<unknown>; set(status: string): void } {
  let status = "pass";
  return {
    probe: {
      run: () => ({
        findings: [{ id: "flip.check.state", status, severity: "warning", message: "" }],
      }),
      ttlMs: () => 60_000,
    },
    set: (next) => {
      status = next;
    },
  };
}
