import { isIP } from "node:net";
import { Defaulted, type OptionsOf, type SettingsOf, Type } from "../../contract/schema.js";
import type { SectionDeclaration } from "../../contract/section-declaration.js";
import { whoisPort } from "../../network/whois-exchange.js";
import { BootstrapOption } from "../../protocols/rdap/bootstrap-option.js";
import example from "./openapi-example.json" with { type: "json" };
import { type WhoisData, WhoisDataSchema } from "./whois-data.js";

const hintKey = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/;
const hostName =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

const hintTld = (tld: string) => tld.trim().toLowerCase().replace(/^\./, "");
const hintHost = (host: string) => host.trim().replace(/^whois:\/\//i, "");

/** WHOIS host per TLD, keys and hosts checked, then normalised once. */
const WhoisHints = Type.Transform(
  Type.Record(Type.String(), Type.String(), {
    expect: "an object mapping a TLD to a WHOIS host",
    default: {},
    description:
      'WHOIS host per TLD (`{ com: "whois.verisign-grs.com" }`), instead of asking whois.iana.org. Keys are public suffixes (`co.uk`) or TLDs (`uk`); the public suffix is tried first.',
    check: (hints: Record<string, string>) => {
      for (const [tld, host] of Object.entries(hints)) {
        if (!hintKey.test(hintTld(tld))) return `key "${tld}" must be a TLD such as "com"`;
        const server = hintHost(host);
        if (!(isIP(server) || hostName.test(server)))
          return {
            at: `.${hintTld(tld)}`,
            problem: "must be a WHOIS host name or IP address (port 43 is implied)",
          };
      }
      return undefined;
    },
  }),
)
  .Decode(
    (hints): Readonly<Record<string, string>> =>
      Object.fromEntries(
        Object.entries(hints).map(([tld, host]) => [hintTld(tld), hintHost(host)]),
      ),
  )
  .Encode((hints) => ({ ...hints }));

export const WhoisOptions = Type.Object(
  {
    bootstrap: Type.Optional(BootstrapOption),
    whoisHints: Defaulted(WhoisHints),
    whoisPort: Defaulted(
      Type.Integer({
        minimum: 1,
        maximum: 65535,
        default: whoisPort,
        description: "TCP port of every WHOIS server asked (labs and tests use another).",
      }),
    ),
  },
  { additionalProperties: false },
);

export type WhoisProbeOptions = OptionsOf<typeof WhoisOptions>;
export type WhoisSettings = SettingsOf<typeof WhoisOptions>;

export const whoisDeclaration = {
  name: "whois",
  summary: "Registration snapshot: RDAP first, WHOIS fallback.",
  options: WhoisOptions,
  engineOptions: { key: "rdap", pick: ["bootstrap", "whoisHints", "whoisPort"] } as const,
  data: WhoisDataSchema,
  example: example as WhoisData,
  defaultTtlMs: 6 * 60 * 60_000,
} satisfies SectionDeclaration<typeof WhoisOptions, typeof WhoisDataSchema>;
