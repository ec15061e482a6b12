/**
 * Paths a site's author writes (slugs, ids, folder names, redirects, images, imports) can never
 * name a place outside the output folder for a write, nor outside the site folder for a read: each
 * is refused with a located error, exit 1, the files around untouched and the previous output byte
 * for byte. Long names build. The real CLI on small sites made by the test.
 */
import assert from 'node:assert/strict';
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { emit } from '../../src/pipeline/emit/emit';
import { readOut, runCli } from '../support/helpers';

/** Every file under `dir` with its bytes and modification time. */
function snapshot(dir: string): Map<string, { bytes: string; mtime: number }> {
  const out = new Map<string, { bytes: string; mtime: number }>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const stats = lstatSync(file);
    if (stats.isFile()) out.set(path.relative(dir, file), { bytes: readFileSync(file).toString('base64'), mtime: stats.mtimeMs });
  }
  return out;
}

/** Writes `files` (path relative to `root` -> text) under `root`. */
function write(root: string, files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
}

const CONFIG = "export default { title: 'S', url: 'https://example.com', onBrokenLinks: 'warn' };\n";

/**
 * A folder holding a site `s/` beside files it must never touch: `victim/index.html` (what a
 * slug climbing out would overwrite) and secrets an image or an import climbing out would publish.
 */
function makeRoot(config = CONFIG): { root: string; site: string } {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'docsite-paths-')));
  const site = path.join(root, 's');
  write(root, {
    'victim/index.html': 'VICTIM-BYTES\n',
    'notes.txt': 'OUTSIDE-NOTES-SECRET\n',
    'outside.mdx': '# OUTSIDE-MDX-SECRET\n',
    'outside.js': "export default 'OUTSIDE-JS-SECRET';\n",
    'outside.json': '{ "secret": "OUTSIDE-JSON-SECRET" }\n',
    'outside.css': '.x::after { content: "OUTSIDE-CSS-SECRET"; }\n',
    'outside.svg': '<svg xmlns="http://www.w3.org/2000/svg"><text>OUTSIDE-SVG-SECRET</text></svg>\n',
    's/site.config.ts': config,
    's/content/docs/intro.md': '---\ntitle: Intro\n---\n\n# Intro\n\nWelcome.\n',
  });
  return { root, site };
}

const SECRETS = /OUTSIDE-(NOTES|MDX|JS|JSON|CSS|SVG)-SECRET/;

/** Whether any file under `dir` holds one of the outside files' contents. */
function publishedSecrets(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && SECRETS.test(readFileSync(path.join(entry.parentPath, entry.name), 'latin1')))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

describe('path safety: nothing is written outside the output folder, nothing read from outside the site', () => {
  let root: string;
  let site: string;

  before(() => {
    ({ root, site } = makeRoot());
    // What the refused builds must leave alone: a site that uses what stays inside (a local image,
    // partial, component and JSON, a package, a theme component), built once.
    write(site, {
      'content/docs/uses.mdx': [
        "import Partial from './_partial.mdx';",
        "import Local from '../components/Local';",
        "import data from './data.json';",
        "import { useState } from 'react';",
        "import Tabs from '@theme/Tabs';",
        '',
        '# Uses',
        '',
        '![inside](./inside.svg)',
        '',
        '<Partial />',
        '<Local />',
        '',
        '{data.word}',
        '',
      ].join('\n'),
      'content/docs/_partial.mdx': 'A partial inside the site.\n',
      'content/docs/data.json': '{ "word": "INSIDE-JSON" }\n',
      'content/docs/inside.svg': '<svg xmlns="http://www.w3.org/2000/svg"><text>INSIDE</text></svg>\n',
      'content/components/Local.tsx': "import { helper } from './helper';\nexport default function Local() { return <p>{helper()}</p>; }\n",
      'content/components/helper.ts': "export const helper = () => 'INSIDE-HELPER';\n",
    });
    const first = runCli(['build', site]);
    assert.equal(first.status, 0, first.stdout + first.stderr);
    assert.match(readOut(site, 'docs/uses/index.html'), /INSIDE-JSON/);
    assert.match(readOut(site, 'docs/uses/index.html'), /INSIDE-HELPER/);
  });

  /**
   * Breaks the site, builds, and checks exit 1, the victim's bytes, the previous output byte for
   * byte, and that nothing outside the site got into it; then repairs the site. Returns stderr.
   */
  function buildRefused(breakSite: () => void, repair: () => void): string {
    const output = snapshot(path.join(site, 'build'));
    const around = snapshot(root);
    for (const file of [...around.keys()]) if (file.startsWith(`s${path.sep}`)) around.delete(file);
    breakSite();
    try {
      const result = runCli(['build', site]);
      assert.equal(result.status, 1, result.stdout + result.stderr);
      assert.match(result.stderr, /previous build output was left as it was/);
      assert.doesNotMatch(result.stderr, /failed unexpectedly/);
      assert.equal(readFileSync(path.join(root, 'victim', 'index.html'), 'utf8'), 'VICTIM-BYTES\n');
      const after = snapshot(root);
      for (const file of [...after.keys()]) if (file.startsWith(`s${path.sep}`)) after.delete(file);
      assert.deepEqual(after, around, 'files beside the site changed');
      assert.deepEqual(snapshot(path.join(site, 'build')), output, 'the previous output changed');
      assert.deepEqual(publishedSecrets(path.join(site, 'build')), []);
      return result.stderr;
    } finally {
      repair();
    }
  }

  const withDoc = (name: string, text: string) =>
    [() => write(site, { [`content/docs/${name}`]: text }), () => rmSync(path.join(site, 'content', 'docs', name))] as const;

  test('security: a slug with .. is refused and writes nothing outside build/', () => {
    const stderr = buildRefused(...withDoc('x.md', '---\ntitle: X\nslug: /../../../victim\n---\n\n# X\n'));
    assert.match(
      stderr,
      /^error content\/docs\/x\.md:3:1: The frontmatter slug "\/\.\.\/\.\.\/\.\.\/victim" cannot be used: it has a "\.\." segment, so the page could be written outside its place in the output folder\. \[ROUTE_UNSAFE\]$/m,
    );
  });

  test('security: a slug with percent-encoded dots (%2e%2e) is refused', () => {
    const stderr = buildRefused(...withDoc('x.md', '---\nslug: /%2e%2e/%2E%2e/%2e%2e/victim\n---\n\n# X\n'));
    assert.match(
      stderr,
      /^error content\/docs\/x\.md:2:1: The frontmatter slug "\/%2e%2e\/%2E%2e\/%2e%2e\/victim" cannot be used: it has a "\.\." segment once percent-decoded, .* \[ROUTE_UNSAFE\]$/m,
    );
  });

  test('security: a slug with a backslash, a NUL or a . segment is refused', () => {
    const stderr = buildRefused(...withDoc('x.md', '---\nslug: "/a\\\\..\\\\..\\\\victim"\n---\n\n# X\n'));
    assert.match(stderr, /^error content\/docs\/x\.md:2:1: The frontmatter slug ".*" cannot be used: it holds a backslash, .* \[ROUTE_UNSAFE\]$/m);
    const nul = buildRefused(...withDoc('x.md', '---\ntitle: X\nslug: /a/%00/b\n---\n\n# X\n'));
    assert.match(nul, /^error content\/docs\/x\.md:3:1: .* it holds a NUL character, .* \[ROUTE_UNSAFE\]$/m);
    const dot = buildRefused(...withDoc('x.md', '---\nslug: ./.\n---\n\n# X\n'));
    assert.match(dot, /^error content\/docs\/x\.md:2:1: .* it has a "\." segment, .* \[ROUTE_UNSAFE\]$/m);
  });

  test('security: a frontmatter id of .. is refused at its key', () => {
    const stderr = buildRefused(...withDoc('x.md', '---\ntitle: X\nid: ".."\n---\n\n# X\n'));
    assert.match(stderr, /^error content\/docs\/x\.md:3:1: The frontmatter id "\.\." cannot be used: it has a "\.\." segment, .* \[ROUTE_UNSAFE\]$/m);
  });

  test('security: a folder that is . once its number prefix is taken off is refused at the file', () => {
    const folder = path.join(site, 'content', 'docs', '01-..');
    const stderr = buildRefused(
      () => write(folder, { 'index.md': '# Up\n' }),
      () => rmSync(folder, { recursive: true }),
    );
    assert.match(
      stderr,
      /^error content\/docs\/01-\.\.\/index\.md: The route "\/docs\/\.\/" this file would get cannot be used: it has a "\." segment, .* \[ROUTE_UNSAFE\]$/m,
    );
  });

  test("security: a category's generated-index slug with .. is refused at its key", () => {
    const folder = path.join(site, 'content', 'docs', 'group');
    const category = '{\n  "label": "Group",\n  "link": { "type": "generated-index", "slug": "/../../../victim" }\n}\n';
    const stderr = buildRefused(
      () => write(folder, { '_category_.json': category, 'one.md': '# One\n' }),
      () => rmSync(folder, { recursive: true }),
    );
    assert.match(
      stderr,
      /^error content\/docs\/group\/_category_\.json:3:\d+: The category's slug "\/\.\.\/\.\.\/\.\.\/victim" cannot be used: it has a "\.\." segment, .* \[ROUTE_UNSAFE\]$/m,
    );
  });

  test('security: a page file under a folder named %2e%2e is refused at the file', () => {
    const folder = path.join(site, 'content', 'pages', '%2e%2e');
    const stderr = buildRefused(
      () => write(folder, { 'up.md': '# Up\n' }),
      () => rmSync(path.join(site, 'content', 'pages'), { recursive: true }),
    );
    assert.match(
      stderr,
      /^error content\/pages\/%2e%2e\/up\.md: The route "\/%2e%2e\/up" cannot be used: it has a "\.\." segment once percent-decoded, .* \[ROUTE_UNSAFE\]$/m,
    );
  });

  test('security: a blog post slug or tag permalink with .. is refused at its key', () => {
    const blog = path.join(site, 'content', 'blog');
    const post = (front: string) =>
      [() => write(blog, { '2024-01-31-post.md': `---\ntitle: Post\n${front}\n---\n\nText.\n` }), () => rmSync(blog, { recursive: true })] as const;
    const slug = buildRefused(...post('slug: ../../../../victim'));
    assert.match(
      slug,
      /^error content\/blog\/2024-01-31-post\.md:3:1: The frontmatter slug "\.\.\/\.\.\/\.\.\/\.\.\/victim" cannot be used: it has a "\.\." segment, .* \[ROUTE_UNSAFE\]$/m,
    );
    const tag = buildRefused(...post('tags:\n  - label: Up\n    permalink: /../../../../victim'));
    assert.match(
      tag,
      /^error content\/blog\/2024-01-31-post\.md:3:1: The tag permalink "\/\.\.\/\.\.\/\.\.\/\.\.\/victim" cannot be used: it has a "\.\." segment, .* \[ROUTE_UNSAFE\]$/m,
    );
  });

  test('security: a sidebar whose name has .. is refused at the name', () => {
    const sidebars = path.join(site, 'content', 'sidebars.ts');
    const stderr = buildRefused(
      () => writeFileSync(sidebars, "export default {\n  '../../../../victim/x': ['intro'],\n};\n"),
      () => rmSync(sidebars),
    );
    assert.match(
      stderr,
      /^error content\/sidebars\.ts:2:3: The sidebar name "\.\.\/\.\.\/\.\.\/\.\.\/victim\/x" cannot be used: it has a "\.\." segment, .* \[SIDEBARS_INVALID\]$/m,
    );
  });

  test('security: config route parts with .. (a redirect, the docs route, the base URL) are refused at their keys', () => {
    const config = path.join(site, 'site.config.ts');
    const withConfig = (text: string) => [() => writeFileSync(config, text), () => writeFileSync(config, CONFIG)] as const;
    const redirect = buildRefused(
      ...withConfig("export default {\n  title: 'S',\n  url: 'https://example.com',\n  redirects: [{ from: '/../../victim', to: '/docs/intro' }],\n};\n"),
    );
    assert.match(
      redirect,
      /^error site\.config\.ts:4:\d+: Invalid value for "redirects\[0\]\.from" in the site config: cannot be part of a route: it has a "\.\." segment\. \[CONFIG_INVALID_VALUE\]$/m,
    );
    const docs = buildRefused(
      ...withConfig("export default {\n  title: 'S',\n  url: 'https://example.com',\n  docs: { routeBasePath: '../../victim' },\n};\n"),
    );
    assert.match(
      docs,
      /^error site\.config\.ts:4:\d+: Invalid value for "docs\.routeBasePath" in the site config: cannot be part of a route: it has a "\.\." segment\. \[CONFIG_INVALID_VALUE\]$/m,
    );
    const base = buildRefused(...withConfig("export default {\n  title: 'S',\n  url: 'https://example.com',\n  baseUrl: '/%2e%2e/%2e%2e/',\n};\n"));
    assert.match(
      base,
      /^error site\.config\.ts:4:\d+: Invalid value for "baseUrl" in the site config: cannot be part of a route: it has a "\.\." segment once percent-decoded\. \[CONFIG_INVALID_VALUE\]$/m,
    );
  });

  test('security: an image outside the site in a page compiled as markdown is refused at the image and not published', () => {
    const config = path.join(site, 'site.config.ts');
    /** Builds a markdown page showing `image` and returns stderr; buildRefused checks exit 1, the output and the secrets. */
    const refuse = (image: string) =>
      buildRefused(
        () => {
          writeFileSync(config, "export default { title: 'S', url: 'https://example.com', markdown: { format: 'md' } };\n");
          write(site, { 'content/docs/pic.md': `# Pic\n\nSee:\n\n![x](${image})\n` });
        },
        () => {
          writeFileSync(config, CONFIG);
          rmSync(path.join(site, 'content', 'docs', 'pic.md'));
        },
      );
    // An image type docsite publishes: refused because of where it is.
    const svg = refuse('../../../outside.svg');
    assert.match(
      svg,
      new RegExp(
        `^error content/docs/pic\\.md:5:1: "\\.\\./\\.\\./\\.\\./outside\\.svg" leads to ${escape(path.join(root, 'outside.svg'))}, which is outside the site folder: nothing outside it is read or published\\. \\[CONTENT_OUTSIDE_SITE\\]$`,
        'm',
      ),
    );
    assert.doesNotMatch(svg, SECRETS);
    // A text file is no image at all: refused at the same place before anything reads it.
    const notes = refuse('../../../notes.txt');
    assert.match(
      notes,
      /^error content\/docs\/pic\.md:5:1: The image "\.\.\/\.\.\/\.\.\/notes\.txt" is not a file type docsite publishes .* \[ASSET_TYPE_UNSUPPORTED\]$/m,
    );
    assert.doesNotMatch(notes, SECRETS);
  });

  test('security: MDX imports of an outside .mdx, .js, .json, .css and image are each refused at the import', () => {
    const text = [
      '# Imports',
      '',
      "import A from '../../../outside.mdx';",
      "import B from '../../../outside.js';",
      "import C from '../../../outside.json';",
      "import '../../../outside.css';",
      "import D from '../../../outside.svg';",
      '',
      '<A /> {B} {C.secret} <img src={D} />',
      '',
    ].join('\n');
    const stderr = buildRefused(...withDoc('imports.mdx', text));
    for (const [line, file] of [
      [3, 'outside.mdx'],
      [4, 'outside.js'],
      [5, 'outside.json'],
      [6, 'outside.css'],
      [7, 'outside.svg'],
    ] as const) {
      assert.match(
        stderr,
        new RegExp(
          `^error content/docs/imports\\.mdx:${line}:\\d+: "\\.\\./\\.\\./\\.\\./${escape(file)}" leads to ${escape(path.join(root, file))}, which is outside the site folder.* \\[CONTENT_OUTSIDE_SITE\\]$`,
          'm',
        ),
      );
    }
  });

  test('security: a relative import through a symbolic link that leads outside is refused', () => {
    const lib = path.join(site, 'lib');
    const stderr = buildRefused(
      () => {
        mkdirSync(lib);
        symlinkSync(path.join(root, 'outside.js'), path.join(lib, 'linked.js'));
        write(site, { 'content/docs/via-link.mdx': "import B from '../../lib/linked.js';\n\n# Via link\n\n{B}\n" });
      },
      () => {
        rmSync(lib, { recursive: true });
        rmSync(path.join(site, 'content', 'docs', 'via-link.mdx'));
      },
    );
    assert.match(
      stderr,
      new RegExp(
        `^error content/docs/via-link\\.mdx:1:\\d+: "\\.\\./\\.\\./lib/linked\\.js" leads to ${escape(path.join(root, 'outside.js'))}, which is outside the site folder.* \\[CONTENT_OUTSIDE_SITE\\]$`,
        'm',
      ),
    );
  });

  test('security: a component of the site importing a file outside it is refused at its import', () => {
    const component = path.join(site, 'content', 'components', 'Leaky.tsx');
    const stderr = buildRefused(
      () => {
        write(site, {
          'content/components/Leaky.tsx': "import secret from '../../../outside.js';\nexport default function Leaky() { return <p>{secret}</p>; }\n",
          'content/docs/leaky.mdx': "import Leaky from '../components/Leaky';\n\n# Leaky\n\n<Leaky />\n",
        });
      },
      () => {
        rmSync(component);
        rmSync(path.join(site, 'content', 'docs', 'leaky.mdx'));
      },
    );
    assert.match(
      stderr,
      new RegExp(
        `^error content/components/Leaky\\.tsx:1:\\d+: "\\.\\./\\.\\./\\.\\./outside\\.js" leads to ${escape(path.join(root, 'outside.js'))}, which is outside the site folder.* \\[CONTENT_OUTSIDE_SITE\\]$`,
        'm',
      ),
    );
  });
});

describe('emit refuses to write outside the output folder, whoever asks', () => {
  test('security: a file path with .. given to emit is refused before anything is written', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'docsite-emit-guard-'));
    write(root, { 'victim/index.html': 'VICTIM-BYTES\n' });
    const outDir = path.join(root, 'site', 'build');
    const files = new Map<string, string>([
      ['index.html', 'home'],
      ['../../victim/index.html', 'REPLACED'],
    ]);
    await assert.rejects(emit({ outDir, files }), (error: Error & { code?: string }) => {
      assert.equal(error.code, 'OUTPUT_PATH_OUTSIDE');
      assert.match(error.message, /"\.\.\/\.\.\/victim\/index\.html", which is not a place inside the output folder/);
      return true;
    });
    assert.equal(readFileSync(path.join(root, 'victim', 'index.html'), 'utf8'), 'VICTIM-BYTES\n');
    assert.deepEqual(readdirSync(root), ['victim']);
    await assert.rejects(emit({ outDir, files: new Map([[path.join(root, 'victim', 'index.html'), 'REPLACED']]) }), /not a place inside the output folder/);
    assert.equal(readFileSync(path.join(root, 'victim', 'index.html'), 'utf8'), 'VICTIM-BYTES\n');
  });
});

describe('long names', () => {
  test('a doc under three 90-character folders builds and is served at its long route', () => {
    const { site } = makeRoot();
    const folders = ['a', 'b', 'c'].map((letter) => letter.repeat(90));
    write(site, { [`content/docs/${folders.join('/')}/page.md`]: '# Deep page\n\nFar down.\n' });
    const result = runCli(['build', site]);
    assert.equal(result.status, 0, result.stdout + result.stderr);
    const html = readOut(site, `docs/${folders.join('/')}/page/index.html`);
    assert.match(html, /Far down\./);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
