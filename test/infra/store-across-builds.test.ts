/**
 * The store under the cache folder keeps compiled pages for the site as it is, not for its history:
 * edit after edit, its size stays that of one site. Entries that are corrupt, or that a killed build
 * left behind, cost a recompile and never a failed build.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { CLI_TIMEOUT_MS, cliPath, copyFixture, readOut, runCli } from '../support/helpers';

const EXTRA_PAGES = 40;
/** The fixture's own four markdown sources, plus the pages added here. */
const SOURCES = 4 + EXTRA_PAGES;

/** A fixture site with enough pages that edits spread over many of them. */
function siteWithManyPages(): string {
  const site = copyFixture('basic-site');
  const dir = path.join(site, 'content', 'docs', 'many');
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < EXTRA_PAGES; i++)
    writeFileSync(pageFile(site, i), `# Page ${i}\n\nThe text of page ${i}.\n\n\`\`\`ts\nexport const page = ${i};\n\`\`\`\n`);
  return site;
}

const pageFile = (site: string, i: number) => path.join(site, 'content', 'docs', 'many', `page-${String(i).padStart(2, '0')}.md`);
const pageHtml = (site: string, i: number) => readOut(site, `docs/many/page-${String(i).padStart(2, '0')}/index.html`);

function build(site: string): { compiled: number; cached: number } {
  const result = runCli(['build', site]);
  assert.equal(result.status, 0, result.stdout + result.stderr);
  const counts = /mdx: (\d+) compiled, (\d+) from cache/.exec(result.stdout);
  assert.ok(counts, result.stdout);
  return { compiled: Number(counts[1]), cached: Number(counts[2]) };
}

/** Files and bytes under each kind of the store. */
function storeUsage(site: string): Map<string, { files: number; bytes: number }> {
  const dir = path.join(site, '.docsite', 'store');
  const usage = new Map<string, { files: number; bytes: number }>();
  for (const kind of readdirSync(dir)) {
    const names = readdirSync(path.join(dir, kind));
    usage.set(kind, { files: names.length, bytes: names.reduce((sum, name) => sum + statSync(path.join(dir, kind, name)).size, 0) });
  }
  return usage;
}

const total = (usage: Map<string, { files: number; bytes: number }>) => [...usage.values()].reduce((sum, kind) => sum + kind.bytes, 0);

describe('the store across edits', () => {
  let site: string;
  before(() => {
    site = siteWithManyPages();
    // The layout before the store: the next build clears it away.
    mkdirSync(path.join(site, '.docsite', 'mdx'), { recursive: true });
    writeFileSync(path.join(site, '.docsite', 'mdx', '0123456789abcdef0123456789abcdef.json'), '{"code":"stale"}');
  });

  test('stays the size of one site over twenty rounds of edits, and every edit shows', () => {
    assert.deepEqual(build(site), { compiled: SOURCES, cached: 0 });
    assert.equal(existsSync(path.join(site, '.docsite', 'mdx')), false, 'the old mdx/ folder is gone');
    const cold = storeUsage(site);
    assert.deepEqual(cold.get('mdx-pack')?.files, 1, 'a site this size is kept as one pack');

    const entries: number[] = [];
    for (let round = 1; round <= 20; round++) {
      // Two pages a round, so that over the rounds most of the site changes, and some pages twice.
      const edited = [(2 * round) % EXTRA_PAGES, (2 * round + 1) % EXTRA_PAGES];
      for (const i of edited) writeFileSync(pageFile(site, i), `${readFileSync(pageFile(site, i), 'utf8')}\nEdited in round ${round}.\n`);
      assert.deepEqual(build(site), { compiled: 2, cached: SOURCES - 2 }, `round ${round}`);
      for (const i of edited) assert.match(pageHtml(site, i), new RegExp(`Edited in round ${round}\\.`), `page ${i} in round ${round}`);

      const usage = storeUsage(site);
      assert.equal(usage.get('mdx-pack')?.files, 1, `round ${round}: one pack`);
      entries.push(usage.get('mdx')?.files ?? 0);
      assert.ok(total(usage) <= 2 * total(cold), `round ${round}: the store holds ${total(usage)} bytes, the cold build's held ${total(cold)}`);
    }
    // Entries gather as pages change, then fold into a new pack: neither grows with the edits.
    assert.ok(Math.max(...entries) <= 32, `entries per round: ${entries.join(', ')}`);
    assert.ok(entries.slice(1).includes(0), `the pack was written anew at some round: ${entries.join(', ')}`);
    assert.ok(entries.at(-1)! < 40, `entries per round: ${entries.join(', ')}`);
  });

  test('a corrupt pack and corrupt entries read as misses: the next build compiles anew and succeeds', () => {
    const store = path.join(site, '.docsite', 'store');
    const before = pageHtml(site, 39);
    for (const kind of ['mdx', 'mdx-pack']) {
      for (const name of readdirSync(path.join(store, kind))) writeFileSync(path.join(store, kind, name), 'not a serialized value');
    }
    writeFileSync(pageFile(site, 0), `${readFileSync(pageFile(site, 0), 'utf8')}\nEdited after the corruption.\n`);
    assert.deepEqual(build(site), { compiled: SOURCES, cached: 0 });
    assert.match(pageHtml(site, 0), /Edited after the corruption\./);
    assert.equal(pageHtml(site, 39), before);
    // What was compiled anew is kept again.
    writeFileSync(pageFile(site, 1), `${readFileSync(pageFile(site, 1), 'utf8')}\nOne more edit.\n`);
    assert.deepEqual(build(site), { compiled: 1, cached: SOURCES - 1 });
  });
});

test('a build killed while compiling keeps what it compiled, and the next build finishes from there', async () => {
  const site = siteWithManyPages();
  const entries = path.join(site, '.docsite', 'store', 'mdx');
  const child = spawn(process.execPath, [cliPath, 'build', site], {
    env: { ...process.env, NO_COLOR: '1' },
    stdio: 'ignore',
    timeout: CLI_TIMEOUT_MS,
    killSignal: 'SIGKILL',
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // Killed as soon as the first results are kept, while the other batches are still compiling.
  let done = false;
  void exited.then(() => (done = true));
  while (!done && !(existsSync(entries) && readdirSync(entries).some((name) => !name.includes('.')))) await new Promise((resolve) => setTimeout(resolve, 5));
  child.kill('SIGKILL');
  await exited;

  const kept = readdirSync(entries).filter((name) => !name.includes('.')).length;
  assert.ok(kept > 0);
  const { compiled, cached } = build(site);
  assert.equal(compiled + cached, SOURCES);
  assert.ok(cached >= kept, `${cached} from cache, ${kept} kept by the killed build`);
  assert.match(pageHtml(site, 7), /The text of page 7\./);
});
