/** Frontmatter: gray-matter parses the YAML, zod checks the keys docs understand. */
import matter from 'gray-matter';
import { z } from 'zod';
import { DocsiteError, codeFrame } from '../core/errors';

const headingLevel = z.number().int().min(2).max(6);

export const docFrontMatterSchema = z
  .object({
    id: z.string().regex(/^[^/]+$/, 'must not contain a slash').optional(),
    title: z.string().optional(),
    sidebar_label: z.string().optional(),
    sidebar_position: z.number().optional(),
    sidebar_class_name: z.string().optional(),
    slug: z.string().optional(),
    description: z.string().optional(),
    keywords: z.array(z.string()).optional(),
    image: z.string().optional(),
    hide_title: z.boolean().optional(),
    hide_table_of_contents: z.boolean().optional(),
    toc_min_heading_level: headingLevel.optional(),
    toc_max_heading_level: headingLevel.optional(),
    pagination_next: z.string().nullable().optional(),
    pagination_prev: z.string().nullable().optional(),
    pagination_label: z.string().optional(),
    displayed_sidebar: z.string().nullable().optional(),
    draft: z.boolean().optional(),
    unlisted: z.boolean().optional(),
    custom_edit_url: z.string().nullable().optional(),
    tags: z.array(z.union([z.string(), z.object({ label: z.string(), permalink: z.string() })])).optional(),
    wide: z.boolean().optional(),
  })
  .loose()
  .superRefine((value, ctx) => {
    if (value.draft && value.unlisted) ctx.addIssue({ code: 'custom', message: 'a page cannot be both draft and unlisted', path: ['unlisted'] });
    if (value.toc_min_heading_level && value.toc_max_heading_level && value.toc_min_heading_level > value.toc_max_heading_level) {
      ctx.addIssue({ code: 'custom', message: 'must not be greater than toc_max_heading_level', path: ['toc_min_heading_level'] });
    }
  });

export type DocFrontMatter = z.output<typeof docFrontMatterSchema>;

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
    data = matter(source, MATTER_OPTIONS).data as Record<string, unknown>;
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
    const mark = (error as { mark?: { line: number; column: number } }).mark;
    const line = mark ? mark.line + 2 : 1;
    const column = mark ? mark.column + 1 : 1;
    throw new DocsiteError({
      code: 'FRONTMATTER_SYNTAX',
      message: `The frontmatter is not valid YAML: ${(error as { reason?: string }).reason ?? (error as Error).message}.`,
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
