/**
 * What a build keeps from earlier builds (compiled pages, rendered pages, the whole output) must never
 * show: after any sequence of edits, a build that reuses the cache writes exactly what a cold build of
 * the same files writes.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { cliPath, copyFixture } from '../helpers';

function build(site: string, outDir: string, cacheDir: string) {
  const result = spawnSync(process.execPath, [cliPath, 'build', site, '--out-dir', outDir], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', DOCSITE_CACHE_DIR: cacheDir } });
  assert.equal(result.status, 0, result.stderr);
  return result.stdout;
}

function digests(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of readdirSync(dir, { recursive: true }).map(String).sort()) {
    const full = path.join(dir, file);
    try {
      out.set(file, createHash('sha256').update(readFileSync(full)).digest('hex'));
    } catch {
      // a folder
    }
  }
  return out;
}

function edit(site: string, file: string, change: (text: string) => string): void {
  const full = path.join(site, file);
  writeFileSync(full, change(readFileSync(full, 'utf8')));
}

/** Edits of each kind a site sees: a page body, a title, a sidebar label and position, a new page, a deleted page, a stylesheet, the config. */
const EDITS: { name: string; apply: (site: string, n: number) => void }[] = [
  { name: 'a page body', apply: (site, n) => edit(site, 'content/docs/01-guides/01-setup.md', (text) => `${text}\nA sentence written by edit ${n}.\n`) },
  { name: 'a title', apply: (site, n) => edit(site, 'content/docs/intro.md', (text) => text.replace(/^title: .*$/m, `title: Introduction, take ${n}`)) },
  { name: 'a sidebar label and position', apply: (site, n) => edit(site, 'content/docs/intro.md', (text) => text.replace(/^sidebar_position: .*$/m, `sidebar_position: ${n % 2 === 0 ? 1 : 9}\nsidebar_label: Start ${n}`).replace(/^sidebar_label: Start \d+\n(?=sidebar_label)/m, '')) },
  { name: 'a new page', apply: (site, n) => writeFileSync(path.join(site, 'content', 'docs', `added-${n}.md`), `# Added ${n}\n\nLinks back to [the intro](./intro.md).\n`) },
  {
    name: 'a deleted page',
    apply: (site) => {
      const added = readdirSync(path.join(site, 'content', 'docs')).filter((name) => name.startsWith('added-'));
      if (added[0]) rmSync(path.join(site, 'content', 'docs', added[0]));
    },
  },
  { name: 'a stylesheet', apply: (site, n) => writeFileSync(path.join(site, 'content', 'custom.css'), `:root { --edit: ${n}; }\n`) },
  { name: 'the config', apply: (site, n) => edit(site, 'site.config.ts', (text) => text.replace(/tagline: '[^']*'/, `tagline: 'Tagline number ${n}'`)) },
];

test('after a random sequence of edits of every kind, a build from the cache equals a cold build byte for byte', (t) => {
  const site = copyFixture('basic-site');
  // The stylesheet edits need the config to name one.
  edit(site, 'site.config.ts', (text) => text.replace("baseUrl: '/',", "baseUrl: '/',\n  customCss: ['content/custom.css'],"));
  writeFileSync(path.join(site, 'content', 'custom.css'), ':root { --edit: 0; }\n');
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'docsite-incremental-'));
  const kept = path.join(scratch, 'kept-cache');
  build(site, path.join(scratch, 'kept'), kept);

  const seed = Number(process.env.INCREMENTAL_SEED ?? Date.now() % 100000);
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  // Every kind once, in a random order, then three more picked at random.
  const order = [...EDITS].sort(() => random() - 0.5);
  for (let i = 0; i < 3; i++) order.push(EDITS[Math.floor(random() * EDITS.length)]!);
  t.diagnostic(`seed ${seed} (INCREMENTAL_SEED=${seed} repeats it): ${order.map((e) => e.name).join(', ')}`);

  let reusedRenders = 0;
  order.forEach((kind, n) => {
    kind.apply(site, n + 1);
    const summary = build(site, path.join(scratch, 'kept'), kept);
    reusedRenders += Number(/pages: \d+ rendered, (\d+) from cache/.exec(summary)?.[1] ?? 0);
    const cold = path.join(scratch, `cold-${n}`);
    build(site, cold, path.join(scratch, `cold-cache-${n}`));
    const incremental = digests(path.join(scratch, 'kept'));
    const fresh = digests(cold);
    const differing = [...new Set([...incremental.keys(), ...fresh.keys()])].filter((file) => incremental.get(file) !== fresh.get(file));
    assert.deepEqual(differing, [], `after ${kind.name} (edit ${n + 1}): files that differ from a cold build`);
  });
  assert.ok(reusedRenders > 0, 'the builds reused rendered pages, so the comparison tested the cache');
});
