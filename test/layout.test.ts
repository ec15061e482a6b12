// The tests mirror the source: a test of src/<folder> sits in test/<folder> (src/pipeline/emit in
// test/pipeline/emit), a test of theme/ in test/theme, the browser tests in test/browser and the
// Lexical site's tests in test/site. Helpers live in test/support and fixture sites in test/fixtures.
import assert from 'node:assert/strict';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import fg from 'fast-glob';
import { repoRoot } from './support/helpers';

const OWN_FOLDERS = ['browser', 'site'];

/** Why `file` (a path under test/) is out of place, or undefined when it sits where it belongs. */
function misplaced(file: string): string | undefined {
  const folder = path.posix.dirname(path.posix.relative('test', file));
  if (file === 'test/layout.test.ts') return undefined;
  if (folder === '.') return 'directly under test/';
  const [top] = folder.split('/');
  if (OWN_FOLDERS.includes(top!)) return undefined;
  const source = top === 'theme' ? folder : path.posix.join('src', folder);
  const isFolder = existsSync(path.join(repoRoot, source)) && statSync(path.join(repoRoot, source)).isDirectory();
  return isFolder ? undefined : `${source}/ does not exist`;
}

test('every test file sits in a folder that mirrors src/ or theme/, or in test/browser or test/site', async () => {
  const files = await fg('test/**/*.test.ts', { cwd: repoRoot, ignore: ['test/fixtures/**'] });
  assert.ok(files.length > 0, 'test files are found');
  const wrong = files.flatMap((file) => {
    const reason = misplaced(file);
    return reason ? [`${file}: ${reason}`] : [];
  });
  assert.deepEqual(wrong, []);
});
