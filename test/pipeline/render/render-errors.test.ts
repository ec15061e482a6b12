/**
 * A page that throws while its module loads or while it renders is reported at the place in the
 * site's own source that threw: the MDX or TSX page, or the site component the page uses (the
 * message then names the page too). The real CLI on a copy of the fixture site; each case builds
 * cold and then warm (with the chunk and render caches of a good build of the same page), and both
 * must point at the same place, exit 1 and leave build/ as it was.
 */
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { copyFixture, outputFiles, runCli } from '../../support/helpers';

describe('render errors: a throw is reported at its line and column in the site source', () => {
  let site: string;

  before(() => {
    site = copyFixture('basic-site');
    const first = runCli(['build', site]);
    assert.equal(first.status, 0, first.stderr);
  });

  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
    writeFileSync(path.join(site, file), text);
  };

  /** Builds twice with the site broken (cold, then with the caches warm), checks both, then removes the files. */
  function expectThrowAt(files: Record<string, string>, expected: RegExp): void {
    const before = outputFiles(path.join(site, 'build'));
    try {
      for (const [file, text] of Object.entries(files)) write(file, text);
      for (const run of ['first', 'second']) {
        const result = runCli(['build', site]);
        assert.equal(result.status, 1, `${run} build: ${result.stderr}`);
        assert.match(result.stderr, expected, `${run} build`);
        assert.doesNotMatch(result.stderr, /failed unexpectedly|^\s+at /m);
        assert.deepEqual(outputFiles(path.join(site, 'build')), before);
      }
    } finally {
      for (const file of Object.keys(files)) rmSync(path.join(site, file), { force: true });
    }
  }

  test('a throw in an MDX expression is reported at its line and column in the .mdx file', () => {
    expectThrowAt(
      { 'content/docs/x.mdx': "---\ntitle: X\n---\n\n# X\n\n{(() => { throw new Error('boom') })()}\n" },
      /^error content\/docs\/x\.mdx:7:17: The page \/docs\/x threw while rendering: boom \[RENDER_FAILED\]$/m,
    );
  });

  test('a throw while an MDX page loads is reported at its line and column, on a later line of a multi-line export', () => {
    expectThrowAt(
      { 'content/docs/y.mdx': "---\ntitle: Y\n---\n\n# Y\n\nexport const z = (() => {\n  const a = 1;\n  throw new Error('imp' + a);\n})();\n" },
      /^error content\/docs\/y\.mdx:9:9: The page \/docs\/y threw while rendering: imp1 \[RENDER_FAILED\]$/m,
    );
  });

  test('a throw in a TSX page is reported at its line and column in the .tsx file', () => {
    expectThrowAt(
      { 'content/pages/x.tsx': "export default function X() {\n  throw new Error('render boom');\n}\n" },
      /^error content\/pages\/x\.tsx:2:9: The page \/x threw while rendering: render boom \[RENDER_FAILED\]$/m,
    );
  });

  test('a throw in a site component is reported in the component, naming the page it was rendering', () => {
    expectThrowAt(
      {
        'src/components/Foo.tsx':
          "export default function Foo() {\n  const items: string[] = [];\n  if (items.length === 0) throw new Error('foo boom');\n  return <p>never</p>;\n}\n",
        'content/pages/x.tsx': "import Foo from '../../src/components/Foo';\n\nexport default function X() {\n  return <Foo />;\n}\n",
      },
      /^error src\/components\/Foo\.tsx:3:33: The page \/x \(rendering content\/pages\/x\.tsx\) threw while rendering: foo boom \[RENDER_FAILED\]$/m,
    );
  });
});
