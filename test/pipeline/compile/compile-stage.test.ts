/**
 * The compile stage in-process, with the real worker pool: what it takes from the store, and what
 * it does with a page that changed on disk between the scan and the compile.
 */
import assert from 'node:assert/strict';
import { readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { loadConfig } from '../../../src/config/load';
import type { ResolvedConfig } from '../../../src/config/load';
import { compileSources, compilerOptions, hasCompiledSite } from '../../../src/pipeline/compile/compile';
import { createWorkerPool, type WorkerPool } from '../../../src/infra/pool';
import { loadSiteModel } from '../../../src/pipeline/scan/site-model';
import { mdxSources } from '../../../src/pipeline/compile/sources';
import { copyFixture } from '../../support/helpers';

describe('compile stage', () => {
  let config: ResolvedConfig;
  let pool: WorkerPool;
  const intro = () => path.join(config.contentDir, 'docs', 'intro.md');
  let settledAt = 0;
  /**
   * Every content file last modified a minute ago. The scan's memo trusts a file once its modification
   * and change times are 3 s old (it keeps no facts of a file read sooner), and setting the times
   * changes the change time: `untilSettled` waits for that, so the tests' scans keep and trust the
   * memo however fast the machine runs them.
   */
  const settle = () => {
    const when = new Date(Date.now() - 60_000);
    for (const file of readdirSync(config.contentDir, { recursive: true }).map(String)) utimesSync(path.join(config.contentDir, file), when, when);
    settledAt = Date.now();
  };
  const untilSettled = () => new Promise((resolve) => setTimeout(resolve, Math.max(0, settledAt + 3_100 - Date.now())));
  const run = async () => {
    const model = await loadSiteModel(config, { includeDrafts: false, fingerprint: 'test' });
    return {
      model,
      compile: () =>
        compileSources({ sources: mdxSources(model), pool, cacheDir: config.cacheDir, compilerOptions: compilerOptions(config), fingerprint: 'test' }),
    };
  };

  before(async () => {
    config = await loadConfig({ siteDir: copyFixture('basic-site') });
    pool = createWorkerPool({ threads: 1 });
    settle();
    await untilSettled();
  });
  after(() => pool.destroy());

  test('compiles what the store lacks and takes the rest from it', async () => {
    const cold = await (await run()).compile();
    assert.deepEqual([cold.compiled, cold.cached, cold.errors.length], [4, 0, 0]);
    const warm = await (await run()).compile();
    assert.deepEqual([warm.compiled, warm.cached], [0, 4]);
    assert.deepEqual([...warm.results.keys()].sort(), [...cold.results.keys()].sort());
    for (const [key, result] of cold.results) assert.deepEqual(warm.results.get(key), result, key);
  });

  test('a page changed after the scan is compiled as it is now, and kept under the digest of that text', async () => {
    // The scan trusts its memo and reads nothing; the store has lost the compiled pages.
    const { compile } = await run();
    rmSync(path.join(config.cacheDir, 'store', 'mdx'), { recursive: true, force: true });
    rmSync(path.join(config.cacheDir, 'store', 'mdx-pack'), { recursive: true, force: true });
    writeFileSync(intro(), '---\ntitle: Introduction\n---\n\n# Written between the scan and the compile\n');
    const racing = await compile();
    assert.equal(racing.compiled, 4);
    assert.match(racing.results.get('content/docs/intro.md')!.code, /Written between the scan and the compile/);

    // The next scan sees the new text; its compiled page is the one kept above, not the old one.
    settle();
    await untilSettled();
    const next = await (await run()).compile();
    assert.deepEqual([next.compiled, next.cached], [0, 4]);
    assert.match(next.results.get('content/docs/intro.md')!.code, /Written between the scan and the compile/);
  });
});

describe('compile threads on demand', () => {
  let config: ResolvedConfig;
  let pool: WorkerPool;
  const compile = async () => {
    const model = await loadSiteModel(config, { includeDrafts: false, fingerprint: 'test' });
    return compileSources({ sources: mdxSources(model), pool, cacheDir: config.cacheDir, compilerOptions: compilerOptions(config), fingerprint: 'test' });
  };

  before(async () => {
    config = await loadConfig({ siteDir: copyFixture('basic-site') });
    pool = createWorkerPool({ threads: 2, onDemand: true });
  });
  after(() => pool.destroy());

  test('a site compiled before is known as such, and compiling nothing starts no thread', async () => {
    assert.equal(hasCompiledSite(config, 'test'), false);
    assert.equal(pool.threads.length, 0);
    const cold = await compile();
    assert.equal(cold.compiled, 4);
    // The four pages are one batch: one thread took it.
    assert.equal(pool.threads.length, 1);
    assert.equal(hasCompiledSite(config, 'test'), true);

    await pool.destroy();
    pool = createWorkerPool({ threads: 2, onDemand: true });
    const warm = await compile();
    assert.deepEqual([warm.compiled, warm.cached], [0, 4]);
    assert.equal(pool.threads.length, 0);
    for (const [key, result] of cold.results) assert.deepEqual(warm.results.get(key), result, key);
  });
});
