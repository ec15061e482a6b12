// Runs every test file of the repository with node's test runner: the tests under test/, in folders
// that mirror src/ (test/layout.test.ts keeps them there), and the Lexical guide's own tests beside
// its pages. Each file runs in a runner of its own, a few at a time; a file's output is printed when
// it ends, with its time, and the run ends with the totals and the files that took longest.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The files that run longest, started first so that none of them is left running alone at the end
 * of the run. Only the order depends on this list: a file missing from it still runs.
 */
const LONGEST_FIRST = [
  'test/pipeline/incremental.test.ts',
  'test/serve/serve-incremental.test.ts',
  'test/site/accessibility.test.ts',
  'test/pipeline/bad-input-corpus.test.ts',
  'test/browser/service-worker.test.ts',
  'test/site/phone-width.test.ts',
  'test/infra/cache-safety.test.ts',
  'test/pipeline/emit/output-safety.test.ts',
];

/**
 * Three files at a time on a two-core machine: a file spends much of its time waiting for a server,
 * a browser or a file watcher, and with two at a time the cores were idle for a third of the run.
 */
const CONCURRENCY = 3;

/** A whole file may take this long; the longest replays long sequences of edits. */
const FILE_LIMIT_MS = 600_000;

/** GNU time, when the machine has it, gives each file's CPU time (its own and its commands'). */
const GNU_TIME = '/usr/bin/time';

const found = (await fg(['test/**/*.test.ts', 'content/docs/*/*.test.ts'], { cwd: repoRoot, ignore: ['test/fixtures/**'] })).sort();
const rank = (file) => (LONGEST_FIRST.includes(file) ? LONGEST_FIRST.indexOf(file) : LONGEST_FIRST.length);
const files = [...found].sort((a, b) => rank(a) - rank(b));
const only = process.argv.slice(2);
const selected = only.length > 0 ? files.filter((file) => only.some((part) => file.includes(part))) : files;

// A file runs as a plain node process, which reports its tests in TAP as the runner would; the runner's
// own process per file would cost another half second of CPU each. The file limit is kept here.
const runnerArgs = ['--import', 'tsx', '--import', './test/support/temp-root.mjs', '--test-force-exit'];
const timesDir = mkdtempSync(path.join(os.tmpdir(), 'docsite-run-tests-'));
// What the files of this run share (test/support/cold-builds.ts: cold builds that several files compare against).
const runDir = path.join(timesDir, 'shared');
const withCpu = existsSync(GNU_TIME);

/** Runs one file; resolves with its output, exit status, wall seconds and CPU seconds when known. */
function runFile(file, index) {
  const cpuFile = path.join(timesDir, `${index}.txt`);
  const [command, args] = withCpu
    ? [GNU_TIME, ['-f', '%U %S', '-o', cpuFile, process.execPath, ...runnerArgs, file]]
    : [process.execPath, [...runnerArgs, file]];
  const started = performance.now();
  return new Promise((resolve) => {
    const env = { ...process.env, DOCSITE_TEST_RUN_DIR: runDir };
    const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    running.add(child.pid);
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    let overTime = false;
    const timer = setTimeout(() => {
      overTime = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }, FILE_LIMIT_MS + 30_000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      running.delete(child.pid);
      const wall = (performance.now() - started) / 1000;
      const cpuText = withCpu && existsSync(cpuFile) ? readFileSync(cpuFile, 'utf8').trim().split('\n').pop() : '';
      const [user, system] = cpuText.split(' ').map(Number);
      const cpu = Number.isFinite(user) && Number.isFinite(system) ? user + system : undefined;
      resolve({ file, output: Buffer.concat(chunks).toString('utf8'), ok: code === 0 && !overTime, code, signal, overTime, wall, cpu });
    });
  });
}

/** The runner's closing counts (`# tests 12`, `# pass 12`, ...) of one file's output. */
function countsOf(output) {
  const counts = {};
  for (const match of output.matchAll(/^# (tests|suites|pass|fail|cancelled|skipped|todo) (\d+)$/gm)) counts[match[1]] = Number(match[2]);
  return counts;
}

const running = new Set();
process.on('SIGINT', () => {
  for (const pid of running) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  rmSync(timesDir, { recursive: true, force: true });
  process.exit(130);
});

const results = [];
let next = 0;
async function worker() {
  while (next < selected.length) {
    const index = next++;
    const result = await runFile(selected[index], index);
    results.push(result);
    process.stdout.write(result.output.endsWith('\n') || result.output === '' ? result.output : `${result.output}\n`);
    const cpu = result.cpu === undefined ? '' : `, ${result.cpu.toFixed(1)} s CPU`;
    const why = result.overTime ? `: stopped after ${FILE_LIMIT_MS / 60_000} minutes` : result.ok ? '' : `: exit ${result.code ?? result.signal}`;
    process.stdout.write(`# file ${result.file}: ${result.ok ? 'ok' : 'FAILED'} in ${result.wall.toFixed(1)} s${cpu}${why}\n`);
  }
}
const started = performance.now();
await Promise.all(Array.from({ length: Math.min(CONCURRENCY, selected.length) }, worker));
rmSync(timesDir, { recursive: true, force: true });

const totals = { tests: 0, pass: 0, fail: 0, cancelled: 0, skipped: 0, todo: 0 };
for (const result of results) for (const [key, value] of Object.entries(countsOf(result.output))) if (key in totals) totals[key] += value;
const failed = results.filter((result) => !result.ok);
const slowest = [...results].sort((a, b) => (b.cpu ?? b.wall) - (a.cpu ?? a.wall)).slice(0, 12);
const cpuSum = results.reduce((sum, result) => sum + (result.cpu ?? 0), 0);
const lines = [
  '',
  `# ${results.length} files in ${((performance.now() - started) / 1000).toFixed(0)} s${withCpu ? `, ${cpuSum.toFixed(0)} s CPU` : ''}`,
  ...Object.entries(totals).map(([key, value]) => `# ${key} ${value}`),
  '# the files that took longest:',
  ...slowest.map((result) => `#   ${result.file}  ${result.wall.toFixed(1)} s${result.cpu === undefined ? '' : `, ${result.cpu.toFixed(1)} s CPU`}`),
  ...(failed.length > 0 ? ['# files that failed:', ...failed.map((result) => `#   ${result.file}`)] : []),
];
process.stdout.write(`${lines.join('\n')}\n`);
process.exit(failed.length > 0 ? 1 : 0);
