/** Symbolic links under content/: followed inside the site folder, reported (and never entered) outside it. */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { DocsiteError, DocsiteErrorList } from '../../src/core/errors';
import { scanContent } from '../../src/content/scan';
import { createContentReader } from '../../src/content/site-files';

function tempDir(name: string): string {
  return realpathSync(mkdtempSync(path.join(os.tmpdir(), `docsite-${name}-`)));
}

function write(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** A site with docs/intro.md, docs/guides/setup.md and static/img/logo.svg. */
function makeSite(): string {
  const site = tempDir('links');
  write(path.join(site, 'content/docs/intro.md'), '# Intro\n');
  write(path.join(site, 'content/docs/guides/setup.md'), '# Setup\n');
  write(path.join(site, 'content/static/img/logo.svg'), '<svg/>');
  return site;
}

async function scan(site: string) {
  const reader = await createContentReader(site);
  return scanContent({ contentDir: path.join(site, 'content'), docsPath: 'docs', blogPath: 'blog', reader });
}

async function scanErrors(site: string): Promise<DocsiteError[]> {
  try {
    await scan(site);
  } catch (error) {
    if (error instanceof DocsiteErrorList) return error.errors;
    if (error instanceof DocsiteError) return [error];
    throw error;
  }
  return assert.fail('expected the scan to fail');
}

describe('links inside the site folder', () => {
  test('a file link and a folder link are followed as their targets, under the link name', async () => {
    const site = makeSite();
    symlinkSync('intro.md', path.join(site, 'content/docs/again.md'));
    symlinkSync('guides', path.join(site, 'content/docs/alias'));
    symlinkSync('img', path.join(site, 'content/static/pictures'));
    const files = await scan(site);
    assert.deepEqual(files.docs, ['again.md', 'alias/setup.md', 'guides/setup.md', 'intro.md']);
    assert.deepEqual(files.static, ['img/logo.svg', 'pictures/logo.svg']);
  });

  test('a folder link back to a folder it sits in is not walked again, and the walk ends', async () => {
    const site = makeSite();
    symlinkSync('..', path.join(site, 'content/docs/guides/up'));
    symlinkSync(path.join(site, 'content'), path.join(site, 'content/docs/guides/content'));
    // Two links into each other: a/to-b -> b and b/to-a -> a.
    write(path.join(site, 'content/docs/a/one.md'), '# One\n');
    write(path.join(site, 'content/docs/b/two.md'), '# Two\n');
    symlinkSync('../b', path.join(site, 'content/docs/a/to-b'));
    symlinkSync('../a', path.join(site, 'content/docs/b/to-a'));
    const files = await scan(site);
    assert.ok(files.docs.includes('intro.md') && files.docs.includes('guides/setup.md'));
    assert.ok(files.docs.includes('a/to-b/two.md') && files.docs.includes('b/to-a/one.md'));
    assert.ok(!files.docs.some((file) => file.includes('up/') || file.includes('guides/content/')), files.docs.join('\n'));
    assert.ok(!files.docs.some((file) => file.includes('to-b/to-a')), files.docs.join('\n'));
  });
});

describe('links leading out of the site folder', () => {
  test('each one is an error at the link, all reported together, and none is listed', async () => {
    const site = makeSite();
    const outside = tempDir('outside');
    write(path.join(outside, 'secret.md'), '# Secret\n');
    symlinkSync(path.join(outside, 'secret.md'), path.join(site, 'content/docs/secret.md'));
    symlinkSync(outside, path.join(site, 'content/docs/ext'));
    symlinkSync(outside, path.join(site, 'content/static/ext'));
    const errors = await scanErrors(site);
    assert.deepEqual(
      errors.map((error) => [error.code, error.loc?.file, error.message]),
      [
        ['CONTENT_LINK_OUTSIDE', 'content/docs/ext', `This is a symbolic link to ${outside}, which is outside the site folder.`],
        ['CONTENT_LINK_OUTSIDE', 'content/docs/secret.md', `This is a symbolic link to ${path.join(outside, 'secret.md')}, which is outside the site folder.`],
        ['CONTENT_LINK_OUTSIDE', 'content/static/ext', `This is a symbolic link to ${outside}, which is outside the site folder.`],
      ],
    );
    assert.match(errors[0]!.hint!, /never reads or publishes files outside the site folder/);
  });

  test('an outside folder is never entered: a broken link inside it goes unseen', async () => {
    const site = makeSite();
    const outside = tempDir('outside');
    symlinkSync('/nonexistent/target', path.join(outside, 'deeper'));
    symlinkSync(outside, path.join(site, 'content/static/etc'));
    const errors = await scanErrors(site);
    assert.deepEqual(
      errors.map((error) => error.loc?.file),
      ['content/static/etc'],
    );
  });

  test('links in folders that no page pattern lists (partials, components) are checked too', async () => {
    const site = makeSite();
    mkdirSync(path.join(site, 'content/docs/_partials'));
    mkdirSync(path.join(site, 'content/components'));
    symlinkSync('/etc/hostname', path.join(site, 'content/docs/_partials/host.md'));
    symlinkSync('/etc', path.join(site, 'content/components/etc'));
    const errors = await scanErrors(site);
    assert.deepEqual(
      errors.map((error) => error.loc?.file),
      ['content/components/etc', 'content/docs/_partials/host.md'],
    );
  });

  test('a content folder that is itself a link out is reported once, at that folder', async () => {
    const site = makeSite();
    const outside = tempDir('outside');
    write(path.join(outside, 'docs/page.md'), '# Page\n');
    rmSync(path.join(site, 'content'), { recursive: true });
    symlinkSync(outside, path.join(site, 'content'));
    const errors = await scanErrors(site);
    assert.deepEqual(
      errors.map((error) => [error.code, error.loc?.file]),
      [['CONTENT_LINK_OUTSIDE', 'content']],
    );
  });

  test('a dangling link and a loop of links are errors at the link', async () => {
    const site = makeSite();
    symlinkSync('nowhere.md', path.join(site, 'content/docs/gone.md'));
    symlinkSync('b.md', path.join(site, 'content/docs/a.md'));
    symlinkSync('a.md', path.join(site, 'content/docs/b.md'));
    const errors = await scanErrors(site);
    assert.deepEqual(
      errors.map((error) => [error.code, error.loc?.file, error.message]),
      [
        ['CONTENT_LINK_BROKEN', 'content/docs/a.md', 'This is a symbolic link to b.md, which leads back to itself through other links.'],
        ['CONTENT_LINK_BROKEN', 'content/docs/b.md', 'This is a symbolic link to a.md, which leads back to itself through other links.'],
        ['CONTENT_LINK_BROKEN', 'content/docs/gone.md', 'This is a symbolic link to nowhere.md, which does not exist.'],
      ],
    );
  });
});

describe('reading a listed file', () => {
  test('goes through the checked real path: a link swapped after the scan is refused', async () => {
    const site = makeSite();
    const link = path.join(site, 'content/docs/page.md');
    symlinkSync('intro.md', link);
    const reader = await createContentReader(site);
    assert.equal(await reader.readText(link), '# Intro\n');
    rmSync(link);
    symlinkSync('/etc/passwd', link);
    await assert.rejects(reader.readText(link), (error: DocsiteError) => {
      assert.equal(error.code, 'CONTENT_LINK_OUTSIDE');
      assert.deepEqual(error.loc, { file: 'content/docs/page.md' });
      return true;
    });
  });

  test('a file that is not UTF-8 is a located error', async () => {
    const site = makeSite();
    const file = path.join(site, 'content/docs/latin.md');
    writeFileSync(file, Buffer.from('# Caf\xe9\n', 'latin1'));
    const reader = await createContentReader(site);
    await assert.rejects(reader.readText(file), (error: DocsiteError) => {
      assert.equal(error.code, 'CONTENT_NOT_UTF8');
      assert.deepEqual(error.loc, { file: 'content/docs/latin.md', line: 1, column: 6 });
      return true;
    });
  });
});
