import { encodeSctList } from "@domain-intel/test-kit";
import { describe, expect, it } from "vitest";
import { parseSctList } from "./sct-list.js";

const logA = new Uint8Array(32).fill(1);
const logB = new Uint8Array(32).fill(2);

describe("parseSctList", () => {
  it("reads version, log id and timestamp of each SCT", () => {
    const list = encodeSctList([
      { logId: logA, timestamp: new Date("2026-05-01T12:00:00.123Z") },
      { logId: logB, timestamp: new Date("2026-05-01T12:00:01.000Z") },
    ]);

    expect(parseSctList(list)).toEqual([
      {
        version: 1,
        logId: Buffer.from(logA).toString("base64"),
        timestamp: "2026-05-01T12:00:00.123Z",
      },
      {
        version: 1,
        logId: Buffer.from(logB).toString("base64"),
        timestamp: "2026-05-01T12:00:01.000Z",
      },
    ]);
  });

  it("keeps what it read before a truncation, and never throws on garbage", () => {
    const list = encodeSctList([
      { logId: logA, timestamp: new Date("2026-05-01T00:00:00Z") },
      { logId: logB, timestamp: new Date("2026-05-02T00:00:00Z") },
    ]);

    expect(parseSctList(list.subarray(0, list.length - 5))).toHaveLength(1);
    expect(parseSctList(new Uint8Array([]))).toEqual([]);
    expect(parseSctList(new Uint8Array([0xff]))).toEqual([]);
    expect(parseSctList(new Uint8Array([0x00, 0x04, 0x00, 0x02, 0x00, 0x00]))).toEqual([]);
    expect(parseSctList(new Uint8Array(512).fill(0xff))).toEqual([]);
  });

  it("skips SCTs of an unknown version", () => {
    const list = encodeSctList([{ logId: logA, timestamp: new Date("2026-05-01T00:00:00Z") }]);
    list[4] = 1; // version byte of the first SCT: v2 is not v1's layout

    expect(parseSctList(list)).toEqual([]);
  });
});
