// Dev-server benchmark: starts `docsite serve` on a copy of the Lexical site (default) or on N generated
// pages, then edits one page E times and prints the median time from the file write to the new text
// in the page's HTML, the server's memory (quiet, and at its highest) and scratch disk before and after, and the throughput of 20
// concurrent requests on the largest page. Usage: npm run bench:serve -- [lexical|N] [--edits E]
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const what = args.find((a) => a === 'lexical' || /^\d+$/.test(a)) ?? 'lexical';
const editsAt = args.indexOf('--edits');
const edits = editsAt >= 0 ? Number(args[editsAt + 1]) : 30;

const site = mkdtempSync(path.join(os.tmpdir(), `docsite-bench-serve-${what}-`));
let page;
let file;
if (what === 'lexical') {
  for (const name of ['content', 'site.config.ts', 'package.json']) cpSync(path.join(root, name), path.join(site, name), { recursive: true });
  symlinkSync(path.join(root, 'node_modules'), path.join(site, 'node_modules'));
  page = '/docs/concepts/editor-state';
  file = path.join(site, 'content', 'docs', 'concepts', 'editor-state.md');
} else {
  const gen = spawnSync(process.execPath, [path.resolve(root, '..', 'shared', 'bench', 'gen-content.mjs'), what, path.join(site, 'content', 'docs')], { encoding: 'utf8' });
  if (gen.status !== 0) throw new Error(gen.stderr);
  const first = readdirSync(path.join(site, 'content', 'docs'), { recursive: true }).map(String).filter((f) => f.endsWith('.md') || f.endsWith('.mdx')).sort()[0];
  file = path.join(site, 'content', 'docs', first);
  page = null; // found from the server's manifest below
}

const started = performance.now();
const child = spawn(process.execPath, [path.join(root, 'bin', 'docsite.js'), 'serve', site, '--port', '0'], { env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
let output = '';
child.stderr.on('data', (chunk) => (output += chunk));
const base = await new Promise((resolve, reject) => {
  child.stdout.on('data', (chunk) => {
    output += chunk;
    const match = /at (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
    if (match) resolve(match[1]);
  });
  child.once('exit', (code) => reject(new Error(`serve exited with ${code}:\n${output}`)));
});
if (!page) {
  const manifest = await (await fetch(`${base}/_docsite/routes.json`)).json();
  const routes = Object.keys(manifest).filter((route) => route.startsWith('/docs/')).sort();
  const name = path.basename(file).replace(/\.mdx?$/, '').replace(/^\d+-/, '');
  page = routes.find((route) => route.split('/').filter(Boolean).pop() === name) ?? routes[0];
}
await fetch(`${base}${page}`).then((res) => res.text());
const firstPage = performance.now() - started;

const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) / 1024;
const diskOf = (dir) => {
  let bytes = 0;
  const walk = (at) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) bytes += statSync(full).size;
    }
  };
  try {
    walk(dir);
  } catch {}
  return bytes / 1024 / 1024;
};
const scratch = path.join(site, '.docsite', 'serve');
// The server collects garbage and replaces its threads once quiet (src/serve/quiet.ts): memory is
// read after the same quiet spell before and after the edits, and at its highest along the way.
const settle = () => new Promise((resolve) => setTimeout(resolve, 12_000));
await settle();
const rssBefore = rss();
let rssPeak = rssBefore;
const diskBefore = diskOf(scratch);

const original = readFileSync(file, 'utf8');
const times = [];
for (let i = 0; i < edits; i++) {
  const marker = `bench-edit-${i}-${Date.now()}`;
  const t0 = performance.now();
  writeFileSync(file, `${original}\n\n${marker}\n`);
  for (;;) {
    const html = await (await fetch(`${base}${page}`)).text();
    if (html.includes(marker)) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  times.push(performance.now() - t0);
  rssPeak = Math.max(rssPeak, rss());
  // RSS along the way: steady growth is a leak, growth that levels off is the heap settling.
  if ((i + 1) % Math.max(1, Math.round(edits / 4)) === 0) console.log(`after ${i + 1} edits: RSS ${Math.round(rss())} MB`);
}
const rssRight = rss();
await settle();
const rssAfter = rss();
const diskAfter = diskOf(scratch);

// 20 connections for 5 seconds on the largest page of the site.
const manifest = await (await fetch(`${base}/_docsite/routes.json`)).json();
let largest = page;
if (what === 'lexical') largest = '/docs/api/classes/lexical.LexicalEditor';
let done = 0;
const deadline = performance.now() + 5000;
await Promise.all(
  Array.from({ length: 20 }, async () => {
    while (performance.now() < deadline) {
      await (await fetch(`${base}${largest}`)).arrayBuffer();
      done++;
    }
  }),
);
child.kill('SIGTERM');
await new Promise((resolve) => child.once('exit', resolve));

const sorted = [...times].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)];
console.log(`site: ${what === 'lexical' ? 'Lexical' : `${what} generated pages`} (${Object.keys(manifest).length} routes), ${edits} edits of ${page}`);
console.log(`first page answered ${Math.round(firstPage)} ms after start`);
console.log(`write -> new HTML: median ${Math.round(median)} ms (min ${Math.round(sorted[0])}, max ${Math.round(sorted[sorted.length - 1])})`);
console.log(`serve RSS, quiet: ${Math.round(rssBefore)} MB -> ${Math.round(rssAfter)} MB (${Math.round(rssAfter - rssBefore)} MB over ${edits} edits); right after the last edit ${Math.round(rssRight)} MB, highest ${Math.round(rssPeak)} MB`);
console.log(`scratch disk (.docsite/serve): ${diskBefore.toFixed(1)} MB -> ${diskAfter.toFixed(1)} MB; after exit: ${diskOf(scratch).toFixed(1)} MB`);
console.log(`20 connections on ${largest}: ${(done / 5).toFixed(1)} req/s`);
rmSync(site, { recursive: true, force: true });
