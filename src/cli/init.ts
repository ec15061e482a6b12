/**
 * `docsite init [dir]`: writes a small site that builds and serves as it is: the config, two docs, a
 * blog post, a home page and a stylesheet. It writes into an empty or new folder only, and never over
 * a file that is there.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DocsiteError } from '../core/errors';

/** The starter's files, by path in the new site. `{{title}}` is the site's title. */
const STARTER: Record<string, string> = {
  'site.config.ts': `// What the site is called, where it is published, and what its navbar and footer link to.
import { defineConfig } from 'docsite/config';

export default defineConfig({
  title: '{{title}}',
  tagline: 'Documentation built with docsite',
  // The address the site is published at: links in the sitemap, feeds and social cards start with it.
  url: 'https://example.com',
  baseUrl: '/',
  favicon: 'img/favicon.svg',
  navbar: {
    items: [
      { label: 'Docs', to: '/docs/intro', activeBasePath: '/docs/' },
      { label: 'Blog', to: '/blog' },
    ],
  },
  footer: {
    columns: [{ title: 'Docs', items: [{ label: 'Introduction', to: '/docs/intro' }, { label: 'Writing pages', to: '/docs/writing-pages' }] }],
    copyright: 'Written with docsite.',
  },
  customCss: ['content/css/custom.css'],
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  onBrokenMarkdownLinks: 'throw',
});
`,
  'content/sidebars.ts': `// The docs sidebar: its pages in the order the reader meets them.
import type { SidebarsConfig } from 'docsite/config';

const sidebars: SidebarsConfig = {
  docs: ['intro', 'writing-pages'],
};

export default sidebars;
`,
  'content/docs/intro.md': `---
title: Introduction
description: What this site is and how to work on it.
---

# Introduction

This is the first page of your documentation. Pages live in \`content/docs/\` as Markdown or MDX files,
and the sidebar in \`content/sidebars.ts\` lists them in order.

## Work on the site

Start the development server, then edit a page and watch the browser follow:

\`\`\`bash
npx docsite serve
\`\`\`

When you are ready to publish, build the site into \`build/\`:

\`\`\`bash
npx docsite build
\`\`\`

Read on in [Writing pages](./writing-pages.mdx).
`,
  'content/docs/writing-pages.mdx': `---
title: Writing pages
description: Markdown, code blocks, admonitions and components in a page.
---

# Writing pages

A page is Markdown with front matter on top. An \`.mdx\` page may also use React components.

## Code

Code blocks are coloured when the site is built, and a title names the file:

\`\`\`ts title="greet.ts"
export function greet(name: string): string {
  return \`Hello, \${name}!\`;
}
\`\`\`

## Notes

:::tip

Link to other pages by their file, as in [the introduction](./intro.md): docsite checks every link when it builds.

:::

## Components

<details>
  <summary>A section the reader opens</summary>

  Anything can go in here, Markdown included.
</details>
`,
  'content/blog/authors.yml': `team:
  name: The {{title}} team
  title: Writes these docs
`,
  'content/blog/{{date}}-welcome.md': `---
title: Welcome
description: The first post of the blog.
authors: [team]
tags: [news]
---

The blog lives in \`content/blog/\`: one Markdown file a post, its date in the file name.

<!-- truncate -->

Everything above the truncate comment shows in the list of posts; the rest only on the post's own page.
`,
  'content/pages/index.tsx': `// The home page: a title, a line about the project, and the way into the docs.
import Link from '@docusaurus/Link';

export const meta = {
  title: '{{title}}',
  description: 'Documentation built with docsite',
};

export default function HomePage() {
  return (
    <main className="starter-home">
      <h1>{{title}}</h1>
      <p>Documentation built with docsite.</p>
      <Link className="starter-home__start" to="/docs/intro">
        Read the docs
      </Link>
    </main>
  );
}
`,
  'content/css/custom.css': `/* The site's own styles, loaded after the theme's. */

.starter-home {
  max-width: 40rem;
  margin: 4rem auto;
  padding: 0 1rem;
  text-align: center;
}

.starter-home__start {
  display: inline-block;
  margin-top: 1rem;
  padding: 0.6rem 1.2rem;
  border-radius: 0.4rem;
  /* The theme's link colour, with the page's background as the text: readable in light and dark mode. */
  background: var(--color-link);
  color: var(--color-bg);
  font-weight: 600;
  text-decoration: none;
}

.starter-home__start:hover {
  background: var(--color-link-hover);
  color: var(--color-bg);
}
`,
  'content/static/img/favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1d4ed8"/><path d="M9 8h8a8 8 0 0 1 0 16H9z" fill="#fff"/></svg>
`,
  '.gitignore': `# What docsite writes: the built site and its cache (keep .docsite/ between CI runs to build faster).
build/
.docsite/
node_modules/
`,
};

export interface InitOptions {
  dir: string;
  /** Today, as YYYY-MM-DD: the first blog post's date. */
  today?: string;
}

/** Writes the starter into `dir` (made when absent); returns the files written, relative to it. */
export function initSite({ dir, today = new Date().toISOString().slice(0, 10) }: InitOptions): string[] {
  const root = path.resolve(dir);
  const title = titleOf(root);
  const files = Object.entries(STARTER).map(([file, text]) => ({
    file: file.replace('{{date}}', today),
    text: text.replaceAll('{{title}}', title),
  }));
  if (existsSync(root)) {
    const present = readdirSync(root).filter((name) => name !== '.git');
    if (present.length > 0)
      throw new DocsiteError({
        code: 'INIT_NOT_EMPTY',
        message: `${root} is not empty: it holds ${present
          .slice(0, 5)
          .map((name) => JSON.stringify(name))
          .join(', ')}${present.length > 5 ? ` and ${present.length - 5} more` : ''}. docsite init writes into an empty or new folder only.`,
      });
  }
  for (const { file, text } of files) {
    const target = path.join(root, file);
    mkdirSync(path.dirname(target), { recursive: true });
    // 'wx': a file that appeared since the check is left as it is, and the command fails.
    writeFileSync(target, text, { flag: 'wx' });
  }
  return files.map(({ file }) => file);
}

/** The folder's name as a title: `my-project` becomes `My project`. */
function titleOf(root: string): string {
  const words =
    path
      .basename(root)
      .replace(/[-_.]+/g, ' ')
      .trim() || 'My docs';
  return (words[0]!.toUpperCase() + words.slice(1)).replace(/['\\{}<>]/g, '');
}

export function runInit({ dir }: { dir: string }): void {
  const written = initSite({ dir });
  const relative = path.relative(process.cwd(), path.resolve(dir));
  const shown = relative.startsWith('..') ? path.resolve(dir) : relative || '.';
  process.stdout.write(
    `Wrote a new site into ${shown}: ${written.length} files.\n\nNext:\n${shown === '.' ? '' : `  cd ${shown}\n`}  npx docsite serve    # work on it at http://localhost:3000\n  npx docsite build    # write the site into build/\n`,
  );
}
