// Builds one Docusaurus site folder with Docusaurus and with docsite, cold, and compares what each
// writes: the routes (pages as HTML files), the time and the peak memory of each build, and, when
// asked, screenshots of the same routes in Chromium side by side.
// The site must have its own packages installed (`npm install` in it, as its README says), so that
// `docusaurus build` runs from its node_modules. Both outputs go to folders inside the site that
// neither tool uses by default; the caches of both tools are removed before every build.
// Usage: node scripts/compare-docusaurus.mjs <site-dir> [--runs N] [--shots route,route,...] [--shots-dir dir]
// (each shot is <shots-dir>/<route>.jpg, the home page home.jpg)
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { timed } from './lib/timed.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const site = path.resolve(args.find((arg, i) => !arg.startsWith('--') && !args[i - 1]?.startsWith('--')) ?? '.');
const runs = Number(option('--runs') ?? 1);
const shots = option('--shots')?.split(',').filter(Boolean) ?? [];
const shotsDir = path.resolve(option('--shots-dir') ?? path.join(os.tmpdir(), 'docsite-compare-shots'));

const DOCUSAURUS_OUT = 'compare-docusaurus-out';
const DOCSITE_OUT = 'compare-docsite-out';
const docusaurusBin = path.join(site, 'node_modules', '@docusaurus', 'core', 'bin', 'docusaurus.mjs');
if (!existsSync(docusaurusBin)) {
  console.error(`${site} has no node_modules/@docusaurus/core: run npm install there first.`);
  process.exit(2);
}

function buildDocusaurus() {
  for (const cache of ['.docusaurus', path.join('node_modules', '.cache')]) rmSync(path.join(site, cache), { recursive: true, force: true });
  return timed([docusaurusBin, 'build', '--out-dir', DOCUSAURUS_OUT], site, { NODE_ENV: 'production', NO_UPDATE_NOTIFIER: '1' });
}

function buildDocsite() {
  rmSync(path.join(site, '.docsite'), { recursive: true, force: true });
  return timed([path.join(root, 'bin', 'docsite.js'), 'build', '--out-dir', DOCSITE_OUT], site);
}

function check(name, run) {
  if (run.result.status === 0) return run;
  console.error(`${name} failed (exit ${run.result.status ?? run.result.signal}):\n${run.result.stdout.slice(-4000)}\n${run.result.stderr.slice(-4000)}`);
  process.exit(1);
}

/** The routes an output folder serves as pages: `a/b/index.html` is /a/b/, `a/b.html` is /a/b; compared without the trailing slash. */
function routesOf(dir) {
  const routes = new Set();
  for (const file of readdirSync(dir, { recursive: true }).map(String)) {
    if (!file.endsWith('.html')) continue;
    const route = `/${file.split(path.sep).join('/')}`.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '');
    routes.add(route === '' ? '/' : route);
  }
  return routes;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const docusaurusRuns = [];
const docsiteRuns = [];
for (let i = 0; i < runs; i++) {
  docusaurusRuns.push(check('docusaurus build', buildDocusaurus()));
  docsiteRuns.push(check('docsite build', buildDocsite()));
}

// Both write a site with base URL `/b/` at the root of their output, so the route lists compare as they are.
const theirs = routesOf(path.join(site, DOCUSAURUS_OUT));
const ours = routesOf(path.join(site, DOCSITE_OUT));
const onlyTheirs = [...theirs].filter((route) => !ours.has(route)).sort();
const onlyOurs = [...ours].filter((route) => !theirs.has(route)).sort();
const seconds = (list) => median(list.map((run) => run.seconds));
const mb = (list) => median(list.map((run) => run.rss ?? NaN));
console.log(`site: ${site}`);
console.log(`docusaurus: ${theirs.size} routes, cold build ${seconds(docusaurusRuns).toFixed(1)} s, peak ${mb(docusaurusRuns)} MB (median of ${runs})`);
console.log(`docsite:    ${ours.size} routes, cold build ${seconds(docsiteRuns).toFixed(1)} s, peak ${mb(docsiteRuns)} MB (median of ${runs})`);
console.log(`time ratio docusaurus/docsite: ${(seconds(docusaurusRuns) / seconds(docsiteRuns)).toFixed(2)}x`);
console.log(`routes only Docusaurus writes (${onlyTheirs.length}): ${onlyTheirs.join(' ') || '-'}`);
console.log(`routes only docsite writes (${onlyOurs.length}): ${onlyOurs.join(' ') || '-'}`);

if (shots.length > 0) await screenshots();

/** A static server for an output folder on 127.0.0.1: the same for both outputs, so neither gets a server of its own. */
function serveFolder(dir) {
  const types = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.svg': 'image/svg+xml',
    '.png': 'image/png',
    '.json': 'application/json',
  };
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const candidates = [pathname, `${pathname}.html`, path.posix.join(pathname, 'index.html')];
    for (const candidate of candidates) {
      const file = path.join(dir, path.posix.normalize(candidate));
      if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) continue;
      res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
      res.end(readFileSync(file));
      return;
    }
    res.writeHead(404).end('not found');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, base: `http://127.0.0.1:${server.address().port}` })));
}

/** Each route shot in both builds at a desktop width, then the two put side by side in one image (Docusaurus left, docsite right). */
async function screenshots() {
  const { chromium } = await import('playwright-core');
  mkdirSync(shotsDir, { recursive: true });
  const served = [await serveFolder(path.join(site, DOCUSAURUS_OUT)), await serveFolder(path.join(site, DOCSITE_OUT))];
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
    for (const route of shots) {
      const images = [];
      for (const { base } of served) {
        await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
        images.push((await page.screenshot()).toString('base64'));
      }
      const labels = ['Docusaurus', 'docsite'];
      const cells = images.map((image, i) => `<figure><figcaption>${labels[i]}</figcaption><img src="data:image/png;base64,${image}"></figure>`).join('');
      await page.setViewportSize({ width: 1300, height: 440 });
      await page.setContent(
        `<style>body{margin:0;display:flex;gap:20px;font:16px sans-serif;background:#fff}figure{margin:0}img{width:640px;border:1px solid #ccc}figcaption{padding:4px 0}</style>${cells}`,
      );
      const name = route === '/' ? 'home' : route.replace(/^\/|\/$/g, '').replace(/\//g, '-');
      const file = path.join(shotsDir, `${name}.jpg`);
      writeFileSync(file, await page.screenshot({ fullPage: true, type: 'jpeg', quality: 80 }));
      await page.setViewportSize({ width: 1280, height: 800 });
      console.log(`screenshot ${route}: ${file}`);
    }
  } finally {
    await browser.close();
    for (const { server } of served) server.close();
  }
}
