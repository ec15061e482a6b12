// Runs every test file of the repository with node's test runner: the tests under test/, in folders
// that mirror src/ (test/layout.test.ts keeps them there), and the Lexical guide's own tests beside
// its pages. Node 20's --test does not expand `**`, so the files are found here and passed by name.
import { spawnSync } from 'node:child_process';
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

const found = (await fg(['test/**/*.test.ts', 'content/docs/*/*.test.ts'], { cwd: repoRoot, ignore: ['test/fixtures/**'] })).sort();
const rank = (file) => (LONGEST_FIRST.includes(file) ? LONGEST_FIRST.indexOf(file) : LONGEST_FIRST.length);
const files = [...found].sort((a, b) => rank(a) - rank(b));
const args = [
  '--import',
  'tsx',
  '--import',
  './test/support/temp-root.mjs',
  '--test',
  `--test-concurrency=${CONCURRENCY}`,
  '--test-force-exit',
  // Each file runs as one test of the runner, so this bounds a whole file, the longest of which replays long sequences of edits.
  '--test-timeout=600000',
];
const result = spawnSync(process.execPath, [...args, ...files], { cwd: repoRoot, stdio: 'inherit' });
process.exit(result.status ?? 1);
