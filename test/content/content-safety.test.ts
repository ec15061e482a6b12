/**
 * Content that leads out of the site folder, that is not text, or that is wrong in a way only a
 * later stage notices: each ends with a located, printable message, exit 1, and the previous
 * output exactly as it was (the real CLI on a copy of the fixture site).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { copyFixture, readOut, runCli } from '../support/helpers';

/** Raw control bytes (tab and newline allowed); runCli sets NO_COLOR, so no escape sequence is expected. */
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f]/;

/** Every file of the output folder with its bytes and modification time; fails on a symbolic link. */
function snapshot(dir: string): Map<string, { bytes: string; mtime: number }> {
  const out = new Map<string, { bytes: string; mtime: number }>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const stats = lstatSync(file);
    assert.ok(!stats.isSymbolicLink(), `${file} is a symbolic link`);
    if (stats.isFile()) out.set(path.relative(dir, file), { bytes: readFileSync(file).toString('base64'), mtime: stats.mtimeMs });
  }
  return out;
}

describe('content safety: links, bytes and locations', () => {
  let site: string;
  let docs: string;

  before(() => {
    site = copyFixture('basic-site');
    docs = path.join(site, 'content', 'docs');
    const first = runCli(['build', site]);
    assert.equal(first.status, 0, first.stderr);
  });

  /** Breaks the site, builds, checks exit 1, printable stderr and an untouched build/, then repairs the site. */
  function buildBroken(breakSite: () => void, repair: () => void): string {
    const before = snapshot(path.join(site, 'build'));
    breakSite();
    try {
      const result = runCli(['build', site]);
      assert.equal(result.status, 1, result.stdout + result.stderr);
      assert.doesNotMatch(result.stderr, CONTROL);
      assert.match(result.stderr, /previous build output was left as it was/);
      assert.deepEqual(snapshot(path.join(site, 'build')), before);
      return result.stderr;
    } finally {
      repair();
    }
  }

  test('a file link to /etc/passwd in content/docs is an error at the link; nothing of it is read', () => {
    const link = path.join(docs, 'passwd.md');
    const stderr = buildBroken(
      () => symlinkSync('/etc/passwd', link),
      () => rmSync(link),
    );
    assert.match(
      stderr,
      /^error content\/docs\/passwd\.md: This is a symbolic link to \/etc\/passwd, which is outside the site folder\. \[CONTENT_LINK_OUTSIDE\]$/m,
    );
    assert.match(stderr, /hint docsite never reads or publishes files outside the site folder\. Copy what you need into the site folder, or remove the link\./);
    assert.doesNotMatch(stderr, /root:/);
  });

  test('a theme override that links outside the site is an error at the link; nothing of it is read', () => {
    const outside = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'docsite-outside-')));
    writeFileSync(path.join(outside, 'Admonition.tsx'), "export default function Admonition() { return 'SECRET-OVERRIDE'; }\n");
    const theme = path.join(site, 'src', 'theme');
    const stderr = buildBroken(
      () => {
        mkdirSync(theme, { recursive: true });
        symlinkSync(path.join(outside, 'Admonition.tsx'), path.join(theme, 'Admonition.tsx'));
      },
      () => rmSync(path.join(site, 'src'), { recursive: true }),
    );
    assert.match(
      stderr,
      new RegExp(
        `^error src/theme/Admonition\\.tsx: This is a symbolic link to ${outside}/Admonition\\.tsx, which is outside the site folder\\. \\[CONTENT_LINK_OUTSIDE\\]$`,
        'm',
      ),
    );
    const folder = buildBroken(
      () => {
        mkdirSync(path.join(site, 'src'), { recursive: true });
        symlinkSync(outside, theme);
      },
      () => rmSync(path.join(site, 'src'), { recursive: true }),
    );
    assert.match(folder, /^error src\/theme: This is a symbolic link to .*, which is outside the site folder\. \[CONTENT_LINK_OUTSIDE\]$/m);
    const dangling = buildBroken(
      () => {
        mkdirSync(theme, { recursive: true });
        symlinkSync(path.join(outside, 'Gone.tsx'), path.join(theme, 'Tabs.tsx'));
      },
      () => rmSync(path.join(site, 'src'), { recursive: true }),
    );
    assert.match(dangling, /^error src\/theme\/Tabs\.tsx: This is a symbolic link that leads nowhere\. \[CONTENT_LINK_BROKEN\]$/m);
  });

  test('a folder link to /etc in content/static is an error at the link', () => {
    const link = path.join(site, 'content', 'static', 'etc');
    const stderr = buildBroken(
      () => symlinkSync('/etc', link),
      () => rmSync(link),
    );
    assert.match(stderr, /^error content\/static\/etc: This is a symbolic link to \/etc, which is outside the site folder\. \[CONTENT_LINK_OUTSIDE\]$/m);
    assert.doesNotMatch(stderr, /passwd|shadow|EISDIR/);
  });

  test('a folder link under content/docs to an outside folder is an error, not an EISDIR crash', () => {
    const outside = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'docsite-outside-')));
    writeFileSync(path.join(outside, 'private.md'), '# Private notes\n\nNot for the site.\n');
    const link = path.join(docs, 'external');
    const stderr = buildBroken(
      () => symlinkSync(outside, link),
      () => rmSync(link),
    );
    assert.ok(
      stderr.includes(`error content/docs/external: This is a symbolic link to ${outside}, which is outside the site folder. [CONTENT_LINK_OUTSIDE]\n`),
      stderr,
    );
    assert.doesNotMatch(stderr, /Private notes|EISDIR/);
  });

  test('a dangling link is an error at the link', () => {
    const link = path.join(docs, 'gone.md');
    const stderr = buildBroken(
      () => symlinkSync('nowhere.md', link),
      () => rmSync(link),
    );
    assert.match(stderr, /^error content\/docs\/gone\.md: This is a symbolic link to nowhere\.md, which does not exist\. \[CONTENT_LINK_BROKEN\]$/m);
  });

  test('several bad links are reported together', () => {
    const links = [path.join(docs, 'passwd.md'), path.join(site, 'content', 'static', 'etc'), path.join(docs, 'gone.md')];
    const stderr = buildBroken(
      () => {
        symlinkSync('/etc/passwd', links[0]!);
        symlinkSync('/etc', links[1]!);
        symlinkSync('nowhere.md', links[2]!);
      },
      () => links.forEach((link) => rmSync(link)),
    );
    const located = [...stderr.matchAll(/^error (\S+): /gm)].map((match) => match[1]);
    assert.deepEqual(located, ['content/docs/gone.md', 'content/docs/passwd.md', 'content/static/etc']);
    assert.match(stderr, /^3 errors\. The previous build output was left as it was\.$/m);
  });

  test('random bytes as content/docs/b.md: the first bad byte is located, the terminal gets no control bytes', () => {
    const file = path.join(docs, 'b.md');
    // ESC, BEL and 0xFF on line 2, then 64 KiB of noise.
    const bytes = Buffer.concat([Buffer.from('# Binary\n\x1b[31m\x07 '), Buffer.from([0xff, 0x0a]), randomBytes(65536)]);
    const stderr = buildBroken(
      () => writeFileSync(file, bytes),
      () => rmSync(file),
    );
    assert.match(stderr, /^error content\/docs\/b\.md:2:8: This file is not UTF-8 text: the byte 0xFF here cannot be read as UTF-8\. \[CONTENT_NOT_UTF8\]$/m);
    assert.match(stderr, /^> 2 \| \\x1b\[31m\\x07 \ufffd$/m);
    assert.match(stderr, /hint docsite reads content as UTF-8/);
  });

  test('bytes straight from /dev/urandom are refused the same way', () => {
    const file = path.join(docs, 'b.md');
    const stderr = buildBroken(
      () => writeFileSync(file, randomBytes(65536)),
      () => rmSync(file),
    );
    assert.match(stderr, /^error content\/docs\/b\.md:\d+:\d+: This file is not (UTF-8 )?text: .* \[CONTENT_NOT_(UTF8|TEXT)\]$/m);
  });

  test('a Latin-1 file is located at its first accented letter', () => {
    const file = path.join(docs, 'latin.md');
    const stderr = buildBroken(
      () => writeFileSync(file, Buffer.from('---\ntitle: Café\n---\n\n# Un café crème\n', 'latin1')),
      () => rmSync(file),
    );
    assert.match(
      stderr,
      /^error content\/docs\/latin\.md:2:11: This file is not UTF-8 text: the byte 0xE9 here cannot be read as UTF-8\. \[CONTENT_NOT_UTF8\]$/m,
    );
    assert.match(stderr, /^> 2 \| title: Caf\ufffd\n +\| {11}\^$/m);
  });

  test('control characters in frontmatter are located and printed escaped', () => {
    const file = path.join(docs, 'ctrl.md');
    const stderr = buildBroken(
      () => writeFileSync(file, '---\ntitle: Fine\ndescription: \x1b[2Jgone\x07\n---\n\n# Ctrl\n'),
      () => rmSync(file),
    );
    assert.match(
      stderr,
      /^error content\/docs\/ctrl\.md:3:14: The frontmatter is not valid YAML: it holds the control character \\x1b, which YAML does not allow\. \[FRONTMATTER_SYNTAX\]$/m,
    );
    assert.match(stderr, /^> 3 \| description: \\x1b\[2Jgone\\x07$/m);
  });

  test('a missing import is located at the import in the MDX source', () => {
    const file = path.join(docs, 'imports.mdx');
    const source = ['---', 'title: Imports', '---', '', '# Imports', '', 'import Widget from "./nope";', '', '<Widget />', ''].join('\n');
    const stderr = buildBroken(
      () => writeFileSync(file, source),
      () => rmSync(file),
    );
    assert.match(stderr, /^error content\/docs\/imports\.mdx:7:20: Could not resolve "\.\/nope", imported by the page \/docs\/imports\. \[BUNDLE_FAILED\]$/m);
    assert.match(stderr, /^> 7 \| import Widget from "\.\/nope";\n +\| {20}\^$/m);
  });

  test('an undefined component is located at the element in the MDX source', () => {
    const file = path.join(docs, 'components.mdx');
    const source = ['---', 'title: Components', '---', '', '# Components', '', 'Some text.', '', '<Nope size="2" />', ''].join('\n');
    const stderr = buildBroken(
      () => writeFileSync(file, source),
      () => rmSync(file),
    );
    assert.match(
      stderr,
      /^error content\/docs\/components\.mdx:9:1: <Nope> is not defined: the page neither imports nor defines it, and the theme does not provide it\. \[MDX_UNDEFINED_COMPONENT\]$/m,
    );
    assert.match(stderr, /^> {2}9 \| <Nope size="2" \/>\n +\| \^$/m);
  });

  test('bad YAML frontmatter is located at the bad line, not after the closing ---', () => {
    const file = path.join(docs, 'yaml.md');
    const source = ['---', 'title: YAML', 'keywords: [one, two', 'sidebar_position: 3', '---', '', '# YAML', ''].join('\n');
    const stderr = buildBroken(
      () => writeFileSync(file, source),
      () => rmSync(file),
    );
    assert.match(stderr, /^error content\/docs\/yaml\.md:3:11: The frontmatter is not valid YAML: .* \[FRONTMATTER_SYNTAX\]$/m);
    assert.match(stderr, /^> 3 \| keywords: \[one, two\n +\| {11}\^$/m);
  });

  test('links inside the site are followed: the output holds their targets as regular files', () => {
    const docLink = path.join(docs, 'again.md');
    const staticLink = path.join(site, 'content', 'static', 'icon.svg');
    symlinkSync('intro.md', docLink);
    symlinkSync(path.join('img', 'favicon.svg'), staticLink);
    try {
      const result = runCli(['build', site]);
      assert.equal(result.status, 0, result.stderr);
      assert.match(readOut(site, 'docs/again/index.html'), /Welcome to the fixture/);
      const icon = path.join(site, 'build', 'icon.svg');
      assert.ok(lstatSync(icon).isFile());
      assert.equal(readFileSync(icon, 'utf8'), readFileSync(path.join(site, 'content', 'static', 'img', 'favicon.svg'), 'utf8'));
      // snapshot() fails on any symbolic link in the output.
      assert.ok(snapshot(path.join(site, 'build')).has('docs/again/index.html'));
    } finally {
      rmSync(docLink);
      rmSync(staticLink);
    }
  });
});
