/**
 * The compile stage keeps coloured code blocks in the store between runs: a page compiled again
 * takes its unchanged blocks from there (shiki need not start), gets the HTML a cold build gives,
 * never HTML coloured for other themes, and the store keeps only the blocks the site still shows.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { compileSources, compilerOptions } from '../../../src/pipeline/compile/compile';
import { createWorkerPool } from '../../../src/infra/pool';
import { loadSiteModel } from '../../../src/pipeline/scan/site-model';
import { mdxSources } from '../../../src/pipeline/compile/sources';
import { frameEntry, unframeEntry } from '../../../src/infra/entry-frame';
import type { ResolvedConfig } from '../../../src/config/load';
import type { SiteConfig } from '../../../src/config/schema';
import { memoryConfig } from '../../support/memory-site';

const pages: Record<string, string> = {
  'a.md': '# A\n\nSome prose.\n\n```ts {2}\nconst a: number = 1;\nconst b = a + 1;\n```\n\n```bash\nnpm install docsite\n```\n',
  'b.mdx': '# B\n\n```tsx title="b.tsx"\nexport const B = () => <div className="b">{1}</div>;\n```\n\n```json\n{ "b": [1, 2] }\n```\n',
  'c.md': '# C\n\nNo code here.\n',
};

/** The `html` of each `<CodeBlock>` in a compiled page, in page order. */
function blocks(code: string): string[] {
  return [...code.matchAll(/\bhtml: ("(?:[^"\\]|\\.)*")/g)].map((match) => JSON.parse(match[1]!) as string);
}

describe('highlight cache', () => {
  const dirs: string[] = [];
  const tempDir = (name: string) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), `docsite-${name}-`));
    dirs.push(dir);
    return dir;
  };
  /** A site folder holding `files` under content/docs. */
  const site = (files: Record<string, string>) => {
    const siteDir = tempDir('highlight-site');
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.join(siteDir, 'content', 'docs'), { recursive: true });
      writeFileSync(path.join(siteDir, 'content', 'docs', name), text);
    }
    return siteDir;
  };
  /** A compile stage as a build runs it: with workers of its own, which remember no block. */
  const compile = async (config: ResolvedConfig) => {
    const model = await loadSiteModel(config, { includeDrafts: false, fingerprint: 'test' });
    const pool = createWorkerPool({ threads: 1 });
    const stage = await compileSources({
      sources: mdxSources(model),
      pool,
      cacheDir: config.cacheDir,
      compilerOptions: compilerOptions(config),
      fingerprint: 'test',
    }).finally(() => pool.destroy());
    assert.deepEqual(stage.errors, []);
    return { ...stage, html: (name: string) => blocks(stage.results.get(`content/docs/${name}`)!.code) };
  };
  const configOf = (siteDir: string, cacheDir: string, site: Partial<SiteConfig> = {}) => memoryConfig(siteDir, site, cacheDir);
  const kept = (cacheDir: string) => readdirSync(path.join(cacheDir, 'store', 'highlight')).sort();

  /**
   * The pages compiled once with an empty store, which the tests that start from that compile share:
   * each works on a copy of its site and cache folders.
   */
  let first: { siteDir: string; cacheDir: string; cold: Awaited<ReturnType<typeof compile>> };
  before(async () => {
    const siteDir = site(pages);
    const cacheDir = tempDir('highlight-cache');
    first = { siteDir, cacheDir, cold: await compile(configOf(siteDir, cacheDir)) };
  });
  /** Copies of the site and cache folders of the first compile, and its results. */
  const afterColdCompile = () => {
    const [siteDir, cacheDir] = [tempDir('highlight-site'), tempDir('highlight-cache')];
    cpSync(first.siteDir, siteDir, { recursive: true, preserveTimestamps: true });
    cpSync(first.cacheDir, cacheDir, { recursive: true, preserveTimestamps: true });
    return { siteDir, cacheDir, cold: first.cold };
  };

  after(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  test('a page compiled again after a prose edit takes its blocks from the store, as a cold compile colours them', async () => {
    const { siteDir, cacheDir, cold } = afterColdCompile();
    assert.equal(cold.compiled, 3);
    assert.equal(cold.html('a.md').length, 2);
    assert.match(cold.html('a.md')[0]!, /^<pre class="shiki[^"]*"[^>]*>.*class="line highlighted"/s);
    // One entry per block, named in the results of the pages that show them.
    assert.equal(kept(cacheDir).length, 4);
    assert.deepEqual([...cold.results.values()].flatMap((result) => result.highlights ?? []).sort(), kept(cacheDir));

    // The store's entry is what the edited page shows: mark one to see it served.
    const [first] = cold.results.get('content/docs/a.md')!.highlights!;
    writeFileSync(path.join(cacheDir, 'store', 'highlight', first!), frameEntry(Buffer.from('<pre>from the store</pre>')));
    writeFileSync(path.join(siteDir, 'content', 'docs', 'a.md'), pages['a.md']!.replace('Some prose.', 'Some other prose.'));
    const edited = await compile(configOf(siteDir, cacheDir));
    assert.deepEqual([edited.compiled, edited.cached], [1, 2]);
    assert.deepEqual(edited.html('a.md'), ['<pre>from the store</pre>', cold.html('a.md')[1]]);

    // Unmarked, the edited page's blocks are byte for byte those of a cold compile of the same text.
    rmSync(path.join(cacheDir, 'store', 'highlight', first!));
    writeFileSync(path.join(siteDir, 'content', 'docs', 'a.md'), pages['a.md']!.replace('Some prose.', 'Yet other prose.'));
    const again = await compile(configOf(siteDir, cacheDir));
    assert.deepEqual(again.html('a.md'), (await compile(configOf(siteDir, tempDir('highlight-cold')))).html('a.md'));
    assert.deepEqual(again.html('a.md'), cold.html('a.md'));
  });

  test('other code themes are never served the blocks coloured for the old ones', async () => {
    const siteDir = site(pages);
    const cacheDir = tempDir('highlight-cache');
    const github = await compile(configOf(siteDir, cacheDir, { codeThemes: { light: 'github-light', dark: 'github-dark' } }));
    const other = await compile(configOf(siteDir, cacheDir, { codeThemes: { light: 'min-light', dark: 'dracula' } }));
    assert.equal(other.compiled, 3);
    assert.match(other.html('a.md')[0]!, /shiki-themes min-light dracula/);
    assert.notDeepEqual(other.html('b.mdx'), github.html('b.mdx'));
    // As a cold compile with these themes colours them.
    const fresh = await compile(configOf(siteDir, tempDir('highlight-cold'), { codeThemes: { light: 'min-light', dark: 'dracula' } }));
    assert.deepEqual(other.html('a.md'), fresh.html('a.md'));
    assert.deepEqual(other.html('b.mdx'), fresh.html('b.mdx'));
    // The old themes' blocks went with the run that stopped using them.
    assert.equal(kept(cacheDir).length, 4);
  });

  test('the store keeps the blocks of every page, compiled this run or not, and lets go of code no page shows', async () => {
    const { siteDir, cacheDir, cold } = afterColdCompile();
    const before = kept(cacheDir);
    // b.mdx changes one block; a.md comes from the store whole and keeps both of its blocks.
    writeFileSync(path.join(siteDir, 'content', 'docs', 'b.mdx'), pages['b.mdx']!.replace('{ "b": [1, 2] }', '{ "b": [3] }'));
    const edited = await compile(configOf(siteDir, cacheDir));
    assert.deepEqual([edited.compiled, edited.cached], [1, 2]);
    const after = kept(cacheDir);
    assert.equal(after.length, 4);
    assert.deepEqual(before.filter((key) => !after.includes(key)).length, 1);
    assert.match(edited.html('b.mdx')[1]!, /3/);
    // An entry cut short (a power failure) is a miss: the block is coloured again, not served broken.
    const [first] = cold.results.get('content/docs/a.md')!.highlights!;
    const entry = path.join(cacheDir, 'store', 'highlight', first!);
    writeFileSync(entry, readFileSync(entry).subarray(0, 100));
    writeFileSync(path.join(siteDir, 'content', 'docs', 'a.md'), pages['a.md']!.replace('Some prose.', 'Other prose.'));
    assert.deepEqual((await compile(configOf(siteDir, cacheDir))).html('a.md'), cold.html('a.md'));
    assert.equal(String(unframeEntry(readFileSync(entry))), cold.html('a.md')[0]);
    // A page removed takes its blocks with it.
    rmSync(path.join(siteDir, 'content', 'docs', 'a.md'));
    await compile(configOf(siteDir, cacheDir));
    assert.equal(kept(cacheDir).length, 2);
  });
});
