/**
 * Every ts/tsx/js/jsx code block of the guides (content/docs) is type-checked, strictly, against the
 * installed lexical and @lexical/* packages, so a sample cannot drift from the pinned version.
 *
 * - Each block is its own module. A block whose `title="..."` is a file path is placed at that
 *   path inside a folder for its page, so `import { CalloutNode } from './nodes/CalloutNode'` in one
 *   block resolves to the block titled `src/nodes/CalloutNode.ts` on the same page.
 * - A block may opt out with the word `fragment` in its info string (```` ```ts fragment ````) when it
 *   is deliberately incomplete: class members shown on their own, pseudo-code, a JSX excerpt. The
 *   renderer ignores unknown words there. Opted-out blocks are counted and listed, and each must
 *   still fail to type-check on its own, so the flag cannot hide a block that would pass.
 * - Imports of a few libraries the guides mention but this repository does not install (test
 *   runners, a Yjs provider, a DOM for Node) are typed `any`; every other import must resolve.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import fg from 'fast-glob';
import type { Code, Nodes } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import ts from 'typescript';
import { repoRoot } from '../support/helpers';

/**
 * Modules the guides import that are deliberately not installed here. Their imports are `any`, except
 * where a callback parameter needs a type to pass `noImplicitAny`, which a short declaration gives.
 */
const UNINSTALLED_MODULES: Record<string, string> = {
  // The test runner of testing.md.
  vitest: `declare module 'vitest';`,
  // The end-to-end runner of testing.md, whose callback destructures { page }.
  '@playwright/test': `declare module '@playwright/test' {
  export const test: (name: string, body: (fixtures: { page: any }) => unknown) => void;
  export const expect: any;
}`,
  // The Yjs provider of collaboration/react.md.
  'y-websocket': `declare module 'y-websocket';`,
  // The DOM for Node of serialization.md.
  jsdom: `declare module 'jsdom';`,
};

const EXTENSIONS: Record<string, string> = {
  ts: 'ts',
  typescript: 'ts',
  tsx: 'tsx',
  js: 'js',
  javascript: 'js',
  mjs: 'js',
  cjs: 'js',
  jsx: 'jsx',
};
const SCRIPT_FILE = /\.(ts|tsx|js|jsx|mjs|cjs)$/;
const FRAGMENT = 'fragment';

export interface Sample {
  /** Page path relative to the site, e.g. content/docs/concepts/nodes.mdx. */
  page: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  code: string;
  fragment: boolean;
  /** Where the sample lives in the virtual program. */
  fileName: string;
}

/** The info-string words after the language, with `title="..."` (which may contain spaces) removed. */
function metaWords(meta: string | null | undefined): string[] {
  return (meta ?? '')
    .replace(/\btitle=(?:"[^"]*"|'[^']*'|\S+)/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

function titleOf(meta: string | null | undefined): string | undefined {
  const match = /\btitle=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta ?? '');
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** Script samples of one markdown page, each with the virtual file it is checked as. */
export function samplesOf(page: string, markdown: string, root: string): Sample[] {
  const codes: Code[] = [];
  const walk = (node: Nodes) => {
    if (node.type === 'code') codes.push(node);
    if ('children' in node) for (const child of node.children) walk(child);
  };
  walk(fromMarkdown(markdown));
  const pageDir = path.join(root, '.code-samples', page.replace(/\.mdx?$/, ''));
  const taken = new Set<string>();
  const samples: Sample[] = [];
  for (const node of codes) {
    // `ts{1,3}` keeps highlight ranges glued to the language.
    const lang = (node.lang ?? '').toLowerCase().replace(/\{.*$/, '');
    const extension = EXTENSIONS[lang];
    if (!extension) continue;
    const line = node.position?.start.line ?? 0;
    const title = titleOf(node.meta);
    // A title that is a plain relative file path names the module; anything else ("(excerpt)") does not.
    const titled = title && SCRIPT_FILE.test(title) && /^[\w@.-]+(\/[\w@.-]+)*$/.test(title) && !title.split('/').includes('..');
    const wanted = titled ? title : `block-L${line}.${extension}`;
    // The first block with a path owns it; a later block with the same title (a second version, a tab) gets a suffix.
    let relative = wanted;
    for (let n = 2; taken.has(relative); n++) relative = wanted.replace(/(\.\w+)$/, `.${n}$1`);
    taken.add(relative);
    samples.push({
      page,
      line,
      lang,
      code: node.value,
      fragment: metaWords(node.meta).includes(FRAGMENT),
      fileName: path.join(pageDir, relative),
    });
  }
  return samples;
}

export interface Problem {
  where: string;
  message: string;
}

export interface CheckResult {
  /** Problems in samples that are checked, as `page:line: message`. */
  problems: Problem[];
  /** Opted-out samples that type-check anyway (the flag is stale). */
  staleFragments: Sample[];
  checked: Sample[];
  fragments: Sample[];
}

/** Type-checks the samples in one program against the packages installed under `root`. */
export function typeCheckSamples(samples: Sample[], root: string): CheckResult {
  const files = new Map(samples.map((sample) => [sample.fileName, sample]));
  const stubs = path.join(root, '.code-samples', '__uninstalled-modules.d.ts');
  const stubText = Object.values(UNINSTALLED_MODULES).join('\n');
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    moduleDetection: ts.ModuleDetectionKind.Force,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: [],
    jsx: ts.JsxEmit.ReactJSX,
    strict: true,
    allowJs: true,
    checkJs: true,
    esModuleInterop: true,
    skipLibCheck: true,
    noEmit: true,
  };
  const host = ts.createCompilerHost(options);
  const textOf = (fileName: string) => (fileName === stubs ? stubText : files.get(fileName)?.code);
  const { fileExists, readFile, getSourceFile, directoryExists } = host;
  const folders = new Set(
    [...files.keys(), stubs].flatMap((fileName) => {
      const parents: string[] = [];
      for (let dir = path.dirname(fileName); dir.length > root.length; dir = path.dirname(dir)) parents.push(dir);
      return parents;
    }),
  );
  host.fileExists = (fileName) => textOf(fileName) !== undefined || fileExists.call(host, fileName);
  // The resolver only probes files in folders that exist.
  host.directoryExists = (dir) => folders.has(dir) || (directoryExists?.call(host, dir) ?? true);
  host.readFile = (fileName) => textOf(fileName) ?? readFile.call(host, fileName);
  host.getSourceFile = (fileName, languageVersion, ...rest) => {
    const text = textOf(fileName);
    return text === undefined ? getSourceFile.call(host, fileName, languageVersion, ...rest) : ts.createSourceFile(fileName, text, languageVersion, true);
  };
  const program = ts.createProgram([...files.keys(), stubs], options, host);
  const failing = new Set<string>();
  const problems: Problem[] = [];
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const sample = diagnostic.file ? files.get(diagnostic.file.fileName) : undefined;
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    if (!sample) {
      problems.push({ where: diagnostic.file?.fileName ?? '(program)', message });
      continue;
    }
    failing.add(sample.fileName);
    if (sample.fragment) continue;
    const { line } = diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
    // The fence is on sample.line; the sample's first line is the one after it.
    problems.push({ where: `${sample.page}:${sample.line + line + 1}`, message });
  }
  return {
    problems: problems.sort((a, b) => a.where.localeCompare(b.where, 'en', { numeric: true })),
    staleFragments: samples.filter((sample) => sample.fragment && !failing.has(sample.fileName)),
    checked: samples.filter((sample) => !sample.fragment),
    fragments: samples.filter((sample) => sample.fragment),
  };
}

describe('code samples of the guides', () => {
  test('the checker reports type errors by page line, links titled blocks, honours and polices `fragment`', () => {
    const page = [
      '# Sample page',
      '',
      '```ts title="src/nodes/Thing.ts"',
      "import { TextNode } from 'lexical';",
      'export class ThingNode extends TextNode {}',
      '```',
      '',
      '```ts title="src/main.ts"',
      "import { createEditor } from 'lexical';",
      "import { ThingNode } from './nodes/Thing';",
      'export const editor = createEditor({ nodes: [ThingNode], onError: console.error });',
      "editor.update(() => 42, { discrete: 'yes' });",
      '```',
      '',
      '```tsx fragment',
      'setThing(thing: string): this {',
      '```',
      '',
      '```ts fragment',
      'export const fine: number = 1;',
      '```',
      '',
      '```js',
      "import { $getRoot } from 'lexical';",
      'export const size = () => $getRoot().getChildrenSize().toUpperCase();',
      '```',
    ].join('\n');
    const samples = samplesOf('content/docs/sample.md', page, repoRoot);
    assert.deepEqual(
      samples.map((s) => [s.line, s.fragment, path.relative(repoRoot, s.fileName)]),
      [
        [3, false, '.code-samples/content/docs/sample/src/nodes/Thing.ts'],
        [8, false, '.code-samples/content/docs/sample/src/main.ts'],
        [15, true, '.code-samples/content/docs/sample/block-L15.tsx'],
        [19, true, '.code-samples/content/docs/sample/block-L19.ts'],
        [23, false, '.code-samples/content/docs/sample/block-L23.js'],
      ],
    );
    const result = typeCheckSamples(samples, repoRoot);
    assert.deepEqual(
      result.problems.map((p) => p.where),
      ['content/docs/sample.md:12', 'content/docs/sample.md:25'],
    );
    assert.match(result.problems[0]!.message, /Type 'string' is not assignable to type 'true'/);
    assert.match(result.problems[1]!.message, /toUpperCase/);
    assert.deepEqual(
      result.staleFragments.map((s) => s.line),
      [19],
    );
    assert.equal(result.checked.length, 3);
    assert.equal(result.fragments.length, 2);
  });

  test('the modules typed `any` are really absent, so the stubs never shadow real declarations', () => {
    const require = createRequire(path.join(repoRoot, 'package.json'));
    for (const name of Object.keys(UNINSTALLED_MODULES)) {
      assert.throws(() => require.resolve(name), `${name} is installed now: drop it from UNINSTALLED_MODULES`);
    }
  });

  test('every ts/tsx/js block under content/docs type-checks against the installed packages', async (t) => {
    const pages = (await fg(['content/docs/**/*.{md,mdx}'], { cwd: repoRoot })).sort();
    const samples = pages.flatMap((page) => samplesOf(page, readFileSync(path.join(repoRoot, page), 'utf8'), repoRoot));
    const result = typeCheckSamples(samples, repoRoot);
    t.diagnostic(
      `${samples.length} script blocks in ${pages.length} pages: ${result.checked.length} type-checked, ${result.fragments.length} opted out as fragments`,
    );
    for (const fragment of result.fragments) t.diagnostic(`fragment: ${fragment.page}:${fragment.line}`);
    // The guides hold well over a hundred samples; a small count means the scan broke.
    assert.ok(result.checked.length >= 140, `only ${result.checked.length} samples were checked`);
    assert.ok(result.fragments.length <= 10, `${result.fragments.length} fragments: complete the samples instead of opting out`);
    const report = result.problems.map((p) => `${p.where}: ${p.message}`);
    assert.deepEqual(report, [], `Samples that do not type-check:\n${report.join('\n')}`);
    assert.deepEqual(
      result.staleFragments.map((s) => `${s.page}:${s.line}`),
      [],
      'these blocks are marked `fragment` but type-check: remove the flag',
    );
  });
});
