// RFC 6750 b64token: the only characters a bearer credential may contain.
const bearer = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

export type BearerParse =
  | { kind: "missing" }
  | { kind: "malformed" }
  | { kind: "token"; token: string };

export function parseBearerToken(header: string | undefined): BearerParse {
  if (header === undefined || header === "") return { kind: "missing" };
  if (header.length > 4096) return { kind: "malformed" };
  const match = bearer.exec(header);
  return match ? { kind: "token", token: match[1]! } : { kind: "malformed" };
}
