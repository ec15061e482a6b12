/**
 * Every `import {...} from 'lexical'` or `'@lexical/...'` in a code block under content/ must name
 * something the installed package exports, so the guides cannot drift from the pinned version.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import fg from 'fast-glob';
import { codeBlocks } from '../../scripts/lib/markdown-code';
import { createExportReader, importsIn } from '../../scripts/lib/package-imports';
import { repoRoot } from '../support/helpers';

const SCRIPT_LANGS = new Set(['js', 'jsx', 'ts', 'tsx', 'javascript', 'typescript', 'mjs', 'cjs']);
const isLexical = (module: string) => module === 'lexical' || module.startsWith('@lexical/');

interface Finding {
  where: string;
  module: string;
  names: string[];
}

function findImports(files: string[]): Finding[] {
  const found: Finding[] = [];
  for (const file of files) {
    const text = readFileSync(path.join(repoRoot, file), 'utf8');
    for (const block of codeBlocks(text)) {
      if (!SCRIPT_LANGS.has(block.lang)) continue;
      for (const use of importsIn(block.value, isLexical)) {
        // The fence is on block.line; the sample's first line is the one after it.
        found.push({ where: `${file}:${block.line + use.line}`, module: use.module, names: use.names });
      }
    }
  }
  return found;
}

function problemsIn(findings: Finding[]): string[] {
  const reader = createExportReader(repoRoot);
  const exports = reader.exportsOf(findings.map((f) => f.module));
  const problems: string[] = [];
  for (const finding of findings) {
    const names = exports.get(finding.module);
    if (!names) {
      problems.push(`${finding.where}: '${finding.module}' is not an installed module`);
      continue;
    }
    for (const name of finding.names) {
      if (!names.has(name)) problems.push(`${finding.where}: '${finding.module}' does not export ${name}`);
    }
  }
  return problems;
}

describe('code-block imports', () => {
  test('the checker flags a missing export and a missing module, and accepts real ones', () => {
    const sample = [
      'Some prose.',
      '',
      '```ts',
      "import { $getRoot, $notAnExport, type LexicalEditor } from 'lexical';",
      "import { LexicalComposer } from '@lexical/react/LexicalComposer';",
      "import { Nope } from '@lexical/react/LexicalNope';",
      "import { useState } from 'react';",
      '```',
    ].join('\n');
    const blocks = codeBlocks(sample);
    assert.equal(blocks.length, 1);
    const uses = importsIn(blocks[0]!.value, isLexical);
    assert.deepEqual(
      uses.map((u) => u.module),
      ['lexical', '@lexical/react/LexicalComposer', '@lexical/react/LexicalNope'],
    );
    const problems = problemsIn(uses.map((u) => ({ where: `sample:${blocks[0]!.line + u.line}`, module: u.module, names: u.names })));
    assert.deepEqual(problems, ["sample:4: 'lexical' does not export $notAnExport", "sample:6: '@lexical/react/LexicalNope' is not an installed module"]);
  });

  test('every lexical import in a code block under content/ names a real export of the installed packages', async () => {
    const files = await fg(['content/**/*.{md,mdx}'], { cwd: repoRoot });
    const findings = findImports(files.sort());
    // The guides import from the core and from many @lexical packages; an empty scan means the scan broke.
    assert.ok(findings.length >= 20, `only ${findings.length} lexical imports found in ${files.length} files`);
    assert.ok(new Set(findings.map((f) => f.module)).size >= 8, 'imports from at least eight lexical modules');
    const problems = problemsIn(findings);
    assert.deepEqual(problems, [], `Imports that the installed packages do not export:\n${problems.join('\n')}`);
  });
});
