// Runs every test file of the repository with node's test runner: the tests under test/, in folders
// that mirror src/ (test/layout.test.ts keeps them there), and the Lexical guide's own tests beside
// its pages. Node 20's --test does not expand `**`, so the files are found here and passed by name.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const files = (await fg(['test/**/*.test.ts', 'content/docs/*/*.test.ts'], { cwd: repoRoot, ignore: ['test/fixtures/**'] })).sort();
const args = ['--import', 'tsx', '--import', './test/support/temp-root.mjs', '--test', '--test-concurrency=2', '--test-force-exit', '--test-timeout=480000'];
const result = spawnSync(process.execPath, [...args, ...files], { cwd: repoRoot, stdio: 'inherit' });
process.exit(result.status ?? 1);
