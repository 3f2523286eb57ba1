/**
 * What an operator sets on each common name server for one cure, as data: setting -> the lines
 * (or the command) per server software. A server with no such setting has no entry.
 *
 * Each becomes one step of the remediation in one form a machine can take (see
 * `configurationStep`): `<Software> <where>: \`<lines>\``, the lines in a single code span.
 */
export type ServerSoftware = "BIND" | "NSD" | "Knot" | "PowerDNS" | "nftables";

/** Where the lines go, and the lines, per server software. */
export type SettingLines = Partial<Record<ServerSoftware, { where: string; lines: string }>>;

const bindOptions = "named.conf, in options { }";

/** The settings the name servers' fixes use, `{zone}` standing for the zone's name. */
export const serverSettings = {
  "recursion-off": {
    BIND: { where: bindOptions, lines: "recursion no;" },
  },
  "transfers-closed": {
    BIND: { where: bindOptions, lines: "allow-transfer { none; };" },
    PowerDNS: { where: "pdns.conf", lines: "disable-axfr=yes" },
  },
  "version-hidden": {
    BIND: { where: bindOptions, lines: "version none;" },
    NSD: { where: "nsd.conf, in server:", lines: "hide-version: yes" },
    Knot: { where: "knot.conf, in server:", lines: 'version: ""' },
    PowerDNS: { where: "pdns.conf", lines: "version-string=anonymous" },
  },
  "cookies-off": {
    BIND: { where: bindOptions, lines: "answer-cookie no;" },
    NSD: { where: "nsd.conf, in server:", lines: "answer-cookie: no" },
  },
  "udp-open": {
    nftables: {
      where: "on each name server, run",
      lines: "nft insert rule inet filter input udp dport 53 accept",
    },
  },
  "tcp-open": {
    nftables: {
      where: "on each name server, run",
      lines: "nft insert rule inet filter input tcp dport 53 accept",
    },
  },
  "notify-on": {
    BIND: { where: "named.conf on the primary, in options { }", lines: "notify yes;" },
    PowerDNS: { where: "pdns.conf on the primary", lines: "primary=yes" },
  },
  retransfer: {
    BIND: { where: "on each secondary, run", lines: "rndc retransfer {zone}" },
    NSD: { where: "on each secondary, run", lines: "nsd-control force_transfer {zone}" },
    Knot: { where: "on each secondary, run", lines: "knotc zone-retransfer {zone}" },
    PowerDNS: { where: "on each secondary, run", lines: "pdns_control retrieve {zone}" },
  },
} satisfies Record<string, SettingLines>;

export type ServerSetting = keyof typeof serverSettings;

/** One step: the software, where the lines go, and the lines in a code span. */
export const configurationStep = (software: string, where: string, lines: string): string =>
  `${software} ${where}: \`${lines}\``;

/** The steps of `setting` for every server software that has it, `{zone}` filled in. */
export function settingSteps(setting: ServerSetting, zone = ""): string[] {
  const lines: SettingLines = serverSettings[setting];
  return Object.entries(lines).map(([software, entry]) =>
    configurationStep(software, entry.where, entry.lines.replaceAll("{zone}", zone)),
  );
}
