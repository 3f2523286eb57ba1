import { describe, expect, it } from "vitest";
import {
  bindBehaviour,
  notifiesSecondaries,
  readBindOptions,
  setBindOptions,
} from "./bind-options.js";
import { letsDnsThrough, readFirewall } from "./nft-firewall.js";

describe("the lab's reader of BIND options", () => {
  it("maps the statements the fixes set to what the server does for an outsider", () => {
    const open = readBindOptions(
      'recursion yes; allow-recursion { any; }; allow-transfer { any; }; version "9.16.1";',
    );
    expect(bindBehaviour(open, "9.18.24")).toMatchObject({
      openRecursion: true,
      allowTransfer: true,
      version: "9.16.1",
    });
    const closed = setBindOptions(open, "recursion no; allow-transfer { none; }; version none;");
    expect(bindBehaviour(closed, "9.18.24")).toMatchObject({
      openRecursion: false,
      allowTransfer: false,
      version: undefined,
    });
  });

  it("keeps BIND's defaults: its own version answered, transfers refused, NOTIFY sent", () => {
    const none = readBindOptions("");
    expect(bindBehaviour(none, "9.18.24")).toMatchObject({
      openRecursion: false,
      allowTransfer: false,
      version: "9.18.24",
    });
    expect(notifiesSecondaries(none)).toBe(true);
    expect(notifiesSecondaries(readBindOptions("notify no;"))).toBe(false);
  });

  it("turns cookies off, over a software fault, with answer-cookie no", () => {
    expect(bindBehaviour(readBindOptions("answer-cookie no;"))).toMatchObject({
      noCookie: true,
      malformedCookie: false,
    });
  });

  it("rejects a statement it does not read, a bad value, an unterminated line", () => {
    expect(() => readBindOptions("dnssec-validation auto;")).toThrow(/no "dnssec-validation"/);
    expect(() => readBindOptions("recursion off;")).toThrow(/not yes or no/);
    expect(() => readBindOptions("allow-transfer none;")).toThrow(/address match list/);
    expect(() => readBindOptions("recursion no")).toThrow(/unterminated/);
  });
});

describe("the lab's nft input chain", () => {
  const drop = "nft add rule inet filter input udp dport 53 drop";

  it("lets a rule inserted first decide, and one added after a drop come too late", () => {
    expect(letsDnsThrough(readFirewall([drop]), "udp")).toBe(false);
    expect(letsDnsThrough(readFirewall([drop]), "tcp")).toBe(true);
    const inserted = readFirewall([drop, "nft insert rule inet filter input udp dport 53 accept"]);
    expect(letsDnsThrough(inserted, "udp")).toBe(true);
    const added = readFirewall([drop, "nft add rule inet filter input udp dport 53 accept"]);
    expect(letsDnsThrough(added, "udp")).toBe(false);
  });

  it("opens only port 53, and rejects a line it does not read", () => {
    const reset = "nft add rule inet filter input tcp dport 53 reject with tcp reset";
    const other = "nft insert rule inet filter input tcp dport 5353 accept";
    expect(letsDnsThrough(readFirewall([reset, other]), "tcp")).toBe(false);
    expect(() => readFirewall(["iptables -I INPUT -p udp --dport 53 -j ACCEPT"])).toThrow(
      /reads no/,
    );
  });
});
