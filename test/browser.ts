/** Real Chromium for browser tests: Debian's /usr/bin/chromium driven by playwright-core, never a downloaded browser. */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

/** Outside CI a machine without Chromium skips browser tests; under CI=true they must run. */
export function browserSkipReason(): string | false {
  if (existsSync(CHROMIUM)) return false;
  if (process.env.CI === 'true') throw new Error(`${CHROMIUM} is missing: CI must run the browser tests (install Debian's chromium)`);
  return `${CHROMIUM} is not installed`;
}

/** `extraArgs`: more Chromium switches, e.g. `--force-effective-connection-type=2G`. */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', ...extraArgs],
  });
}
