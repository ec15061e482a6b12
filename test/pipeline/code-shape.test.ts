// The shape rules for code outside the domain folders (api, mdx, search, blog, content, shared): no
// function over 120 lines, no file over 400, the pipeline's orchestration files under 300. A function
// listed in ALLOWED breaks the rule today and may only shrink; every other one must keep it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import fg from 'fast-glob';
import ts from 'typescript';
import { repoRoot } from '../support/helpers';

const DOMAIN = /^src\/(api|mdx|search|blog|content|shared)\//;
const ORCHESTRATION = [
  'src/pipeline/graph.ts',
  'src/pipeline/build.ts',
  'src/pipeline/graph-store.ts',
  'src/pipeline/pass.ts',
  'src/pipeline/stages.ts',
  'src/pipeline/first-pages.ts',
];
const MAX_FUNCTION = 120;
const MAX_FILE = 400;
const MAX_ORCHESTRATION = 300;

/** Functions that are over the limit today, with the lines they have: each may shrink, none may grow. */
const ALLOWED: Record<string, number> = {};

interface Shape {
  file: string;
  lines: number;
  functions: { name: string; lines: number }[];
}

function shapeOf(file: string): Shape {
  const text = readFileSync(path.join(repoRoot, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const functions: Shape['functions'] = [];
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line;
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const named = node.name ?? (ts.isVariableDeclaration(node.parent) || ts.isPropertyAssignment(node.parent) ? node.parent.name : undefined);
      functions.push({ name: named ? named.getText(source) : '(anonymous)', lines: lineOf(node.end) - lineOf(node.getStart(source)) + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { file, lines: text.split('\n').length, functions };
}

const shapes = fg
  .sync(['src/**/*.{ts,tsx}'], { cwd: repoRoot, ignore: ['**/*.d.ts'] })
  .filter((file) => !DOMAIN.test(file))
  .sort()
  .map(shapeOf);

test('no function outside the domain folders is longer than 120 lines, but the listed ones, which do not grow', () => {
  const over = shapes.flatMap((shape) =>
    shape.functions.filter((fn) => fn.lines > MAX_FUNCTION).map((fn) => ({ key: `${shape.file} ${fn.name}`, lines: fn.lines })),
  );
  const problems = over.filter(({ key, lines }) => !(key in ALLOWED) || lines > ALLOWED[key]!).map(({ key, lines }) => `${key}: ${lines} lines`);
  assert.deepEqual(problems, []);
});

test('the allowance lists only functions still over the limit, so a fixed one leaves the list', () => {
  const over = new Set(shapes.flatMap((shape) => shape.functions.filter((fn) => fn.lines > MAX_FUNCTION).map((fn) => `${shape.file} ${fn.name}`)));
  assert.deepEqual(
    Object.keys(ALLOWED).filter((key) => !over.has(key)),
    [],
  );
});

test('no file outside the domain folders is longer than 400 lines, and the orchestration files are under 300', () => {
  assert.ok(shapes.length > 50, `found ${shapes.length} files`);
  const long = shapes.filter((shape) => shape.lines > MAX_FILE).map((shape) => `${shape.file}: ${shape.lines} lines`);
  assert.deepEqual(long, []);
  for (const file of ORCHESTRATION) {
    const shape = shapes.find((found) => found.file === file);
    assert.ok(shape, `${file} is there`);
    assert.ok(shape.lines < MAX_ORCHESTRATION, `${file}: ${shape.lines} lines`);
  }
});
