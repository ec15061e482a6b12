import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
  appendFileSync,
  rmSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { builtFixture, copyBuiltSite } from '../../support/built-fixture';
import { cliInProcess } from '../../support/cli-in-process';
import { assertOwnBytes, CLI_TIMEOUT_MS, cliPath, copyFixture, readOut, repoRoot, runCli } from '../../support/helpers';

/**
 * A copy of the fixture built once for this file, its output and store kept: for the tests whose
 * first build is not what they check, whose next build starts warm.
 */
const builtCopy = () => copyBuiltSite(builtFixture('basic-site'));

// Output folders refused run through `main` in one process; the first runs the real command too.
const inProcess = cliInProcess();
after(() => inProcess.close());

/** Every file under `dir` with a digest of its bytes; a symbolic link fails the test unless `links` records them. */
function tree(dir: string, links?: 'record'): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const file = path.join(at, entry.name);
      if (links && entry.isSymbolicLink()) {
        out.set(path.relative(dir, file), `link to ${readlinkSync(file)}`);
        continue;
      }
      assert.ok(!entry.isSymbolicLink(), `${file} is a symbolic link`);
      if (entry.isDirectory()) walk(file);
      else out.set(path.relative(dir, file), createHash('sha256').update(readFileSync(file)).digest('hex'));
    }
  };
  walk(dir);
  return out;
}

function sameTree(a: Map<string, string>, b: Map<string, string>): boolean {
  return a.size === b.size && [...a].every(([file, digest]) => b.get(file) === digest);
}

/** The site's own files, the cache aside (loading the config may write there). */
function sources(site: string): Map<string, string> {
  const all = tree(site, 'record');
  for (const file of [...all.keys()]) if (file.startsWith('.docsite')) all.delete(file);
  return all;
}

describe('the output folder is never the sources, and never a folder docsite did not write', () => {
  const refused = [
    ['.', /The output folder \. contains the content folder; building there would delete it\. \[OUT_DIR_REFUSED\]/],
    ['content', /The output folder content is the content folder or lies inside it/],
    ['content/docs', /The output folder content\/docs is the content folder or lies inside it/],
    ['.docsite', /The output folder \.docsite is the cache folder or lies inside it/],
    ['.git', /The output folder \.git is the \.git folder or lies inside it/],
    ['src', /The output folder src is the src folder or lies inside it/],
    ['..', /The output folder \/.* contains the content folder/],
    ['linked-content', /The output folder linked-content is the content folder or lies inside it/],
  ] as const;
  for (const [index, [outDir, message]] of refused.entries()) {
    test(`--out-dir ${outDir}: exit 2 and every file left as it was`, async () => {
      const site = copyFixture('basic-site');
      mkdirSync(path.join(site, '.git'));
      writeFileSync(path.join(site, '.git', 'HEAD'), 'ref: refs/heads/main\n');
      mkdirSync(path.join(site, 'src'));
      writeFileSync(path.join(site, 'src', 'keep.ts'), 'export {};\n');
      symlinkSync('content', path.join(site, 'linked-content'));
      const before = sources(site);
      const result = await inProcess.run(['build', site, '--out-dir', outDir]);
      if (index === 0) {
        const command = runCli(['build', site, '--out-dir', outDir]);
        assert.deepEqual(
          { status: command.status, stderr: command.stderr },
          { status: result.status, stderr: result.stderr },
          'the docsite command and main agree',
        );
      }
      assert.equal(result.status, 2, result.stderr);
      assert.match(result.stderr, message);
      assert.match(result.stderr, /hint Pass an --out-dir of its own, such as build\./);
      assert.ok(sameTree(before, sources(site)), 'the site folder changed');
      assert.ok(existsSync(path.join(site, '.docsite')) || outDir !== '.docsite');
      assert.equal(readdirSync(path.dirname(site)).filter((name) => name.startsWith(`.${path.basename(site)}.tmp`)).length, 0);
    });
  }

  test('an output path that is a file is refused', async () => {
    const site = copyFixture('basic-site');
    writeFileSync(path.join(site, 'out'), 'a file of the user\n');
    const result = await inProcess.run(['build', site, '--out-dir', 'out']);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /The output folder out is a file, not a folder\./);
    assert.equal(readFileSync(path.join(site, 'out'), 'utf8'), 'a file of the user\n');
  });

  test('a non-empty folder docsite did not write is refused without --force and replaced with it', async () => {
    const site = builtCopy();
    mkdirSync(path.join(site, 'public', 'photos'), { recursive: true });
    writeFileSync(path.join(site, 'public', 'photos', 'holiday.jpg'), 'not really a photo');
    const refusedRun = await inProcess.run(['build', site, '--out-dir', 'public']);
    assert.equal(refusedRun.status, 2, refusedRun.stderr);
    assert.match(
      refusedRun.stderr,
      /The output folder public is not empty and was not written by docsite \(it has no \.docsite-output file\), so it was left as it is\./,
    );
    assert.match(refusedRun.stderr, /run again with --force to replace it/);
    assert.deepEqual(readdirSync(path.join(site, 'public'), { recursive: true }).sort(), ['photos', path.join('photos', 'holiday.jpg')]);

    const forced = runCli(['build', site, '--out-dir', 'public', '--force']);
    assert.equal(forced.status, 0, forced.stderr);
    assert.ok(!existsSync(path.join(site, 'public', 'photos')));
    assert.match(readOut(site, 'docs/intro/index.html', 'public'), /Welcome to the fixture/);
    assert.ok(existsSync(path.join(site, 'public', '.docsite-output')));

    // Marked now: the next build replaces it without being asked.
    writeFileSync(path.join(site, 'public', 'stray.txt'), 'left by hand');
    const again = runCli(['build', site, '--out-dir', 'public']);
    assert.equal(again.status, 0, again.stderr);
    assert.ok(!existsSync(path.join(site, 'public', 'stray.txt')));
  });

  test('an empty folder, a folder outside the site and a symlinked output folder are built into', () => {
    const site = builtCopy();
    mkdirSync(path.join(site, 'empty'));
    assert.equal(runCli(['build', site, '--out-dir', 'empty']).status, 0);
    assert.match(readOut(site, 'index.html', 'empty'), /<html/);

    const elsewhere = mkdtempSync(path.join(os.tmpdir(), 'docsite-out-'));
    const target = path.join(elsewhere, 'www');
    assert.equal(runCli(['build', site, '--out-dir', target]).status, 0);
    assert.ok(existsSync(path.join(target, 'docs', 'intro', 'index.html')));

    // The link stays a link; the folder it points at is what gets replaced.
    symlinkSync(target, path.join(site, 'deploy'));
    assert.equal(runCli(['build', site, '--out-dir', 'deploy']).status, 0);
    assert.ok(lstatSync(path.join(site, 'deploy')).isSymbolicLink());
    assert.ok(existsSync(path.join(target, '.docsite-output')));
  });
});

describe('the build cache cannot be changed through the output folder', () => {
  test('a file edited in build/ does not come back after the folder is removed, nor stay after a rebuild', () => {
    const site = copyFixture('basic-site');
    assert.equal(runCli(['build', site]).status, 0);
    const clean = readOut(site, 'docs/intro/index.html');
    appendFileSync(path.join(site, 'build', 'docs', 'intro', 'index.html'), 'POISON');
    rmSync(path.join(site, 'build'), { recursive: true });
    const restored = runCli(['build', site]);
    assert.equal(restored.status, 0, restored.stderr);
    assert.match(restored.stdout, /no input changed since the last build: its output was reused/);
    assert.equal(readOut(site, 'docs/intro/index.html'), clean);

    appendFileSync(path.join(site, 'build', 'docs', 'intro', 'index.html'), 'POISON');
    assert.equal(runCli(['build', site]).status, 0);
    assert.equal(readOut(site, 'docs/intro/index.html'), clean);
    // Nothing in the output shares its storage with the cache, but for the previous output emit keeps as a spare.
    assertOwnBytes(path.join(site, 'build'), path.join('docs', 'intro', 'index.html'), path.join(site, '.docsite'));
  });
});

describe('leftovers of interrupted builds', () => {
  test('the next build removes its own dead temporary folders and nothing else', () => {
    const site = builtCopy();
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8', timeout: CLI_TIMEOUT_MS }).stdout;
    const ours = path.join(site, `.build.tmp-${dead}-0badf00d`);
    mkdirSync(path.join(ours, 'docs'), { recursive: true });
    writeFileSync(path.join(ours, '.docsite-output'), 'marker');
    const emptyOurs = path.join(site, `.build.old-${dead}-12345678`);
    mkdirSync(emptyOurs);
    const unmarked = path.join(site, `.build.tmp-${dead}-feedface`);
    mkdirSync(unmarked);
    writeFileSync(path.join(unmarked, 'notes.txt'), "somebody else's");
    const live = path.join(site, `.build.tmp-${process.pid}-abcdef12`);
    mkdirSync(live);
    writeFileSync(path.join(live, '.docsite-output'), 'marker');

    assert.equal(runCli(['build', site]).status, 0);
    assert.ok(!existsSync(ours), 'a marked leftover of a dead build is removed');
    assert.ok(!existsSync(emptyOurs), 'an empty leftover of a dead build is removed');
    assert.equal(readFileSync(path.join(unmarked, 'notes.txt'), 'utf8'), "somebody else's");
    assert.ok(existsSync(live), 'the folder of a running process is left alone');
  });
});

describe('atomic output: a build killed anywhere during emit leaves the previous or the new output', () => {
  const hook = path.join(repoRoot, 'test', 'support', 'fault', 'kill-during-emit.mjs');
  const intro = (site: string) => path.join(site, 'content', 'docs', 'intro.md');

  function build(site: string, killAt: number, countFile?: string) {
    return spawnSync(process.execPath, ['--import', hook, cliPath, 'build', site], {
      encoding: 'utf8',
      timeout: CLI_TIMEOUT_MS,
      killSignal: 'SIGKILL',
      env: {
        ...process.env,
        NO_COLOR: '1',
        FAULT_OUT_DIR: path.join(site, 'build'),
        FAULT_KILL_AT: String(killAt),
        ...(countFile ? { FAULT_COUNT_FILE: countFile } : {}),
      },
    });
  }

  test('20 random kill points, full builds and builds restored from the cache', (t) => {
    // Built before: the first counted build below is warm; the three after it set the output and cache the cuts start from.
    const site = builtCopy();
    const textA = readFileSync(intro(site), 'utf8');
    const textB = textA.replace('# Welcome to the fixture', '# Welcome to the fixture, second edition');
    const countFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'docsite-fault-')), 'count');
    const countedBuild = (text: string) => {
      writeFileSync(intro(site), text);
      const result = build(site, 0, countFile);
      assert.equal(result.status, 0, result.stderr);
      return Number(readFileSync(countFile, 'utf8'));
    };

    countedBuild(textA);
    const full = countedBuild(textB);
    const snapB = tree(path.join(site, 'build'));
    countedBuild(textA); // the cache now holds A, and keeps it: a killed build stores nothing
    const restore = countedBuild(textA);
    const snapA = tree(path.join(site, 'build'));
    assert.ok(full > 10 && restore > 5, `emit made ${full} and ${restore} file operations`);
    assert.ok(!sameTree(snapA, snapB));

    const seed = Number(process.env.FAULT_SEED ?? Date.now() % 100000);
    t.diagnostic(`seed ${seed} (FAULT_SEED=${seed} repeats this run); ${full} operations in a full emit, ${restore} in a restored one`);
    let state = seed;
    const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
    // How many operations a build makes depends on the spare the build before left (a cut build
    // leaves none), so each kind's count is the fewest seen yet: every build that runs to the end
    // says how many it made. The first two points of each kind are its last two operations (around
    // the swap); the rest fall anywhere before them.
    const kinds = [
      { text: textB, snap: snapB, ops: full, cuts: 0, runs: 0 },
      { text: textA, snap: snapA, ops: restore, cuts: 0, runs: 0 },
    ];
    const pointIn = (kind: (typeof kinds)[number]) => (kind.runs < 2 ? kind.ops - kind.runs : 1 + Math.floor(random() * kind.ops));
    let previous = snapA;
    let runs = 0;
    while (kinds.some((kind) => kind.cuts < 10) && runs < 60) {
      const target = kinds[runs % 2]!;
      runs += 1;
      const killAt = pointIn(target);
      target.runs += 1;
      writeFileSync(intro(site), target.text);
      const result = build(site, killAt, countFile);
      if (result.signal === 'SIGKILL') target.cuts += 1;
      else {
        assert.equal(result.status, 0, `run ${runs} (kill at ${killAt} of about ${target.ops}) failed: ${result.stderr}`);
        target.ops = Math.min(target.ops, Number(readFileSync(countFile, 'utf8')));
      }
      assert.ok(existsSync(path.join(site, 'build', 'index.html')), `run ${runs}, killed at operation ${killAt} of ${target.ops}: no build/index.html`);
      const now = tree(path.join(site, 'build'));
      assert.ok(
        sameTree(now, previous) || sameTree(now, target.snap),
        `run ${runs}, killed at operation ${killAt} of ${target.ops}: build/ is neither the previous nor the new output`,
      );
      if (result.signal !== 'SIGKILL') assert.ok(sameTree(now, target.snap), `run ${runs} finished without a cut but left another output`);
      previous = now;
    }
    t.diagnostic(`${kinds[0]!.cuts} full and ${kinds[1]!.cuts} restored builds cut in ${runs} runs`);
    assert.ok(
      kinds.every((kind) => kind.cuts >= 10),
      `only ${kinds[0]!.cuts} full and ${kinds[1]!.cuts} restored builds were cut in ${runs} runs`,
    );

    writeFileSync(intro(site), textB);
    const finished = build(site, 0);
    assert.equal(finished.status, 0, finished.stderr);
    assert.ok(sameTree(tree(path.join(site, 'build')), snapB));
    assert.deepEqual(
      readdirSync(site).filter((name) => name.startsWith('.build.')),
      [],
      'leftovers removed',
    );
  });
});

describe("the cache folder is docsite's own", () => {
  test("DOCSITE_CACHE_DIR naming a folder of the user's is refused; a new one is tagged and used", () => {
    const site = copyFixture('basic-site');
    const home = mkdtempSync(path.join(os.tmpdir(), 'docsite-home-'));
    for (const name of ['config', 'output', 'server']) {
      mkdirSync(path.join(home, name));
      writeFileSync(path.join(home, name, 'mine.txt'), name);
    }
    const withCache = (dir: string) =>
      spawnSync(process.execPath, [cliPath, 'build', site], {
        encoding: 'utf8',
        timeout: CLI_TIMEOUT_MS,
        killSignal: 'SIGKILL',
        env: { ...process.env, NO_COLOR: '1', DOCSITE_CACHE_DIR: dir },
      });
    const refusedRun = withCache(home);
    assert.equal(refusedRun.status, 1);
    assert.match(
      refusedRun.stderr,
      /DOCSITE_CACHE_DIR names .*docsite-home-\w+, which is not empty and is not a docsite cache \(it has no CACHEDIR\.TAG\); docsite would delete files there\. \[CACHE_DIR_NOT_OURS\]/,
    );
    for (const name of ['config', 'output', 'server']) assert.deepEqual(readdirSync(path.join(home, name)), ['mine.txt']);
    assert.ok(!existsSync(path.join(site, 'build')));

    const fresh = path.join(home, 'docsite-cache');
    const built = withCache(fresh);
    assert.equal(built.status, 0, built.stderr);
    assert.match(readFileSync(path.join(fresh, 'CACHEDIR.TAG'), 'utf8'), /^Signature: 8a477f597d28d172789f06886806bc55\n/);
    assert.equal(withCache(fresh).status, 0, 'a tagged cache is used again');
  });
});

describe('links inside the site', () => {
  test('a folder link and a link loop under content/static are followed once, and the output holds only regular files', () => {
    const site = builtCopy();
    const pictures = path.join(site, 'content', 'static', 'pictures');
    mkdirSync(pictures);
    writeFileSync(path.join(pictures, 'diagram.txt'), 'a diagram');
    symlinkSync('pictures', path.join(site, 'content', 'static', 'images'));
    symlinkSync('.', path.join(pictures, 'again'));
    const result = runCli(['build', site]);
    assert.equal(result.status, 0, result.stderr);
    const built = tree(path.join(site, 'build'));
    assert.ok(built.has(path.join('pictures', 'diagram.txt')));
    assert.ok(built.has(path.join('images', 'diagram.txt')));
    assert.equal(readOut(site, 'images/diagram.txt'), 'a diagram');
  });
});
