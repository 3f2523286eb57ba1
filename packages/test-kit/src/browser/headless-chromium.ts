import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { requireExecutable } from "../processes/executables.js";

/**
 * Debian's chromium (CI installs it with apt-get), or the one CHROMIUM_PATH names, headless
 * and quiet: no sandbox (tests run as root), no GPU, no background traffic.
 */
export function launchChromium(): Promise<Browser> {
  const executablePath =
    process.env.CHROMIUM_PATH ?? requireExecutable("chromium", { debianPackage: "chromium" });
  return chromium.launch({
    executablePath,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
    timeout: 60_000,
  });
}

export interface WatchedPage {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Console errors and warnings, and uncaught page errors. */
  readonly problems: string[];
  /** Every URL the page asked for, in order. */
  readonly requested: string[];
}

/** A page in a context of its own that records what went wrong and every URL it asked for. */
export async function watchedPage(
  browser: Browser,
  viewport = { width: 1100, height: 900 },
): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const problems: string[] = [];
  const requested: string[] = [];
  page.on("request", (request) => requested.push(request.url()));
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  return { context, page, problems, requested };
}
