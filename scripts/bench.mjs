// Build benchmark: generates N Docusaurus-style pages, builds them cold (no cache), warm (nothing
// changed) and after a one-page body edit, and prints wall time, pages per second, peak memory and
// the edit/cold ratio of each run. Usage: npm run bench -- [N] [--runs R]
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const pages = Number(args.find((a) => /^\d+$/.test(a)) ?? 1000);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 3;
const generator = path.resolve(root, '..', 'shared', 'bench', 'gen-content.mjs');

const site = mkdtempSync(path.join(os.tmpdir(), `docsite-bench-${pages}-`));
const gen = spawnSync(process.execPath, [generator, String(pages), path.join(site, 'content', 'docs')], { encoding: 'utf8' });
if (gen.status !== 0) {
  console.error(gen.stderr || `could not run ${generator}`);
  process.exit(1);
}
console.log(gen.stdout.trim());

function build() {
  const started = performance.now();
  const result = spawnSync(process.execPath, [path.join(root, 'bin', 'docsite.js'), 'build', site], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) {
    console.error(result.stdout, result.stderr);
    process.exit(1);
  }
  const rss = Number(/peak memory (\d+) MB/.exec(result.stdout)?.[1]);
  const stages = /stages: (.*)/.exec(result.stdout)?.[1] ?? '';
  return { seconds, rss, stages };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const docs = path.join(site, 'content', 'docs');
const edited = path.join(docs, readdirSync(docs, { recursive: true }).map(String).filter((file) => /page-\d+\.mdx?$/.test(file)).sort()[0]);
const original = readFileSync(edited, 'utf8');
const cold = [];
const warm = [];
const edit = [];
for (let i = 0; i < runs; i++) {
  rmSync(path.join(site, '.docsite'), { recursive: true, force: true });
  rmSync(path.join(site, 'build'), { recursive: true, force: true });
  writeFileSync(edited, original);
  cold.push(build());
  warm.push(build());
  writeFileSync(edited, `${original}\nA sentence added for run ${i + 1}.\n`);
  edit.push(build());
  console.log(`run ${i + 1}: cold ${cold[i].seconds.toFixed(2)} s (${cold[i].stages}); warm ${warm[i].seconds.toFixed(2)} s; one-page edit ${edit[i].seconds.toFixed(2)} s (${edit[i].stages}), ${(edit[i].seconds / cold[i].seconds).toFixed(2)} of cold`);
}

const report = (label, list) => {
  const s = median(list.map((r) => r.seconds));
  console.log(`${label}: median ${s.toFixed(2)} s, ${(pages / s).toFixed(0)} pages/s, peak RSS ${median(list.map((r) => r.rss))} MB (runs: ${list.map((r) => r.seconds.toFixed(2)).join(', ')})`);
  return s;
};
console.log(`\n${pages} pages, ${runs} run(s) each, on ${os.availableParallelism()} cores`);
const c = report('cold', cold);
const w = report('warm', warm);
const e = report('one-page edit', edit);
console.log(`one-page edit / cold: ${(e / c).toFixed(2)} (median of the runs' own ratios ${median(edit.map((r, i) => r.seconds / cold[i].seconds)).toFixed(2)})`);
console.log(`cold/warm ratio ${(c / w).toFixed(1)}x; run-to-run spread cold ${(Math.max(...cold.map((r) => r.seconds)) / Math.min(...cold.map((r) => r.seconds))).toFixed(2)}x`);
rmSync(site, { recursive: true, force: true });
