/** Languages whose country names registries write in addresses. */
const languages = ["en", "es", "fr", "de", "pt", "it", "nl"];

let names: Map<string, string> | undefined;

/** Every ISO 3166 code by its name in those languages, lower case ("united states" -> "US"). */
function countryNames(): Map<string, string> {
  if (names) return names;
  names = new Map();
  for (const language of languages) {
    const display = new Intl.DisplayNames([language], { type: "region" });
    for (let first = 65; first <= 90; first++) {
      for (let second = 65; second <= 90; second++) {
        const code = String.fromCharCode(first, second);
        const name = display.of(code);
        if (name && name !== code) names.set(name.toLowerCase(), code);
      }
    }
  }
  return names;
}

/**
 * The country of an address written as lines, when its last line (or one of the last two, an
 * e-mail or phone line aside) is a country's name: `1600 Amphitheatre Parkway / Mountain View / CA / 94043 / United States`.
 * A two-letter line is no country here (`CA` is also a state).
 */
export function countryOfAddress(lines: readonly string[]): string | undefined {
  const last = lines
    .map((line) => line.trim().replace(/[.,]$/, "").toLowerCase())
    // Not the e-mail and phone lines some registries write after the address (.tr).
    .filter((line) => line !== "" && !line.includes("@") && !/^[+(]?\d[\d\s().+-]*$|^\+/.test(line))
    .slice(-2)
    .reverse();
  return last.map((line) => countryNames().get(line)).find((code) => code !== undefined);
}
