import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { type CliLab, startCliLab } from "@domain-intel/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliEngine } from "./cli-engine.js";

let lab: CliLab;

beforeAll(async () => {
  lab = await startCliLab(["shop.test", "blog.test"]);
});
afterAll(() => lab?.close());

describe("the engine of report and audit", () => {
  it("neither sweeps serve's watch list nor keeps history, in serve's environment", async () => {
    const watchFile = join(lab.directory, "watch.txt");
    writeFileSync(watchFile, "blog.test\n");
    const engine = cliEngine({
      ...lab.env,
      DOMAIN_INTEL_WATCH_FILE: watchFile,
      DOMAIN_INTEL_WATCH_INTERVAL: "1s",
      DOMAIN_INTEL_WEBHOOK_URL: "http://127.0.0.1:9/hook",
      DOMAIN_INTEL_WEBHOOK_SECRET: `whsec_${Buffer.from("a secret of 24 bytes!!!!").toString("base64")}`,
    });
    try {
      await engine.lookup("shop.test", "dns");
      await engine.lookup("shop.test", "dns", { refresh: true });

      expect((await engine.sweep()).domains).toBe(0);
      const history = await engine.history("shop.test");
      expect(history.snapshots).toEqual([]);
      expect(history.changes).toEqual([]);
    } finally {
      await engine.close();
    }
  });
});
