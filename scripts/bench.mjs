// Build benchmark: generates N Docusaurus-style pages, builds them cold (no cache), warm (nothing
// changed) and after a one-page body edit, and prints wall time, pages per second, peak memory and
// the edit/cold ratio of each run, optionally beside Docusaurus's cold build.
// Usage: npm run bench -- [N] [--runs R] [--compare docusaurus [--docusaurus-version V]]
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOCUSAURUS_VERSION, clearDocusaurus, docusaurusBuildCommand, prepareDocusaurus, tail } from './lib/docusaurus.mjs';
import { timed } from './lib/timed.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const pages = Number(args.find((a) => /^\d+$/.test(a)) ?? 1000);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 3;
const compareAt = args.indexOf('--compare');
const compare = compareAt >= 0 ? args[compareAt + 1] : undefined;
if (compare !== undefined && compare !== 'docusaurus') {
  console.error(`--compare takes docusaurus, not ${compare}`);
  process.exit(2);
}
const versionAt = args.indexOf('--docusaurus-version');
const docusaurusVersion = versionAt >= 0 ? args[versionAt + 1] : DOCUSAURUS_VERSION;
const generator = path.resolve(root, '..', 'shared', 'bench', 'gen-content.mjs');

const site = mkdtempSync(path.join(os.tmpdir(), `docsite-bench-${pages}-`));
const gen = spawnSync(process.execPath, [generator, String(pages), path.join(site, 'content', 'docs')], { encoding: 'utf8' });
if (gen.status !== 0) {
  console.error(gen.stderr || `could not run ${generator}`);
  process.exit(1);
}
console.log(gen.stdout.trim());

// docsite prints its own peak memory (process.resourceUsage().maxRSS); timed() reads the same figure for any command.
function build() {
  const { result, seconds, rss: measured } = timed([path.join(root, 'bin', 'docsite.js'), 'build', site], root);
  if (result.status !== 0) {
    console.error(result.stdout, result.stderr);
    process.exit(1);
  }
  const rss = Number(/peak memory (\d+) MB/.exec(result.stdout)?.[1]);
  const stages = /stages: (.*)/.exec(result.stdout)?.[1] ?? '';
  return { seconds, rss, measured, stages };
}

// Docusaurus, when asked for: installed (or reused) before any timing, into the system's temporary
// folder (see scripts/lib/docusaurus.mjs). Each run then also builds the same docs folder cold with
// Docusaurus Faster, right after docsite's cold build, and the report gives both medians and their ratio.
let docusaurus;
if (compare === 'docusaurus') {
  const prepared = prepareDocusaurus(path.join(site, 'content', 'docs'), docusaurusVersion);
  if (prepared.error) console.log(`Docusaurus left out: ${prepared.error}`);
  else docusaurus = { ...prepared, runs: [] };
}

/** One cold Docusaurus build; on failure, says why and leaves Docusaurus out of the rest of the runs. */
function buildDocusaurus() {
  clearDocusaurus(docusaurus.dir);
  // A large site can need more than Node's default heap: a limit, not a reservation.
  const nodeOptions = /max-old-space-size/.test(process.env.NODE_OPTIONS ?? '')
    ? process.env.NODE_OPTIONS
    : `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=8192`.trim();
  const { result, seconds, rss } = timed(docusaurusBuildCommand(docusaurus.dir), docusaurus.dir, {
    NODE_ENV: 'production',
    NO_UPDATE_NOTIFIER: '1',
    NODE_OPTIONS: nodeOptions,
  });
  if (result.status !== 0) {
    console.log(
      `Docusaurus could not build the generated folder (exit ${result.status ?? result.signal}), so it is left out:\n${tail(`${result.stdout}\n${result.stderr}`)}`,
    );
    docusaurus.failed = true;
    return undefined;
  }
  return { seconds, rss };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const docs = path.join(site, 'content', 'docs');
const edited = path.join(
  docs,
  readdirSync(docs, { recursive: true })
    .map(String)
    .filter((file) => /page-\d+\.mdx?$/.test(file))
    .sort()[0],
);
const original = readFileSync(edited, 'utf8');
const cold = [];
const warm = [];
const edit = [];
for (let i = 0; i < runs; i++) {
  rmSync(path.join(site, '.docsite'), { recursive: true, force: true });
  rmSync(path.join(site, 'build'), { recursive: true, force: true });
  writeFileSync(edited, original);
  cold.push(build());
  // Alternating with docsite's cold build, so both meet the machine in the same state.
  const other = docusaurus && !docusaurus.failed ? buildDocusaurus() : undefined;
  if (other) docusaurus.runs.push(other);
  warm.push(build());
  writeFileSync(edited, `${original}\nA sentence added for run ${i + 1}.\n`);
  edit.push(build());
  console.log(
    `run ${i + 1}: cold ${cold[i].seconds.toFixed(2)} s (${cold[i].stages}); warm ${warm[i].seconds.toFixed(2)} s; one-page edit ${edit[i].seconds.toFixed(2)} s (${edit[i].stages}), ${(edit[i].seconds / cold[i].seconds).toFixed(3)} of cold`,
  );
  if (other) console.log(`run ${i + 1}: Docusaurus ${docusaurus.version} Faster cold ${other.seconds.toFixed(2)} s, peak RSS ${other.rss ?? '?'} MB`);
}

const report = (label, list) => {
  const s = median(list.map((r) => r.seconds));
  console.log(
    `${label}: median ${s.toFixed(2)} s, ${(pages / s).toFixed(0)} pages/s, peak RSS ${median(list.map((r) => r.rss))} MB (runs: ${list.map((r) => r.seconds.toFixed(2)).join(', ')})`,
  );
  return s;
};
console.log(`\n${pages} pages, ${runs} run(s) each, on ${os.availableParallelism()} cores`);
const c = report('cold', cold);
const w = report('warm', warm);
const e = report('one-page edit', edit);
// Three places: the targets (0.05, 0.03) sit at the second, where two would round 0.054 down to them.
console.log(
  `one-page edit / cold: ${(e / c).toFixed(3)} (median of the runs' own ratios ${median(edit.map((r, i) => r.seconds / cold[i].seconds)).toFixed(3)})`,
);
console.log(
  `cold/warm ratio ${(c / w).toFixed(1)}x; run-to-run spread cold ${(Math.max(...cold.map((r) => r.seconds)) / Math.min(...cold.map((r) => r.seconds))).toFixed(2)}x`,
);
if (docusaurus?.runs.length) {
  const list = docusaurus.runs;
  const d = median(list.map((r) => r.seconds));
  const dRss = median(list.map((r) => r.rss ?? NaN));
  // The same measure for both: GNU time's figure for docsite too (close to its own).
  const ours = median(cold.map((r) => r.measured ?? r.rss));
  console.log(
    `\nDocusaurus ${docusaurus.version} Faster, cold: median ${d.toFixed(2)} s, ${(pages / d).toFixed(0)} pages/s, peak RSS ${Number.isFinite(dRss) ? `${dRss} MB` : 'not measured (no GNU time)'} (runs: ${list.map((r) => r.seconds.toFixed(2)).join(', ')})`,
  );
  console.log(
    `Docusaurus / docsite, cold, same runs: time ${(d / c).toFixed(2)}x (per run: ${list.map((r, i) => (r.seconds / cold[i].seconds).toFixed(2)).join(', ')}); peak RSS ${Number.isFinite(dRss) ? `${(dRss / ours).toFixed(2)}x (${dRss} / ${ours} MB)` : '?'}`,
  );
  console.log("(Docusaurus builds no search index, docsite does; both check links. Docusaurus's folder stays for the next run: rm -rf it to reinstall.)");
}
rmSync(site, { recursive: true, force: true });
