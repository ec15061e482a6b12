/** Frontmatter: gray-matter parses the YAML, the yaml package locates its errors, zod checks the keys docs understand. */
import matter from 'gray-matter';
import { LineCounter, isCollection, isScalar, parseDocument, visit } from 'yaml';
import { DocsiteError, codeFrame } from '../core/errors';

export { docFrontMatterSchema, type DocFrontMatter } from '../core/frontmatter-schema';
import { docFrontMatterSchema, type DocFrontMatter } from '../core/frontmatter-schema';

class ExecutableFrontMatter extends Error {}

/**
 * gray-matter evaluates `---js` / `---javascript` frontmatter with eval by default, so a content file
 * could run code at build time. Only data formats are read here: YAML (the default) and JSON.
 */
const MATTER_OPTIONS = {
  engines: {
    javascript: () => {
      throw new ExecutableFrontMatter();
    },
  },
};

/** Splits and validates the frontmatter of a content file; errors name the file, line and column. */
export function readFrontMatter(source: string, file: string): DocFrontMatter {
  let data: Record<string, unknown>;
  try {
    // Passing options also keeps gray-matter from caching by content string across calls.
    data = matter(frontMatterPart(source), MATTER_OPTIONS).data as Record<string, unknown>;
  } catch (error) {
    if (error instanceof ExecutableFrontMatter) {
      throw new DocsiteError({
        code: 'FRONTMATTER_LANGUAGE',
        message: 'JavaScript frontmatter (`---js`) is not supported: reading it would run the code in it during the build.',
        hint: 'Write the frontmatter as YAML between two `---` lines.',
        loc: { file, line: 1, column: 1 },
        frame: codeFrame(source, 1, 1),
      });
    }
    const { line, column, reason } = yamlErrorPosition(source) ?? jsYamlPosition(error, source);
    throw new DocsiteError({
      code: 'FRONTMATTER_SYNTAX',
      message: `The frontmatter is not valid YAML: ${reason}.`,
      hint: 'Frontmatter sits between two `---` lines at the top of the file; quote values that contain a colon.',
      loc: { file, line, column },
      frame: codeFrame(source, line, column),
    });
  }
  const result = docFrontMatterSchema.safeParse(normalizeDates(data));
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const key = String(issue.path[0] ?? '');
  const line = lineOfKey(source, key);
  throw new DocsiteError({
    code: 'FRONTMATTER_INVALID',
    message: `Frontmatter key "${issue.path.join('.')}" is invalid: ${issue.message}.`,
    hint: 'Fix the value in the frontmatter at the top of the file.',
    loc: { file, line, column: 1 },
    frame: codeFrame(source, line, 1),
  });
}

/**
 * The text up to the end of the frontmatter's closing delimiter, which is all gray-matter reads for
 * the data: it ends the block at the first `\n---` after the opening one (a `\n---` cannot sit on the
 * opening line), so the rest of the page is only copied and sliced. Without one, the whole text.
 */
function frontMatterPart(source: string): string {
  const close = source.indexOf('\n---');
  return close < 0 ? source : source.slice(0, close + 4);
}

interface YamlErrorPosition {
  /** 1-based, in the whole file. */
  line: number;
  column: number;
  reason: string;
}

/** The YAML between the `---` lines; it starts on line 2 of the file. */
function frontMatterYaml(source: string): string | undefined {
  const lines = source.split('\n');
  if (!/^---\s*$/.test(lines[0] ?? '')) return undefined;
  const end = lines.findIndex((line, i) => i > 0 && /^(---|\.\.\.)\s*$/.test(line));
  return lines.slice(1, end < 0 ? undefined : end).join('\n');
}

/**
 * Where the frontmatter goes wrong, from the yaml package. gray-matter's parser (js-yaml) notices an
 * unclosed `[`, `{` or quote only where the next line starts; yaml does too, but its document knows
 * where the unclosed collection or string began, and that is the line the author has to fix.
 */
function yamlErrorPosition(source: string): YamlErrorPosition | undefined {
  const yaml = frontMatterYaml(source);
  if (yaml === undefined) return undefined;
  const lineCounter = new LineCounter();
  const doc = parseDocument(yaml, { lineCounter, prettyErrors: false });
  const error = doc.errors[0];
  if (!error) return undefined;
  let offset = error.pos[0];
  visit(doc, (_key, node) => {
    const open = (isCollection(node) && node.flow) || (isScalar(node) && (node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE'));
    if (open && node.range && node.range[0] < offset && (node.range[1] === error.pos[0] || node.range[2] === error.pos[0])) offset = node.range[0];
  });
  const { line, col } = lineCounter.linePos(offset);
  return { line: line + 1, column: col, reason: error.message.replace(/\.$/, '') };
}

/** Characters js-yaml refuses (and yaml accepts): control characters other than tab and line breaks. */
const NON_PRINTABLE = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ufffe\uffff]/;

/** Where js-yaml stopped, for the few inputs the yaml package accepts. */
function jsYamlPosition(error: unknown, source: string): YamlErrorPosition {
  const reason = (error as { reason?: string }).reason ?? (error as Error).message;
  const yaml = frontMatterYaml(source) ?? '';
  const control = NON_PRINTABLE.exec(yaml);
  if (control && reason.includes('non-printable')) {
    const before = yaml.slice(0, control.index).split('\n');
    const code = control[0].charCodeAt(0).toString(16).padStart(2, '0');
    return { line: before.length + 1, column: before.at(-1)!.length + 1, reason: `it holds the control character \\x${code}, which YAML does not allow` };
  }
  const mark = (error as { mark?: { line: number; column: number } }).mark;
  return { line: mark ? mark.line + 2 : 1, column: mark ? mark.column + 1 : 1, reason };
}

/** YAML turns `date: 2024-01-01` into a Date; docs keep such values as ISO strings. */
function normalizeDates(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) out[key] = value instanceof Date ? value.toISOString() : value;
  return out;
}

/** The 1-based line of a top-level frontmatter key (1 when absent). */
export function lineOfKey(source: string, key: string): number {
  const lines = source.split('\n');
  const index = key ? lines.findIndex((line, i) => i > 0 && line.startsWith(`${key}:`)) : -1;
  return index >= 0 ? index + 1 : 1;
}
