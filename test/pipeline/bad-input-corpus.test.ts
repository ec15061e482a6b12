/**
 * The bad-input corpus: small breakages of one copy of the fixture site, each built by docsite's
 * command line (through `main`, many in one process, and a few also by the docsite command). Every
 * case must end in exit 1 with a located message (`file:line:column`, or the file alone where the
 * table says no line exists), no "failed unexpectedly" and no stack trace, the previous build/ byte
 * for byte, and no hang. The site is built cleanly once; each case changes it, builds, and the
 * site is put back as it was before the next one.
 *
 * A case with a `row` belongs to a row of the safety issue fixed on its own branch; the table keeps
 * it here so that the corpus runs whole once the branches meet.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { cliInProcess } from '../support/cli-in-process';
import { CLI_TIMEOUT_MS, cliPath, copyFixture, outputFiles } from '../support/helpers';

interface BadInput {
  name: string;
  /** Changes the site (paths relative to it). */
  apply: (site: Site) => void;
  /** The file the message must name, relative to the site folder (a regular expression's source). */
  file: string;
  /** False where the file has no line to point at (a file name, a whole binary file): the file alone is enough. */
  line?: boolean;
  /** The row of the safety issue whose fix this case needs, when it is not this file's own. */
  row?: number;
  /** How long the build may take before it counts as a hang. */
  limitMs?: number;
}

interface Site {
  write(file: string, text: string | Buffer): void;
  append(file: string, text: string): void;
  replace(file: string, from: string | RegExp, to: string): void;
  remove(file: string): void;
}

const page = (body: string, frontMatter = 'title: T') => `---\n${frontMatter}\n---\n\n${body}\n`;
const config = 'site.config.ts';
const sidebars = 'content/sidebars.ts';
const category = 'content/docs/01-guides/_category_.json';
const T = 'content/docs/t.mdx';
const TMD = 'content/docs/t.md';
const fileT = 'content/docs/t\\.mdx';
const fileTmd = 'content/docs/t\\.md';
const intro = 'content/docs/intro\\.md';

/** Every case: what it breaks and where the message must point. */
const cases: BadInput[] = [
  // Broken MDX.
  { name: 'unclosed JSX tag', apply: (s) => s.write(T, page('<div>\n\nsome text')), file: fileT },
  { name: 'bad expression', apply: (s) => s.write(T, page('Value: {1 +}')), file: fileT },
  { name: 'unclosed expression', apply: (s) => s.write(T, page('Value: {foo\n\nmore')), file: fileT },
  { name: 'import of a missing file', apply: (s) => s.write(T, page("import X from './nope';\n\n<X />")), file: fileT },
  { name: 'import of a missing package', apply: (s) => s.write(T, page("import X from 'not-a-package-xyz';\n\n<X />")), file: fileT },
  { name: 'import with bad syntax', apply: (s) => s.write(T, page("import { from './x';")), file: fileT },
  { name: 'unknown component', apply: (s) => s.write(T, page('Text\n\n<NoSuchThing />')), file: fileT },
  { name: 'mismatched tags', apply: (s) => s.write(T, page('<a><b>x</a></b>')), file: fileT },
  { name: 'empty attribute expression', apply: (s) => s.write(T, page('<div className={}>x</div>')), file: fileT },
  { name: 'void element left open', apply: (s) => s.write(T, page('Line<br>break')), file: fileT },
  { name: 'bad export', apply: (s) => s.write(T, page('export const = 1;')), file: fileT },
  { name: 'stray closing tag in markdown', apply: (s) => s.write(TMD, page('Text </div> more')), file: fileTmd },
  { name: 'bare brace in markdown', apply: (s) => s.append('content/docs/intro.md', '\n\nA set {a, b\n'), file: intro },
  {
    name: 'throw at import time in a page',
    row: 12,
    apply: (s) => s.write(T, page("export const boom = (() => { throw new Error('boom'); })();\n\n# T")),
    file: fileT,
  },
  // Bad front matter.
  { name: 'front matter that is not YAML', apply: (s) => s.write(TMD, page('x', 'title: [unclosed')), file: fileTmd },
  { name: 'sidebar_position not a number', apply: (s) => s.write(TMD, page('x', 'sidebar_position: first')), file: fileTmd },
  { name: 'draft not a boolean', apply: (s) => s.write(TMD, page('x', 'draft: maybe')), file: fileTmd },
  { name: 'tags not a list', apply: (s) => s.write(TMD, page('x', 'tags: 5')), file: fileTmd },
  { name: 'hide_table_of_contents not a boolean', apply: (s) => s.write(TMD, page('x', 'hide_table_of_contents: 3')), file: fileTmd },
  { name: 'front matter in JavaScript', apply: (s) => s.write(TMD, '---js\nmodule.exports = { title: "x" };\n---\n\nx\n'), file: fileTmd },
  { name: 'front matter slug not a string', apply: (s) => s.write(TMD, page('x', 'slug: [a, b]')), file: fileTmd },
  // Bad config.
  { name: 'config syntax error', apply: (s) => s.replace(config, "title: 'Fixture',", "title: 'Fixture',,"), file: 'site\\.config\\.ts' },
  { name: 'config value of the wrong type', apply: (s) => s.replace(config, "title: 'Fixture'", 'title: 42'), file: 'site\\.config\\.ts' },
  { name: 'config unknown key', apply: (s) => s.replace(config, "title: 'Fixture',", "title: 'Fixture',\n  titel: 'typo',"), file: 'site\\.config\\.ts' },
  { name: 'config bad report level', apply: (s) => s.replace(config, "onBrokenLinks: 'throw'", "onBrokenLinks: 'explode'"), file: 'site\\.config\\.ts' },
  {
    name: 'config throws while loading',
    row: 12,
    apply: (s) => s.replace(config, 'export default', "throw new Error('config boom');\nexport default"),
    file: 'site\\.config\\.ts',
  },
  {
    name: 'config custom CSS missing',
    apply: (s) => s.replace(config, "favicon: 'img/favicon.svg',", "favicon: 'img/favicon.svg',\n  customCss: ['nope.css'],"),
    file: 'site\\.config\\.ts',
  },
  {
    name: 'config navbar items of the wrong shape',
    apply: (s) => s.replace(config, /items: \[\n {6}\{ label: 'Docs'[^\]]*\],/, 'items: 5,'),
    file: 'site\\.config\\.ts',
  },
  { name: 'config imports a missing file', apply: (s) => s.replace(config, 'export default', "import './nope';\nexport default"), file: 'site\\.config\\.ts' },
  {
    name: 'config without a default export',
    apply: (s) => s.replace(config, 'export default defineConfig(', 'export const site = defineConfig('),
    file: 'site\\.config\\.ts',
    line: false,
  },
  {
    name: 'config url that is not a URL',
    apply: (s) => s.replace(config, "url: 'https://fixture.example.com'", "url: 'not a url'"),
    file: 'site\\.config\\.ts',
  },
  {
    name: 'config broken navbar link',
    row: 12,
    apply: (s) => s.replace(config, "{ label: 'Docs', to: '/docs/intro'", "{ label: 'Docs', to: '/docs/nowhere'"),
    file: 'site\\.config\\.ts',
  },
  { name: 'broken link in a JSX anchor', apply: (s) => s.write(T, page('<a href="/docs/nowhere">x</a>')), file: fileT, line: false },
  // Bad sidebars.
  {
    name: 'sidebars name an unknown doc',
    row: 12,
    apply: (s) => s.write(sidebars, "export default {\n  docs: [\n    'intro',\n    'no-such-doc',\n  ],\n};\n"),
    file: 'content/sidebars\\.ts',
  },
  { name: 'sidebars syntax error', apply: (s) => s.write(sidebars, "export default {\n  docs: ['intro',,\n};\n"), file: 'content/sidebars\\.ts' },
  { name: 'sidebars default export is a list', apply: (s) => s.write(sidebars, "export default ['intro'];\n"), file: 'content/sidebars\\.ts', line: false },
  { name: 'a sidebar that is not a list', row: 12, apply: (s) => s.write(sidebars, 'export default {\n  docs: 5,\n};\n'), file: 'content/sidebars\\.ts' },
  {
    name: 'sidebar item of an unknown type',
    row: 12,
    apply: (s) => s.write(sidebars, "export default {\n  docs: [{ type: 'weird', id: 'intro' }],\n};\n"),
    file: 'content/sidebars\\.ts',
  },
  {
    name: 'sidebars throw while loading',
    row: 12,
    apply: (s) => s.write(sidebars, "const items = ['intro'];\nthrow new Error('sidebars boom');\nexport default { docs: items };\n"),
    file: 'content/sidebars\\.ts',
  },
  // Bad _category_ files.
  {
    name: '_category_.json syntax error',
    row: 12,
    apply: (s) => s.write(category, '{ "label": "Guides",\n  "position": 2,,\n}\n'),
    file: 'content/docs/01-guides/_category_\\.json',
  },
  {
    name: '_category_.json position of the wrong type',
    row: 12,
    apply: (s) => s.write(category, '{ "label": "Guides",\n  "position": "two"\n}\n'),
    file: 'content/docs/01-guides/_category_\\.json',
  },
  { name: '_category_.json empty', row: 12, apply: (s) => s.write(category, ''), file: 'content/docs/01-guides/_category_\\.json' },
  {
    name: '_category_.yml syntax error',
    row: 12,
    apply: (s) => (s.remove(category), s.write('content/docs/01-guides/_category_.yml', 'label: Guides\nposition: [\n')),
    file: 'content/docs/01-guides/_category_\\.yml',
  },
  {
    name: '_category_.yml collapsed of the wrong type',
    row: 12,
    apply: (s) => (s.remove(category), s.write('content/docs/01-guides/_category_.yml', 'label: Guides\ncollapsed: sometimes\n')),
    file: 'content/docs/01-guides/_category_\\.yml',
  },
  // Broken links and anchors.
  { name: 'broken link to a route', apply: (s) => s.append('content/docs/intro.md', '\n\nSee [nothing](/docs/nothing-here).\n'), file: intro, line: false },
  { name: 'broken markdown link', apply: (s) => s.append('content/docs/intro.md', '\n\nSee [nothing](./nothing.md).\n'), file: intro },
  {
    name: 'broken anchor on the same page',
    apply: (s) => s.append('content/docs/intro.md', '\n\nSee [nothing](#no-such-heading).\n'),
    file: intro,
    line: false,
  },
  {
    name: 'broken anchor on another page',
    apply: (s) => s.append('content/docs/intro.md', '\n\nSee [setup](./01-guides/01-setup.md#no-such-heading).\n'),
    file: intro,
    line: false,
  },
  {
    name: 'broken link on a markdown page',
    apply: (s) => s.append('content/pages/about.md', '\n\nSee [nothing](/nowhere).\n'),
    file: 'content/pages/about\\.md',
    line: false,
  },
  // Binary, non-UTF-8 and empty files.
  {
    name: 'binary file as a doc',
    apply: (s) => s.write(TMD, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])),
    file: fileTmd,
    line: false,
  },
  { name: 'Latin-1 text as a doc', apply: (s) => s.write(TMD, Buffer.from('---\ntitle: caf\xe9\n---\n\nna\xefve\n', 'latin1')), file: fileTmd },
  { name: 'NUL byte in a doc', apply: (s) => s.write(TMD, '# Title\n\nText\u0000more\n'), file: fileTmd, line: false },
  { name: 'empty site.config.ts', apply: (s) => s.write(config, ''), file: 'site\\.config\\.ts', line: false },
  // Names and routes.
  {
    name: 'doc name with #',
    row: 12,
    apply: (s) => (s.write('content/docs/a#b.md', '# A\n'), s.append('content/docs/intro.md', '\n\n[x](./a#b.md)\n')),
    file: 'content/docs/a#b\\.md',
    line: false,
  },
  {
    name: 'doc name with ?',
    row: 12,
    apply: (s) => (s.write('content/docs/a?b.md', '# A\n'), s.append('content/docs/intro.md', '\n\n[x](./a?b.md)\n')),
    file: 'content/docs/a\\?b\\.md',
    line: false,
  },
  {
    name: 'doc name with %',
    row: 12,
    apply: (s) => (s.write('content/docs/a%20b.md', '# A\n'), s.append('content/docs/intro.md', '\n\n[x](./a%20b.md)\n')),
    file: 'content/docs/a%20b\\.md',
    line: false,
  },
  { name: 'page name with #', row: 12, apply: (s) => s.write('content/pages/c#d.md', '# C\n'), file: 'content/pages/c#d\\.md', line: false },
  {
    name: 'names that differ only in case',
    row: 12,
    apply: (s) => s.write('content/docs/Intro.md', '# Other intro\n'),
    file: 'content/docs/(I|i)ntro\\.md',
    line: false,
  },
  {
    name: 'image of a key file',
    row: 12,
    apply: (s) => (s.write('content/docs/key.pem', 'KEY\n'), s.append('content/docs/intro.md', '\n\n![k](./key.pem)\n')),
    file: intro,
  },
  // Duplicate routes only warn by default, as in Docusaurus: these cases ask for an error.
  {
    name: 'two docs with one slug',
    row: 6,
    apply: (s) => (
      s.replace(config, "onBrokenLinks: 'throw',", "onBrokenLinks: 'throw',\n  onDuplicateRoutes: 'throw',"),
      s.write('content/docs/a.md', page('A', 'slug: /same')),
      s.write('content/docs/b.md', page('B', 'slug: /same'))
    ),
    file: 'content/docs/(a|b)\\.md',
  },
  {
    name: 'two docs with one id',
    row: 6,
    apply: (s) => (s.write('content/docs/a.md', page('A', 'id: same')), s.write('content/docs/b.md', page('B', 'id: same'))),
    file: 'content/docs/(a|b)\\.md',
    line: false,
  },
  {
    name: 'a page and a doc on one route',
    row: 6,
    apply: (s) => (
      s.replace(config, "onBrokenLinks: 'throw',", "onBrokenLinks: 'throw',\n  onDuplicateRoutes: 'throw',"),
      s.write('content/pages/docs/intro.md', '# Shadow\n')
    ),
    file: 'content/(pages/docs|docs)/intro\\.md',
    line: false,
  },
  { name: 'slug with .. leading out of the output', row: 1, apply: (s) => s.write(TMD, page('x', 'slug: /../../../victim')), file: fileTmd },
  { name: 'slug with %2e%2e', row: 1, apply: (s) => s.write(TMD, page('x', 'slug: /%2e%2e/%2e%2e/victim')), file: fileTmd },
  { name: 'image from outside the site folder', row: 2, apply: (s) => s.append('content/docs/intro.md', '\n\n![x](../../../../outside.png)\n'), file: intro },
  {
    name: 'import from outside the site folder',
    row: 2,
    apply: (s) => s.write(T, page("import x from '../../../../outside.js';\n\n{String(x)}")),
    file: fileT,
  },
  {
    name: '200-level nested list',
    row: 7,
    apply: (s) => s.write(TMD, page(Array.from({ length: 200 }, (_, i) => `${'  '.repeat(i)}- item ${i}`).join('\n'))),
    file: fileTmd,
  },
  { name: '500-level blockquote', row: 7, apply: (s) => s.write(TMD, page(`${'>'.repeat(500)} deep`)), file: fileTmd },
  // Code stopped for running too long names no line: where a loop spins is not known from outside it.
  { name: 'endless loop in a page', row: 8, limitMs: 30_000, apply: (s) => s.write(T, page('{(() => { while (true) {} })()}')), file: fileT, line: false },
  {
    name: 'endless loop in the config',
    row: 8,
    limitMs: 30_000,
    apply: (s) => s.replace(config, 'export default', 'while (true) {}\nexport default'),
    file: 'site\\.config\\.ts',
    line: false,
  },
  {
    name: 'doc under three 90-character folders',
    row: 11,
    apply: (s) => s.write(`content/docs/${'a'.repeat(90)}/${'b'.repeat(90)}/${'c'.repeat(90)}/deep.md`, '# Deep\n\n[x](/docs/nowhere-at-all)\n'),
    file: `content/docs/a{90}/b{90}/c{90}/deep\\.md`,
    line: false,
  },
  // Pages written in TSX.
  {
    name: 'TSX page with a syntax error',
    apply: (s) => s.write('content/pages/x.tsx', 'export default function X() {\n  return <div>;\n}\n'),
    file: 'content/pages/x\\.tsx',
  },
  {
    name: 'TSX page importing a missing file',
    apply: (s) => s.write('content/pages/x.tsx', "import Y from './nope';\nexport default function X() {\n  return <Y />;\n}\n"),
    file: 'content/pages/x\\.tsx',
  },
  {
    name: 'TSX page that throws while rendering',
    row: 12,
    apply: (s) => s.write('content/pages/x.tsx', "export default function X() {\n  throw new Error('render boom');\n}\n"),
    file: 'content/pages/x\\.tsx',
  },
  // Blog.
  {
    name: 'blog post with an unknown author',
    apply: (s) => (
      s.write('content/blog/authors.yml', 'ann:\n  name: Ann\n'),
      s.write('content/blog/2024-01-01-post.md', page('Hello', 'title: Post\nauthors: [nobody]'))
    ),
    file: 'content/blog/2024-01-01-post\\.md',
  },
  {
    name: 'blog authors file that is not YAML',
    apply: (s) => (s.write('content/blog/authors.yml', 'ann: [\n'), s.write('content/blog/2024-01-01-post.md', page('Hello', 'title: Post\nauthors: [ann]'))),
    file: 'content/blog/authors\\.yml',
  },
  {
    name: 'blog post with a bad date',
    apply: (s) => s.write('content/blog/2024-01-01-post.md', page('Hello', 'title: Post\ndate: not-a-date')),
    file: 'content/blog/2024-01-01-post\\.md',
  },
  // Versions.
  { name: 'versions.json that is not JSON', apply: (s) => s.write('content/versions.json', '["1.0",\n'), file: 'content/versions\\.json' },
  {
    name: 'versions.json naming a version with no folder',
    apply: (s) => s.write('content/versions.json', '["1.0"]\n'),
    file: 'content/versions\\.json',
    line: false,
  },
  { name: 'versions.json naming ..', apply: (s) => s.write('content/versions.json', '[".."]\n'), file: 'content/versions\\.json' },
  {
    name: 'versioned sidebars that are not JSON',
    apply: (s) => (
      s.write('content/versions.json', '["1.0"]\n'),
      s.write('content/versioned_docs/version-1.0/intro.md', '# Old intro\n'),
      s.write('content/versioned_sidebars/version-1.0-sidebars.json', '{ "docs": [\n')
    ),
    file: 'content/versioned_sidebars/version-1\\.0-sidebars\\.json',
  },
];

/**
 * The cases run through `main`, the function the docsite command calls, many in one process; these,
 * one of each stage that can fail, also through the command itself, which must print the same and
 * exit with the same code. The endless loops run through the command alone.
 */
const BY_THE_COMMAND = new Set([
  'config syntax error',
  'sidebars syntax error',
  '_category_.json syntax error',
  'front matter that is not YAML',
  'unclosed JSX tag',
  'TSX page that throws while rendering',
  'broken link to a route',
  'versions.json that is not JSON',
]);

/** Every file of the site but its output and cache, to put the site back after a case. */
function siteFiles(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.relative(dir, path.join(entry.parentPath, entry.name));
    if (/^(build|\.docsite)([/\\]|$)/.test(file) || !entry.isFile()) continue;
    out.set(file, readFileSync(path.join(dir, file)));
  }
  return out;
}

function restore(dir: string, original: Map<string, Buffer>): void {
  for (const [file] of siteFiles(dir)) if (!original.has(file)) rmSync(path.join(dir, file));
  for (const [file, bytes] of original) {
    const full = path.join(dir, file);
    if (!existsSync(full) || !readFileSync(full).equals(bytes)) {
      mkdirSync(path.dirname(full), { recursive: true });
      writeFileSync(full, bytes);
    }
  }
  // Folders a case made and that are empty now.
  for (const top of ['content/blog', 'content/versioned_docs', 'content/versioned_sidebars', 'content/pages/docs']) {
    if (![...original.keys()].some((file) => file.startsWith(`${top}${path.sep}`))) rmSync(path.join(dir, top), { recursive: true, force: true });
  }
  for (const entry of readdirSync(path.join(dir, 'content/docs'), { withFileTypes: true })) {
    if (entry.isDirectory() && ![...original.keys()].some((file) => file.startsWith(path.join('content/docs', entry.name))))
      rmSync(path.join(dir, 'content/docs', entry.name), { recursive: true });
  }
}

function cleanBuild(site: string): Map<string, Buffer> {
  const result = spawnSync(process.execPath, [cliPath, 'build', site], {
    encoding: 'utf8',
    timeout: CLI_TIMEOUT_MS,
    killSignal: 'SIGKILL',
    env: { ...process.env, NO_COLOR: '1' },
  });
  assert.equal(result.status, 0, result.stderr);
  return outputFiles(path.join(site, 'build'));
}

const STACK_LINE = /^\s+at .+(:\d+:\d+\)?|\(native\))$/m;

describe('bad-input corpus: each breakage is located, exits 1 and leaves build/ as it was', () => {
  let site: string;
  let original: Map<string, Buffer>;
  let output: Map<string, Buffer>;
  const inProcess = cliInProcess();

  const helpers = (): Site => ({
    write: (file, text) => {
      mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
      writeFileSync(path.join(site, file), text);
    },
    append: (file, text) => writeFileSync(path.join(site, file), readFileSync(path.join(site, file), 'utf8') + text),
    replace: (file, from, to) => {
      const text = readFileSync(path.join(site, file), 'utf8');
      const next = text.replace(from, to);
      assert.notEqual(next, text, `the case did not change ${file}`);
      writeFileSync(path.join(site, file), next);
    },
    remove: (file) => rmSync(path.join(site, file)),
  });

  before(() => {
    site = copyFixture('basic-site');
    original = siteFiles(site);
    output = cleanBuild(site);
  });

  after(async () => {
    await inProcess.close();
    rmSync(site, { recursive: true, force: true });
  });

  test('the table holds at least 65 bad inputs', () => {
    assert.ok(cases.length >= 65, `${cases.length} cases`);
    assert.equal(new Set(cases.map((item) => item.name)).size, cases.length, 'case names are unique');
    for (const name of BY_THE_COMMAND)
      assert.ok(
        cases.some((item) => item.name === name && !item.limitMs),
        `${name} is a case`,
      );
  });

  for (const item of cases) {
    const title = `${item.row ? `[row ${item.row}] ` : ''}${item.name}: ${item.file.replace(/\\/g, '')}${item.line === false ? '' : ':line:column'}`;
    test(title, async () => {
      try {
        item.apply(helpers());
        const limit = item.limitMs ?? 60_000;
        let result: { status: number | null; signal: NodeJS.Signals | null; stderr: string };
        if (item.limitMs) {
          // A case that runs forever gets a short time limit per page and for the config, which ends
          // the process: the real command.
          const env = { ...process.env, NO_COLOR: '1', DOCSITE_TIME_LIMIT: '3' };
          result = spawnSync(process.execPath, [cliPath, 'build', site], { encoding: 'utf8', timeout: limit, killSignal: 'SIGKILL', env });
        } else {
          result = await inProcess.run(['build', site], { timeoutMs: limit });
          if (BY_THE_COMMAND.has(item.name)) {
            // The real command prints the same and exits with the same code.
            const command = spawnSync(process.execPath, [cliPath, 'build', site], {
              encoding: 'utf8',
              timeout: limit,
              killSignal: 'SIGKILL',
              env: { ...process.env, NO_COLOR: '1' },
            });
            assert.deepEqual(
              { status: command.status, stderr: command.stderr },
              { status: result.status, stderr: result.stderr },
              'the docsite command and main agree',
            );
          }
        }
        assert.notEqual(result.signal, 'SIGKILL', `the build was still running after ${limit / 1000} s`);
        const stderr = result.stderr;
        if (result.status === 0) {
          // A build that passed wrote a new build/: the site is put back and built again, so the
          // cases after this one still compare with a clean build's output.
          restore(site, original);
          output = cleanBuild(site);
        }
        assert.equal(result.status, 1, `exit ${result.status}\n${stderr}`);
        assert.doesNotMatch(stderr, /failed unexpectedly/, stderr);
        assert.doesNotMatch(stderr, STACK_LINE, stderr);
        const position = item.line === false ? '(:\\d+:\\d+)?' : ':\\d+:\\d+';
        assert.match(stderr, new RegExp(`^error ${item.file}${position}: \\S`, 'm'), stderr);
        assert.ok(outputFiles(path.join(site, 'build')).size === output.size, 'build/ has as many files as before');
        for (const [file, bytes] of outputFiles(path.join(site, 'build'))) assert.ok(output.get(file)?.equals(bytes), `build/${file} changed`);
      } finally {
        restore(site, original);
      }
    });
  }
});
