/**
 * A compiled page's code is read only when something needs it (its chunk is bundled again): the
 * compile pack decodes it when first read, and the route table resolves a page's `.md` links, files
 * its broken ones and names what its code is made from without reading it. What comes out is what
 * replacing the placeholders in the code comes to, and a moved link target gives the page a new key.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { compileSources, compilerOptions } from '../../../src/pipeline/compile/compile';
import { createWorkerPool, type WorkerPool } from '../../../src/infra/pool';
import { createRouteTable, type RouteEntry, type RouteTable } from '../../../src/pipeline/routes/routes';
import { loadSiteModel } from '../../../src/pipeline/scan/site-model';
import { mdxSources } from '../../../src/pipeline/compile/sources';
import type { ResolvedConfig } from '../../../src/config/load';
import { createMemoryFiles } from '../../../src/content/memory-files';
import { readBody } from '../../../src/infra/body';
import { createSiteGraph, type GraphFile } from '../../../src/pipeline/graph';
import type { CompileResult } from '../../../src/mdx';
import { located, memoryConfig, memoryStore } from '../../support/memory-site';

const LINKING = 'content/docs/linking.md';

/**
 * A page whose links come in every way the code can show them: a plain link, a reference used
 * twice whose definition comes last, a broken reference used twice, and a definition nobody uses.
 */
const content = (targetSlug = 'target') => ({
  [LINKING]: [
    '# Linking',
    '',
    'Plain [target](./target.md), then [once][t] and [twice][t].',
    '',
    'Broken [here][gone] and [again][gone]; a [fine one](./other.md#part).',
    '',
    '[t]: ./target.md#top',
    '[gone]: ./missing.md',
    '[unused]: ./nowhere.md',
    '',
  ].join('\n'),
  'content/docs/target.md': `---\nslug: /${targetSlug}\n---\n\n# Target\n\nText.\n`,
  'content/docs/other.md': '# Other\n\n## Part\n\nMore text.\n',
});

/** Pages enough for the compile stage to keep a pack (a site of a few pages keeps single entries). */
const filler = Object.fromEntries(
  Array.from({ length: 40 }, (_, i) => [`content/docs/filler/page-${i}.md`, `# Page ${i}\n\nSee [the target](../target.md).\n`]),
);

const accessor = (result: CompileResult) => typeof Object.getOwnPropertyDescriptor(result, 'code')?.get === 'function';
const entryOf = (table: RouteTable, route: string): RouteEntry => table.routes.find((entry) => entry.route === route)!;
const madeFrom = (entry: RouteEntry) => (entry.module.type === 'mdx' ? entry.module.madeFrom : undefined);

describe("a page's compiled code, read when needed", () => {
  let siteDir: string;
  let pool: WorkerPool;
  let config: ResolvedConfig;

  before(() => {
    siteDir = mkdtempSync(path.join(os.tmpdir(), 'docsite-page-code-'));
    pool = createWorkerPool({ threads: 1 });
    config = memoryConfig(siteDir);
  });
  after(() => pool.destroy());

  const scan = (files: Record<string, string>) =>
    loadSiteModel(config, { includeDrafts: false, fingerprint: 'test', store: memoryStore(), files: createMemoryFiles(siteDir, files) });
  const compile = (model: Awaited<ReturnType<typeof scan>>, store: ReturnType<typeof memoryStore>) =>
    compileSources({ sources: mdxSources(model), pool, cacheDir: config.cacheDir, store, compilerOptions: compilerOptions(config), fingerprint: 'test' });

  test('the route table of results read from the pack reads no code, and gives what the code read eagerly gives', async () => {
    const store = memoryStore();
    const model = await scan({ ...content(), ...filler });
    const fresh = await compile(model, store);
    const packed = await compile(model, store);
    assert.ok(store.kinds().includes('mdx-pack'));
    assert.deepEqual([packed.compiled, packed.cached], [0, 43]);
    assert.ok([...packed.results.values()].every(accessor), 'results from the pack hold their code undecoded');
    assert.deepEqual(packed.keys, fresh.keys);
    const uses = fresh.results.get(LINKING)!.mdLinkUses!;
    assert.equal(uses.length, 6, 'each placeholder as often as the code shows it');
    assert.equal(new Set(uses).size, 4, 'the definition nobody uses is not among them');

    const lazy = createRouteTable(config, model, packed.results, { compileKeys: packed.keys });
    assert.ok([...packed.results.values()].every(accessor), 'the route table read no code');
    // The same table from results that hold their code and not where their placeholders are, and
    // without compile keys: their links are found by reading the code.
    const withoutUses = new Map([...fresh.results].map(([key, { mdLinkUses, ...result }]) => [key, result]));
    const eager = createRouteTable(config, model, withoutUses);
    const linking = entryOf(lazy, '/docs/linking');
    assert.ok(madeFrom(linking));
    assert.equal(madeFrom(entryOf(eager, '/docs/linking')), undefined);
    assert.deepEqual(lazy.warnings.map(located), eager.warnings.map(located));
    assert.equal(lazy.warnings.length, 2, 'the broken reference, once for each use');
    assert.deepEqual([...linking.contentLinks], [...entryOf(eager, '/docs/linking').contentLinks]);
    assert.deepEqual(
      [...linking.contentLinks.keys()].filter((url) => url.startsWith('/')),
      ['/docs/target', '/docs/target#top', '/docs/other#part'],
    );
    const codeOf = (entry: RouteEntry) => (entry.module.type === 'tsx' ? undefined : entry.module.code);
    for (const entry of lazy.routes) assert.equal(codeOf(entry), codeOf(entryOf(eager, entry.route)), entry.route);
    const code = codeOf(linking)!;
    assert.match(code, /"\/docs\/target"/);
    assert.match(code, /"\/docs\/target#top"[^]*"\/docs\/target#top"/);
    assert.doesNotMatch(code, /docsite-md:/);
    assert.ok(!accessor(packed.results.get(LINKING)!), 'read once, the code is kept');
  });

  test('a link target given another route gives the page that links to it a new key, with the same compiled code', async () => {
    const store = memoryStore();
    const before = await scan(content());
    const moved = await scan(content('moved'));
    const [first, second] = [await compile(before, store), await compile(moved, store)];
    assert.equal(second.keys.get(LINKING), first.keys.get(LINKING), 'the linking page compiles to what it did');
    const a = createRouteTable(config, before, first.results, { compileKeys: first.keys });
    const b = createRouteTable(config, moved, second.results, { compileKeys: second.keys });
    assert.notEqual(madeFrom(entryOf(b, '/docs/linking')), madeFrom(entryOf(a, '/docs/linking')));
    assert.equal(madeFrom(entryOf(b, '/docs/other')), madeFrom(entryOf(a, '/docs/other')), 'a page whose links did not move keeps its key');
    assert.match((entryOf(b, '/docs/linking').module as { code: string }).code, /"\/docs\/moved#top"/);
  });

  test('a build after a link target moved bundles the linking page again and writes what a cold build writes', async () => {
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'docsite-page-code-cache-'));
    const build = async (files: Record<string, string>, cache: string) => {
      const resolved = memoryConfig(siteDir, {}, cache);
      const graph = createSiteGraph({ siteDir, mode: 'build', pool, resolved, fingerprint: 'test', files: createMemoryFiles(siteDir, files) });
      return graph.update().finally(() => graph.dispose());
    };
    const first = await build(content(), cacheDir);
    const again = await build(content(), cacheDir);
    assert.equal(again.bundled.built, 0, 'nothing changed, nothing bundled');
    assert.deepEqual(again.warnings.map(located), first.warnings.map(located));
    const moved = await build(content('moved'), cacheDir);
    const cold = await build(content('moved'), mkdtempSync(path.join(os.tmpdir(), 'docsite-page-code-cold-')));
    assert.ok(moved.bundled.built >= 2, 'the moved page and the page linking to it');
    assert.ok(moved.bundled.kept >= 1, 'the page whose links did not move is kept');
    assert.deepEqual([...moved.files.keys()].sort(), [...cold.files.keys()].sort());
    const bytes = async (body: GraphFile | undefined) => Buffer.from((await readBody(body)) ?? '');
    for (const [file, body] of cold.files) assert.ok((await bytes(moved.files.get(file))).equals(await bytes(body)), file);
    assert.match(String(await readBody([...moved.files].find(([file]) => file.includes('route-docs-linking'))?.[1])), /\/docs\/moved#top/);
  });
});
