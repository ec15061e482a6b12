/** The frontmatter keys docs understand, as a zod schema: shared by the content loader and the config's per-package frontmatter. */
import * as z from 'zod';

const headingLevel = z.number().int().min(2).max(6);

export const docFrontMatterSchema = z
  .object({
    id: z
      .string()
      .regex(/^[^/]+$/, 'must not contain a slash')
      .optional(),
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
    /** When the page last changed and by whom, in place of what git says (a YAML date or a date string). */
    last_update: z
      .object({
        date: z
          .union([z.date().transform((date) => date.toISOString()), z.string().refine((text) => !Number.isNaN(Date.parse(text)), 'must be a date')])
          .optional(),
        author: z.string().optional(),
      })
      .strict()
      .optional(),
  })
  .loose()
  .superRefine((value, ctx) => {
    if (value.draft && value.unlisted) ctx.addIssue({ code: 'custom', message: 'a page cannot be both draft and unlisted', path: ['unlisted'] });
    if (value.toc_min_heading_level && value.toc_max_heading_level && value.toc_min_heading_level > value.toc_max_heading_level) {
      ctx.addIssue({ code: 'custom', message: 'must not be greater than toc_max_heading_level', path: ['toc_min_heading_level'] });
    }
  });

export type DocFrontMatter = z.output<typeof docFrontMatterSchema>;
