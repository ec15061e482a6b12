// Docusaurus 3 "Faster" for `npm run bench -- N --compare docusaurus`: installed with npm into a folder of
// the system's temporary directory (never into this repository), reused while its package.json is
// the one wanted, with a minimal docusaurus.config.js and a copy of the generated docs folder.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** One version for every @docusaurus package (they must match); `--docusaurus-version` picks another. */
export const DOCUSAURUS_VERSION = '3.10.2';

const packageJson = (version) =>
  `${JSON.stringify(
    {
      name: 'docsite-bench-docusaurus',
      private: true,
      description: "Docusaurus Faster, installed by docsite's scripts/bench.mjs to compare build times. Safe to delete.",
      dependencies: {
        '@docusaurus/core': version,
        '@docusaurus/preset-classic': version,
        '@docusaurus/faster': version,
        '@mdx-js/react': '^3.0.0',
        react: '^19.0.0',
        'react-dom': '^19.0.0',
      },
    },
    null,
    2,
  )}\n`;

// `true` turns on every Faster option of the installed version (Rspack, SWC, Lightning CSS, the MDX
// cross-compiler cache, SSG worker threads, ...). Docusaurus 3.6 to 3.9 call the key
// `future.experimental_faster`; 3.10 renamed it `future.faster` and refuses the old name. The worker
// threads need the v4 flags, which Docusaurus recommends turning on with it. No blog: the docs and
// a home page (the navbar's title links to it), as docsite builds them.
const config = (fasterKey) => `// Written by docsite's scripts/bench.mjs.
export default {
  title: 'Bench',
  url: 'http://localhost',
  baseUrl: '/',
  onBrokenLinks: 'warn',
  future: { v4: true, ${fasterKey}: true },
  presets: [['classic', { docs: { routeBasePath: 'docs' }, blog: false, theme: {} }]],
};
`;

/** The name of the Faster key for an installed version of @docusaurus/core. */
function fasterKey(installed) {
  const [major, minor] = installed.split('.').map(Number);
  return major > 3 || (major === 3 && minor >= 10) ? 'faster' : 'experimental_faster';
}

/**
 * Makes the Docusaurus folder ready: installs when its package.json differs from the wanted one or
 * the install is incomplete, then puts the config and a fresh copy of `docsDir` in it.
 * Returns `{ dir, version }`, or `{ error }` saying why it could not.
 */
export function prepareDocusaurus(docsDir, version = DOCUSAURUS_VERSION, log = console.log) {
  const dir = path.join(os.tmpdir(), 'docsite-bench-docusaurus');
  mkdirSync(dir, { recursive: true });
  const wanted = packageJson(version);
  const manifest = path.join(dir, 'package.json');
  const installed =
    existsSync(manifest) && readFileSync(manifest, 'utf8') === wanted && existsSync(path.join(dir, 'node_modules', '@docusaurus', 'faster', 'package.json'));
  if (!installed) {
    log(`installing Docusaurus ${version} (core, preset-classic, faster) into ${dir} ...`);
    rmSync(path.join(dir, 'node_modules'), { recursive: true, force: true });
    rmSync(path.join(dir, 'package-lock.json'), { force: true });
    writeFileSync(manifest, wanted);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const result = spawnSync(npm, ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (result.status !== 0) {
      // Left so the next run installs again instead of trusting a half install.
      rmSync(manifest, { force: true });
      return { error: `npm install failed (exit ${result.status ?? result.signal}): ${tail(result.stderr || result.stdout || String(result.error))}` };
    }
  }
  const installedVersion = JSON.parse(readFileSync(path.join(dir, 'node_modules', '@docusaurus', 'core', 'package.json'), 'utf8')).version;
  writeFileSync(path.join(dir, 'docusaurus.config.js'), config(fasterKey(installedVersion)));
  mkdirSync(path.join(dir, 'src', 'pages'), { recursive: true });
  writeFileSync(path.join(dir, 'src', 'pages', 'index.md'), '# Bench\n\nThe [docs](/docs/).\n');
  rmSync(path.join(dir, 'docs'), { recursive: true, force: true });
  cpSync(docsDir, path.join(dir, 'docs'), { recursive: true });
  return { dir, version: installedVersion };
}

/** Removes what a Docusaurus build leaves for the next one (its generated files, output and caches), so the next build is cold. */
export function clearDocusaurus(dir) {
  for (const each of ['.docusaurus', 'build', path.join('node_modules', '.cache')]) rmSync(path.join(dir, each), { recursive: true, force: true });
}

/** The command that builds the Docusaurus folder. */
export function docusaurusBuildCommand(dir) {
  return [path.join(dir, 'node_modules', '@docusaurus', 'core', 'bin', 'docusaurus.mjs'), 'build'];
}

/** The last lines of a long output, for a report. */
export function tail(text, lines = 15) {
  return String(text).trim().split('\n').slice(-lines).join('\n');
}
