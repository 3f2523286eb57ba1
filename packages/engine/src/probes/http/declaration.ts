import { Defaulted, type OptionsOf, type SettingsOf, Type } from "../../contract/schema.js";
import type { SectionDeclaration } from "../../contract/section-declaration.js";
import { CaOption } from "../../protocols/x509/ca-option.js";
import type { HttpData } from "./http-data.js";
import example from "./openapi-example.json" with { type: "json" };
import { httpDataSchema } from "./schema.js";

const maxTimerMs = 2_147_483_647;
const port = (fallback: number, description: string) =>
  Defaulted(Type.Integer({ minimum: 1, maximum: 65535, default: fallback, description }));
const positive = (fallback: number, description: string) =>
  Defaulted(Type.Integer({ minimum: 1, maximum: maxTimerMs, default: fallback, description }));

export const HttpOptions = Type.Object(
  {
    httpsPort: port(443, "Port of `https://{domain}/`."),
    httpPort: port(80, "Port of `http://{domain}/`."),
    ca: Defaulted(CaOption),
    requestTimeoutMs: positive(5000, "Cap on each request, connect to headers, in milliseconds."),
    bodyTimeoutMs: positive(3000, "Cap on reading a body, in milliseconds."),
    maxBodyBytes: positive(256 * 1024, "Body bytes read of each answer; the rest is discarded."),
  },
  { additionalProperties: false },
);

/** The `data` schema, until the http section's is written with TypeBox. */
const HttpDataSchema = Type.Unsafe<HttpData>(httpDataSchema);

export type HttpProbeOptions = OptionsOf<typeof HttpOptions>;
export type HttpSettings = SettingsOf<typeof HttpOptions>;

export const httpDeclaration = {
  name: "http",
  summary:
    "The web site: HTTPS enforcement, redirects, HSTS, security headers, cookies and security.txt.",
  options: HttpOptions,
  engineOptions: { key: "http", pick: [] } as const,
  data: HttpDataSchema,
  example: example as HttpData,
  defaultTtlMs: 60 * 60_000,
} satisfies SectionDeclaration<typeof HttpOptions, typeof HttpDataSchema>;
