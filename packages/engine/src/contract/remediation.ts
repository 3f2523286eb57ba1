import { type Static, StringEnum, Type } from "./schema.js";

/**
 * A fix for a failing or warning finding, as typed data a person can paste and an agent can
 * apply (DESIGN: "Fixed names of the fourth plan"). Values a user must supply are
 * `parameters`, written `{{name}}` where they go: never a made-up value.
 */

const stage = Type.Optional(
  Type.Integer({
    minimum: 1,
    description: "Staged fixes: apply stage 1, watch, then 2 (the steps say when).",
  }),
);

export const DnsRecordChangeSchema = Type.Object(
  {
    kind: Type.Literal("dns-record"),
    action: StringEnum(["add", "replace", "remove"], {
      description:
        "add a record; replace the records of this owner and type that `replaces` names (all of them when it is absent) by this one; remove this record",
    }),
    owner: Type.String({ description: "Fully qualified owner name, with the trailing dot." }),
    type: Type.String({ description: "Record type: TXT, CAA, MX, SOA, NS, A, AAAA..." }),
    ttl: Type.Integer({ minimum: 0 }),
    value: Type.String({ description: "The record data in zone-file presentation form." }),
    zoneLine: Type.String({ description: "The record as one zone-file line, ready to paste." }),
    replaces: Type.Optional(
      Type.Array(Type.String(), {
        description: "For replace: the present values (presentation form) this one takes over.",
      }),
    ),
    stage,
  },
  { additionalProperties: false },
);

export const ServerSnippetsSchema = Type.Object(
  {
    nginx: Type.String(),
    apache: Type.String(),
    caddy: Type.String(),
    iis: Type.String(),
    haproxy: Type.Optional(Type.String()),
  },
  { description: "The same change for each server, ready to paste into its configuration." },
);

export const HttpHeaderChangeSchema = Type.Object(
  {
    kind: Type.Literal("http-header"),
    action: Type.Optional(
      StringEnum(["set", "remove"], { description: "Default set; remove drops the header." }),
    ),
    name: Type.String(),
    value: Type.String({ description: "The header's value; empty for remove." }),
    servers: ServerSnippetsSchema,
    stage,
  },
  { additionalProperties: false },
);

export const TlsConfigChangeSchema = Type.Object(
  {
    kind: Type.Literal("tls-config"),
    profile: StringEnum(["modern", "intermediate"], {
      description: "Mozilla Server Side TLS profile (guidelines 6.0) the settings follow.",
    }),
    why: Type.String({ description: "Why this profile: the clients it keeps or leaves out." }),
    protocols: Type.Array(StringEnum(["TLSv1.2", "TLSv1.3"])),
    ciphers: Type.Array(Type.String(), {
      description: "TLS 1.2 suites by OpenSSL name, in order; empty for TLS 1.3 only.",
    }),
    ciphersuites: Type.Array(Type.String(), { description: "TLS 1.3 suites." }),
    groups: Type.Array(Type.String(), { description: "Key exchange groups, in order." }),
    servers: ServerSnippetsSchema,
    stage,
  },
  { additionalProperties: false },
);

export const FileChangeSchema = Type.Object(
  {
    kind: Type.Literal("file"),
    url: Type.String({ description: "Where the file must answer." }),
    path: Type.String({ description: "Its path on the web server, from the site's root." }),
    contentType: Type.String(),
    content: Type.String(),
    stage,
  },
  { additionalProperties: false },
);

export const registrarTopics = ["ds", "nameservers", "glue", "transfer-lock"] as const;

export const RegistrarChangeSchema = Type.Object(
  {
    kind: Type.Literal("registrar"),
    what: StringEnum(registrarTopics, { description: "What to set at the registrar." }),
    action: StringEnum(["add", "remove"]),
    value: Type.String({
      description:
        "One item: a DS record's data (key tag, algorithm, digest type, digest), a name server, `host address` glue, or the EPP status.",
    }),
    stage,
  },
  { additionalProperties: false },
);

export const RemediationChangeSchema = Type.Union([
  DnsRecordChangeSchema,
  HttpHeaderChangeSchema,
  TlsConfigChangeSchema,
  FileChangeSchema,
  RegistrarChangeSchema,
]);

export const RemediationParameterSchema = Type.Object(
  {
    name: Type.String({ pattern: "^[a-z][a-zA-Z0-9]*$" }),
    description: Type.String(),
  },
  { additionalProperties: false },
);

export const RemediationSchema = Type.Object(
  {
    summary: Type.String(),
    changes: Type.Array(RemediationChangeSchema),
    steps: Type.Optional(Type.Array(Type.String())),
    references: Type.Array(Type.String()),
    parameters: Type.Optional(Type.Array(RemediationParameterSchema)),
  },
  {
    additionalProperties: false,
    description:
      "How to fix the finding: typed changes (stages in order), plain steps where nothing can be applied by machine, and the values the user must supply as {{name}}.",
  },
);

export type DnsRecordChange = Static<typeof DnsRecordChangeSchema>;
export type HttpHeaderChange = Static<typeof HttpHeaderChangeSchema>;
export type TlsConfigChange = Static<typeof TlsConfigChangeSchema>;
export type FileChange = Static<typeof FileChangeSchema>;
export type RegistrarChange = Static<typeof RegistrarChangeSchema>;
export type RemediationChange = Static<typeof RemediationChangeSchema>;
export type RemediationParameter = Static<typeof RemediationParameterSchema>;
export type Remediation = Static<typeof RemediationSchema>;
export type ServerSnippets = Static<typeof ServerSnippetsSchema>;
export type ChangeKind = RemediationChange["kind"];
