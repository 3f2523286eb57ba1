import { readFile } from "node:fs/promises";
import type { RouteAsset } from "@domain-intel/engine";

/*
 * What the pages for people (the report page at /view, the fleet page at /fleet) share: their
 * Content-Security-Policy and how they serve their files.
 */

/** Only this origin's scripts, styles and fetches; no inline code, no framing, no forms. */
export const pageContentSecurityPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * A page's document: its styles and its one module script are files under the page's own path
 * (relative URLs, so the page works wherever the API is mounted), and nothing is inline.
 */
export function pageHtml(options: {
  readonly title: string;
  readonly styles: readonly string[];
  readonly script: string;
  readonly main: string;
  readonly mainClass?: string;
}): string {
  const links = options.styles.map((href) => `<link rel="stylesheet" href="${href}">`).join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title}</title>
<link rel="icon" href="data:,">
${links}
</head>
<body><main${options.mainClass ? ` class="${options.mainClass}"` : ""}>
${options.main}
</main>
<script type="module" src="${options.script}"></script>
</body>
</html>
`;
}

export const textAsset = (type: string, value: string): RouteAsset => ({
  type,
  read: () => Buffer.from(value, "utf8"),
});

/**
 * One of this package's built modules, served as it was built, so a page renders exactly what
 * the CLI does; such modules import nothing but each other.
 */
export function moduleAssets(files: readonly string[]): Record<string, RouteAsset> {
  return Object.fromEntries(
    files.map((file) => [
      `/${file}`,
      { type: "text/javascript; charset=utf-8", read: () => readModule(file) },
    ]),
  );
}

async function readModule(module: string): Promise<Uint8Array> {
  try {
    return await readFile(new URL(`./${module}`, import.meta.url));
  } catch (error) {
    // Run from the sources (tests, tsx), the built module is in dist/.
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    return readFile(new URL(`../dist/${module}`, import.meta.url));
  }
}
