// The cache under concurrent builds and damage: builds of one site take turns with its cache, and a
// damaged cache file is made again with a warning, never published and never a crash. Each build's
// output is compared file by file with a cold build of the same content in another folder.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { builtFixture, copyBuiltSite } from '../support/built-fixture';
import { coldBuildOf } from '../support/cold-builds';
import { CLI_TIMEOUT_MS, cliPath, copyFixture, fetchWithin, outputFiles, repoRoot, runCli, startServe } from '../support/helpers';

interface Run {
  pid: number;
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `docsite build` of `site`, started now; resolves when it ends. */
function startBuild(site: string): { pid: number; done: Promise<Run> } {
  // A build that hangs is killed (status null), and fails its test.
  const child = spawn(process.execPath, [cliPath, 'build', site], {
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    timeout: CLI_TIMEOUT_MS,
    killSignal: 'SIGKILL',
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<Run>((resolve) => child.once('close', (status) => resolve({ pid: child.pid!, status, stdout, stderr })));
  return { pid: child.pid!, done };
}

/**
 * The output of a cold build of `site`'s content as it is now, made in a copy of it; one made of the
 * same files earlier in this run (the unedited fixture is built cold by several tests) is read instead.
 */
async function coldOutput(site: string): Promise<Map<string, Buffer>> {
  const made = await coldBuildOf({ site, docsite: repoRoot }, (outDir) => {
    const copy = mkdtempSync(path.join(os.tmpdir(), 'docsite-cold-'));
    cpSync(site, copy, { recursive: true, filter: (src) => !/[/\\](build|\.docsite)([/\\]|$)/.test(src.slice(site.length)) });
    const run = runCli(['build', copy]);
    assert.equal(run.status, 0, run.stderr);
    renameSync(path.join(copy, 'build'), outDir);
    rmSync(copy, { recursive: true, force: true });
  });
  return outputFiles(made.dir);
}

function assertSameOutput(site: string, cold: Map<string, Buffer>, what: string): void {
  const built = outputFiles(path.join(site, 'build'));
  const differing = [...new Set([...built.keys(), ...cold.keys()])].filter(
    (file) => !built.get(file)?.equals(cold.get(file) ?? Buffer.alloc(0)) || !cold.has(file),
  );
  assert.deepEqual(differing, [], `${what}: the output differs from a cold build's`);
}

async function waitFor(check: () => boolean, what: string): Promise<void> {
  for (let tries = 0; !check(); tries++) {
    if (tries > 1200) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const waiting = (pid: number) => `waiting for another docsite build of this site (pid ${pid}) to finish`;

test('two builds of one site started together take turns with its cache: both exit 0 and the output equals a cold build', async () => {
  const site = copyFixture('basic-site');
  const [a, b] = [startBuild(site), startBuild(site)];
  const [ra, rb] = await Promise.all([a.done, b.done]);
  assert.equal(ra.status, 0, ra.stderr);
  assert.equal(rb.status, 0, rb.stderr);
  // One of them found the other holding the cache and said so.
  assert.ok(ra.stderr.includes(waiting(b.pid)) || rb.stderr.includes(waiting(a.pid)), `neither build waited:\n${ra.stderr}\n${rb.stderr}`);
  assert.ok(!existsSync(path.join(site, '.docsite', 'build.lock')), 'the lock goes with the last build');
  assertSameOutput(site, await coldOutput(site), 'after two builds at once');
});

test('a build started while another runs, after a title was edited, waits for it; the output is the edited site, equal to a cold build', async () => {
  const site = copyFixture('basic-site');
  const intro = path.join(site, 'content', 'docs', 'intro.md');
  // A page that takes three seconds to render keeps the first build, a cold one, running while the
  // second starts, however quick or loaded the machine is. It sleeps (Atomics.wait blocks the thread
  // that renders it) rather than spins, so the three seconds take no core from the builds.
  writeFileSync(
    path.join(site, 'content', 'docs', 'slow.mdx'),
    '# Slow\n\n{(() => { Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 3000); return null; })()}\n',
  );
  writeFileSync(intro, readFileSync(intro, 'utf8').replace(/^title: .*$/m, 'title: Intro before the edit'));
  const first = startBuild(site);
  // The first build holds the cache once its lock is there.
  await waitFor(() => existsSync(path.join(site, '.docsite', 'build.lock')), 'the first build to take the cache');
  writeFileSync(intro, readFileSync(intro, 'utf8').replace(/^title: .*$/m, 'title: Intro after the edit'));
  const second = startBuild(site);
  const [r1, r2] = await Promise.all([first.done, second.done]);
  assert.equal(r1.status, 0, r1.stderr);
  assert.equal(r2.status, 0, r2.stderr);
  assert.ok(r2.stderr.includes(waiting(first.pid)), r2.stderr);
  assert.match(readFileSync(path.join(site, 'build', 'docs', 'intro', 'index.html'), 'utf8'), /Intro after the edit/);
  assertSameOutput(site, await coldOutput(site), 'after a build during an edit');
});

test('a build while `docsite serve` runs on the same site does not wait for it, exits 0 and equals a cold build; the server goes on serving', async () => {
  const site = copyFixture('basic-site');
  const server = await startServe(site);
  try {
    const run = await startBuild(site).done;
    assert.equal(run.status, 0, run.stderr);
    assert.doesNotMatch(run.stderr, /waiting for another docsite build/);
    assertSameOutput(site, await coldOutput(site), 'a build beside serve');
    const page = await fetchWithin(`${server.base}/docs/intro`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /Intro/);
  } finally {
    server.child.kill('SIGKILL');
  }
});

test('a lock left by a build that was killed is taken over, and goes when the build ends', async () => {
  // A site built before (the lock is what this test is about, not the first build), with a lock left
  // by a process that has ended.
  const site = copyBuiltSite(builtFixture('basic-site'));
  const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8', timeout: CLI_TIMEOUT_MS });
  const pid = Number(gone.stdout);
  assert.ok(pid > 0, gone.stderr);
  assert.ok(existsSync(path.join(site, '.docsite', 'CACHEDIR.TAG')));
  writeFileSync(path.join(site, '.docsite', 'build.lock'), JSON.stringify({ pid, host: os.hostname() }));
  const run = await startBuild(site).done;
  assert.equal(run.status, 0, run.stderr);
  assert.ok(!existsSync(path.join(site, '.docsite', 'build.lock')), 'the stale lock was taken over and released');
});

/** A site of 40 pages with code blocks, so the store packs its entries (a pack needs more than 32). */
function packedSite(): string {
  const site = copyFixture('basic-site');
  for (let i = 0; i < 40; i++) {
    const dir = path.join(site, 'content', 'docs', 'many');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, `page-${i}.md`),
      `# Page ${i}\n\nText of page ${i}, with searchable words.\n\n## Usage ${i}\n\n\`\`\`js\nconst value${i} = ${i} * 2;\nconsole.log(value${i});\n\`\`\`\n`,
    );
  }
  return site;
}

/** One byte in the middle of `file` changed. */
function flipByte(file: string): void {
  const bytes = readFileSync(file);
  bytes[bytes.length >> 1] ^= 0x5a;
  writeFileSync(file, bytes);
}

test('one flipped byte in an entry of each kind of the store: the build exits 0, warns of it, and the output equals a cold build', async () => {
  const site = packedSite();
  const store = path.join(site, '.docsite', 'store');
  for (let i = 0; i < 2; i++) assert.equal(runCli(['build', site]).status, 0);
  // An edit after the packs were written: the edited page's entries stand alone beside the packs.
  const edited = path.join(site, 'content', 'docs', 'many', 'page-3.md');
  writeFileSync(edited, `${readFileSync(edited, 'utf8')}\nA sentence added.\n`);
  assert.equal(runCli(['build', site]).status, 0);
  const cold = await coldOutput(site);
  const entries = (kind: string) =>
    existsSync(path.join(store, kind))
      ? readdirSync(path.join(store, kind))
          .filter((name) => !name.includes('.'))
          .sort()
      : [];
  const kinds = readdirSync(store).filter((kind) => entries(kind).length > 0);
  // The single entries first: a pack made again takes them in.
  const order = [
    'chunk',
    'mdx',
    'render',
    'chunk-pack',
    'mdx-pack',
    'render-pack',
    'render-html',
    'search-shard',
    'search-shard-facts',
    'highlight',
    'search-worker',
    'service-worker',
    'service-worker-file',
    'shared-bundle',
    'chunk-links',
    'file-facts',
  ];
  assert.deepEqual(
    kinds.filter((kind) => !order.includes(kind)),
    [],
    'every kind of the store is damaged below',
  );
  for (const kind of order) {
    const name = entries(kind)[0];
    assert.ok(name, `the store has an entry of ${kind}`);
    flipByte(path.join(store, kind, name));
    // Kinds read only when a page is made again: the kinds made from them go too, so this build reads the damaged entry.
    if (kind === 'highlight') for (const gone of ['mdx', 'mdx-pack']) rmSync(path.join(store, gone), { recursive: true, force: true });
    if (kind === 'mdx' || kind === 'mdx-pack') for (const gone of ['chunk', 'chunk-pack']) rmSync(path.join(store, gone), { recursive: true, force: true });
    rmSync(path.join(site, 'build'), { recursive: true, force: true });
    const run = runCli(['build', site]);
    assert.equal(run.status, 0, `${kind}: ${run.stderr}`);
    assert.ok(
      run.stderr.includes(`warning cache entry .docsite/store/${kind}/${name} was damaged; it was made again [CACHE_DAMAGED]`),
      `${kind}: no warning in\n${run.stderr}`,
    );
    assertSameOutput(site, cold, `a damaged ${kind} entry`);
  }
});

test('a damaged shard of the search index with the output folder gone: the build exits 0 with a warning, not ENOTEMPTY', async () => {
  const site = copyBuiltSite(builtFixture('basic-site'));
  const shards = path.join(site, '.docsite', 'store', 'search-shard');
  const [name] = readdirSync(shards);
  flipByte(path.join(shards, name!));
  rmSync(path.join(site, 'build'), { recursive: true, force: true });
  for (let i = 0; i < 2; i++) {
    const run = runCli(['build', site]);
    assert.equal(run.status, 0, run.stderr);
    assert.doesNotMatch(run.stderr, /ENOTEMPTY/);
    if (i === 0)
      assert.match(run.stderr, new RegExp(`warning cache entry \\.docsite/store/search-shard/${name} was damaged; it was made again \\[CACHE_DAMAGED\\]`));
  }
  assert.deepEqual(
    readdirSync(site).filter((entry) => entry.startsWith('.build.')),
    [],
    'no temporary output folder is left beside the output',
  );
  assertSameOutput(site, await coldOutput(site), 'after a damaged shard');
});
