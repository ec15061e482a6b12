#!/usr/bin/env node
// Prints the words of every guide page (prose and code apart, plus a `wc -w` style count of the
// body, which is how the public site's figure is counted) and the totals, and flags pages
// under the depth floor (counted as prose + code). Usage: node scripts/word-count.mjs [--check]  (--check exits 1 on thin pages)
import fg from 'fast-glob';
import matter from 'gray-matter';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FLOOR = 350;
// Pages that are short by nature: a browser table and a page that decodes one error code.
const SHORT_BY_NATURE = new Set(['getting-started/supported-browsers', 'error']);

const words = (text) => (text.match(/[\p{L}\p{N}][\p{L}\p{N}'’_.$-]*/gu) ?? []).length;

function count(file) {
  // No `---js` frontmatter: gray-matter would eval it.
  const { content } = matter(readFileSync(file, 'utf8'), { engines: { javascript: () => ({}) } });
  let prose = 0;
  let code = 0;
  const walk = (node) => {
    if (node.type === 'code') code += words(node.value);
    else if (node.type === 'text' || node.type === 'inlineCode') prose += words(node.value);
    else if (node.type === 'html') prose += words(node.value.replace(/<[^>]*>/g, ' '));
    for (const child of node.children ?? []) walk(child);
  };
  // MDX import lines are code, not prose.
  walk(fromMarkdown(content.replace(/^(import|export) .*$/gm, '')));
  return { prose, code, wc: content.split(/\s+/).filter(Boolean).length };
}

const docsDir = path.join(root, 'content', 'docs');
const files = (await fg(['**/*.{md,mdx}'], { cwd: docsDir })).sort();
const rows = files.map((file) => ({ id: file.replace(/\.mdx?$/, ''), ...count(path.join(docsDir, file)) }));
const thin = rows.filter((row) => row.prose + row.code < FLOOR && !SHORT_BY_NATURE.has(row.id));

const pad = (value, width) => String(value).padStart(width);
console.log(`${'page'.padEnd(34)}${pad('prose', 7)}${pad('code', 7)}${pad('total', 7)}${pad('wc', 7)}`);
for (const row of rows) {
  const flag = thin.includes(row) ? `  < ${FLOOR}` : '';
  console.log(`${row.id.padEnd(34)}${pad(row.prose, 7)}${pad(row.code, 7)}${pad(row.prose + row.code, 7)}${pad(row.wc, 7)}${flag}`);
}
const sum = (key) => rows.reduce((total, row) => total + row[key], 0);
console.log(
  `${`total (${rows.length} pages)`.padEnd(34)}${pad(sum('prose'), 7)}${pad(sum('code'), 7)}${pad(sum('prose') + sum('code'), 7)}${pad(sum('wc'), 7)}`,
);
if (thin.length > 0) {
  console.log(`\n${thin.length} page(s) under ${FLOOR} words: ${thin.map((row) => row.id).join(', ')}`);
  if (process.argv.includes('--check')) process.exitCode = 1;
}
