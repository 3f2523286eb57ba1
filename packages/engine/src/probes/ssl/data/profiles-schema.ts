import { Nullable, type Static, StringEnum, Type } from "../../../contract/schema.js";

/** Mozilla's Server Side TLS profiles, strictest first. */
export const mozillaProfileNames = ["modern", "intermediate", "old"] as const;
export type MozillaProfileName = (typeof mozillaProfileNames)[number];

const profileName = StringEnum(mozillaProfileNames);

/** One profile and what keeps the server from it. */
export const MozillaProfileCheckSchema = Type.Object({
  name: profileName,
  /** The guidelines version the profile is read from ("6.0"; "5.8" for old, which 6.0 dropped). */
  guidelines: Type.String({ examples: ["6.0"] }),
  meets: Type.Boolean(),
  problems: Type.Array(Type.String(), {
    description: "What the server does that the profile does not allow, one sentence each.",
  }),
});
export type MozillaProfileCheck = Static<typeof MozillaProfileCheckSchema>;

/** `profiles`: the server judged against published configuration profiles. */
export const SslProfilesSchema = Type.Object(
  {
    mozilla: Type.Object({
      meets: Type.Array(profileName, { description: "The profiles met, strictest first." }),
      closest: Nullable(profileName, {
        description:
          "The profile stricter than any met (any, when none is met) with the fewest problems: the one to aim at; null when modern is met.",
      }),
      profiles: Type.Array(MozillaProfileCheckSchema),
      certificateChecked: Type.Boolean({
        description: "The certificate's type, key, signature and lifetime were judged too.",
      }),
    }),
  },
  {
    description:
      "Mozilla's Server Side TLS profiles (ssl-config.mozilla.org guidelines): versions, suites, groups, DH size and the certificate, as sslyze's check does; HSTS and OCSP stapling are judged elsewhere.",
  },
);
export type SslProfiles = Static<typeof SslProfilesSchema>;
