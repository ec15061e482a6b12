// Fault bench: builds cut short by SIGKILL, and caches with one byte flipped, each followed by a
// build that must equal a cold build of the same content byte for byte, every output file compared.
// Usage: npm run bench:faults -- [--pages N] [--kills K] [--seed S] [--keep]
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'bin', 'docsite.js');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const pages = option('--pages', 150);
const kills = option('--kills', 20);
let seed = option('--seed', Date.now() % 100_000);
const keep = args.includes('--keep');
const generator = path.resolve(root, '..', 'shared', 'bench', 'gen-content.mjs');

/** mulberry32: the same seed gives the same kill moments and flipped bytes. */
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (list) => list[Math.floor(random() * list.length)];

const work = mkdtempSync(path.join(os.tmpdir(), 'docsite-faults-'));
const site = path.join(work, 'site');
const out = path.join(site, 'build');
const cache = path.join(site, '.docsite');
const failures = [];

function fail(message) {
  console.error(message);
  process.exit(1);
}

/** Writes version `v` ('a' or 'b') of the site's content; B edits every 25th page and adds a sentence to the first. */
const edited = new Map();
function putVersion(v) {
  for (const [file, text] of edited) writeFileSync(file, v === 'b' ? `${text}\nA sentence of version B.\n` : text);
}

function build(options = {}) {
  const run = spawnSync(process.execPath, [cli, 'build', site], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    timeout: 600_000,
  });
  if (options.mustPass !== false && run.status !== 0) failures.push(`build exited ${run.status}: ${(run.stderr || run.stdout).slice(0, 2000)}`);
  return run;
}

/** Every file of `dir` with the digest of its bytes. */
function snapshot(dir) {
  const files = new Map();
  for (const name of readdirSync(dir, { recursive: true }).map(String).sort()) {
    const file = path.join(dir, name);
    if (statSync(file).isFile()) files.set(name.split(path.sep).join('/'), createHash('sha256').update(readFileSync(file)).digest('hex'));
  }
  return files;
}

/** The paths at which two snapshots differ (missing on one side, or other bytes). */
function differences(a, b) {
  const names = new Set([...a.keys(), ...b.keys()]);
  return [...names].filter((name) => a.get(name) !== b.get(name)).sort();
}

// The site: the generated pages, a config, built cold in each version.
const gen = spawnSync(process.execPath, [generator, String(pages), path.join(site, 'content', 'docs')], { encoding: 'utf8' });
if (gen.status !== 0) fail(gen.stderr || `could not run ${generator}`);
writeFileSync(
  path.join(site, 'site.config.ts'),
  `export default { title: 'Fault bench', url: 'https://faults.example.com', baseUrl: '/', onBrokenLinks: 'warn', onBrokenAnchors: 'warn' };\n`,
);
const docs = readdirSync(path.join(site, 'content', 'docs'), { recursive: true })
  .map(String)
  .filter((name) => /\.mdx?$/.test(name))
  .sort();
docs.forEach((name, i) => {
  if (i % 25 === 0) {
    const file = path.join(site, 'content', 'docs', name);
    edited.set(file, readFileSync(file, 'utf8'));
  }
});
const cold = {};
for (const v of ['a', 'b']) {
  putVersion(v);
  rmSync(cache, { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
  const started = performance.now();
  const run = build();
  if (run.status !== 0) fail(`the cold build of version ${v} failed:\n${run.stderr}`);
  cold[v] = { files: snapshot(out), ms: performance.now() - started };
}
// A cold build again gives the same bytes, or nothing below can be compared.
putVersion('a');
rmSync(cache, { recursive: true, force: true });
build();
const again = differences(snapshot(out), cold.a.files);
if (again.length > 0) fail(`two cold builds of one site differ: ${again.slice(0, 10).join(', ')}`);
console.log(`site: ${docs.length} pages; cold build ${Math.round(cold.a.ms)} ms; output ${cold.a.files.size} files; seed ${option('--seed', 0) || 'random'}`);

// Kill loop: a generated site of N pages (../shared/bench/gen-content.mjs) in two versions, A and B
// (B edits a few pages); each round puts one version in place, starts a build, kills it at a random
// moment, then builds again to the end and compares the output, file by file, with the cold build of
// that version (built once, without a cache).
build();
const warmStarted = performance.now();
putVersion('b');
build();
const warmMs = performance.now() - warmStarted;
const killRows = [];
for (let round = 1; round <= kills; round++) {
  const v = pick(['a', 'b']);
  putVersion(v);
  // Now and then from no cache at all, so kills land in a cold build's writes too.
  const fromNothing = random() < 0.2;
  if (fromNothing) rmSync(cache, { recursive: true, force: true });
  // A moment within the build's length: a cold build's, or an edit build's from a warm cache.
  const delay = Math.round(random() * (fromNothing ? cold.a.ms : warmMs));
  const child = spawn(process.execPath, [cli, 'build', site], { stdio: 'ignore', env: { ...process.env, NO_COLOR: '1' } });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  const timer = setTimeout(() => child.kill('SIGKILL'), delay);
  const ended = await exited;
  clearTimeout(timer);
  const run = build({ mustPass: false });
  const diff = run.status === 0 ? differences(snapshot(out), cold[v].files) : ['(build failed)'];
  if (run.status !== 0) failures.push(`kill round ${round}: the build after the kill failed: ${run.stderr.slice(0, 2000)}`);
  else if (diff.length > 0) failures.push(`kill round ${round}: output differs from the cold build at ${diff.slice(0, 10).join(', ')}`);
  killRows.push({
    round,
    version: v,
    'kill at ms': delay,
    'killed build': ended === 'SIGKILL' ? 'killed' : `ended (${ended})`,
    'next build': run.status === 0 ? 'exit 0' : `exit ${run.status}`,
    'equals cold': diff.length === 0 ? 'yes' : `NO (${diff.length})`,
  });
}
if (killRows.length > 0) console.table(killRows);

// Damage loop: for each kind of cache file (each folder of .docsite/store, the shared bundle's files,
// the page modules, emit's record and spare, the compiled config), a warm cache gets one byte of one
// such file flipped, the output folder is removed (kept for emit's files, which matter only with
// it), and a build must exit 0, equal the cold build, and, for a store entry or a shared bundle file
// it read, print the damage warning. One kind at a time, from a warm cache of version B built after
// A, so the store holds packs and, for B's edited pages, entries on their own beside them.
const kinds = () => {
  const found = [];
  const store = path.join(cache, 'store');
  for (const kind of existsSync(store) ? readdirSync(store).sort() : []) {
    const entries = readdirSync(path.join(store, kind))
      .filter((name) => !name.includes('.'))
      .sort();
    if (entries.length > 0) found.push({ kind: `store/${kind}`, files: entries.map((name) => path.join(store, kind, name)), warns: true, keepOutput: false });
  }
  const listed = (dir) =>
    existsSync(dir)
      ? readdirSync(dir, { recursive: true })
          .map((name) => path.join(dir, String(name)))
          .filter((file) => statSync(file).isFile())
          .sort()
      : [];
  const emitDir = path.join(cache, 'emit');
  const emitFiles = existsSync(emitDir) ? readdirSync(emitDir) : [];
  found.push(
    { kind: 'graph/shared', files: listed(path.join(cache, 'graph', 'shared')), warns: true, keepOutput: false },
    { kind: 'graph/server', files: listed(path.join(cache, 'graph', 'server')), warns: false, keepOutput: false },
    { kind: 'config', files: listed(path.join(cache, 'config')), warns: false, keepOutput: false },
    {
      kind: 'emit record',
      files: emitFiles.filter((name) => /^[0-9a-f]+\.json$/.test(name)).map((name) => path.join(emitDir, name)),
      warns: false,
      keepOutput: true,
    },
    {
      kind: 'emit spare',
      files: emitFiles.filter((name) => name.endsWith('.spare')).flatMap((name) => listed(path.join(emitDir, name))),
      warns: false,
      keepOutput: true,
    },
  );
  return found.filter((kind) => kind.files.length > 0);
};
const damageRows = [];
// Builds of A and then B, so the spare, the packs and the single entries exist as after any run of edits.
putVersion('a');
build();
build();
putVersion('b');
build();
// Kinds read only when a page is made again: the kinds made from them go too, so the build reads the damaged entry.
const remade = { 'store/highlight': ['mdx', 'mdx-pack'], 'store/mdx': ['chunk', 'chunk-pack'], 'store/mdx-pack': ['chunk', 'chunk-pack'] };
// The single entries first: a pack made again takes them in.
const single = new Set(['store/chunk', 'store/mdx', 'store/render']);
for (const { kind } of kinds().sort((a, b) => Number(single.has(b.kind)) - Number(single.has(a.kind)))) {
  build();
  const entry = kinds().find((found) => found.kind === kind);
  if (!entry) {
    damageRows.push({ kind, file: '(none after a warm build)', exit: '-', warning: '-', 'equals cold': '-' });
    continue;
  }
  const file = pick(entry.files);
  const bytes = readFileSync(file);
  if (bytes.length === 0) continue;
  const at = Math.floor(random() * bytes.length);
  bytes[at] ^= 1 + Math.floor(random() * 255);
  writeFileSync(file, bytes);
  for (const gone of remade[kind] ?? []) rmSync(path.join(cache, 'store', gone), { recursive: true, force: true });
  if (!entry.keepOutput) rmSync(out, { recursive: true, force: true });
  const run = build({ mustPass: false });
  const shown = path.relative(site, file).split(path.sep).join('/');
  const warned = run.stderr.includes(`cache entry ${shown} was damaged`);
  // A kept entry the build did not read (its page compiled from the pack) stays as it was: no warning is owed.
  const unread = existsSync(file) && readFileSync(file).equals(bytes);
  const diff = run.status === 0 ? differences(snapshot(out), cold.b.files) : ['(build failed)'];
  if (run.status !== 0) failures.push(`damage in ${shown} (byte ${at}): the build failed: ${run.stderr.slice(0, 2000)}`);
  else if (diff.length > 0) failures.push(`damage in ${shown} (byte ${at}): output differs from the cold build at ${diff.slice(0, 10).join(', ')}`);
  if (entry.warns && !warned && !unread) failures.push(`damage in ${shown} (byte ${at}): the build read it but printed no warning`);
  damageRows.push({
    kind,
    file: path.basename(file),
    byte: `${at} of ${bytes.length}`,
    exit: run.status,
    warning: warned ? 'yes' : unread ? 'not read' : entry.warns ? 'MISSING' : 'none owed',
    'equals cold': diff.length === 0 ? 'yes' : `NO (${diff.length})`,
  });
}
console.table(damageRows);

if (keep) console.log(`site kept at ${site}`);
else rmSync(work, { recursive: true, force: true });
if (failures.length > 0) {
  console.error(`\n${failures.length} failures:\n${failures.join('\n')}`);
  process.exit(1);
}
console.log(`all ${killRows.length} kill rounds and ${damageRows.length} damaged kinds ended in a build equal to the cold one`);
