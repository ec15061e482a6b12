/** Real Chromium for browser tests: Debian's /usr/bin/chromium driven by playwright-core, never a downloaded browser. */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ServerType } from '@hono/node-server';
import { chromium, type Browser } from 'playwright-core';
import { previewBuild, runCli } from './helpers';

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

export interface BuiltSiteInBrowser {
  base: string;
  server: ServerType;
  browser: Browser;
  close(): Promise<void>;
}

/** Builds the site folder (the build must succeed), serves the output with `docsite preview`'s app and starts Chromium. */
export async function openBuiltSite(site: string, chromiumArgs: string[] = []): Promise<BuiltSiteInBrowser> {
  const built = runCli(['build', site]);
  assert.equal(built.status, 0, built.stderr);
  const { base, server } = await previewBuild(path.join(site, 'build'));
  const browser = await launchChromium(chromiumArgs);
  return {
    base,
    server,
    browser,
    async close() {
      await browser.close();
      server.close();
    },
  };
}
